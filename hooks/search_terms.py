"""MkDocs のフック: 検索で、読者の打つ言葉の 1 位にその言葉を教えるページが出るようにする。

Material の検索（lunr）は、ページの tags（重み 1,000,000）を題（1,000）や本文（1）より
ずっと重く見る。そこで、ページごとに次の言葉を検索用の tags にする（tags プラグインは使わないので、
ページには出ない。検索結果の中の tags は docs/assets/book.css が隠す）。

- 章の番号（「第 7 章」「付録 C」）と題
- 用語集（docs/glossary.md）の用語のうち、「主に扱う章」がそのページのもの。2 度数えて、ほかの章の
  題に同じ言葉があっても（「特徴量」と第 9 章の「特徴量エンジニアリング」）主に扱う章を上にする
- hooks/search_terms.toml に書いた、読者が打ちそうな言葉（本文と違う名前を含む）

検索の結果の抜き書きに TeX（\\(G(t)\\) など）がそのまま出ないよう、索引の本文の数式を読める
文字に直す。

Material の検索の Worker（組み立て済みの JavaScript）の 2 か所を、サイトに写したものの上で直す
（パッケージは変えない。直す箇所が見つからなければ組み立てを止める）。

- 漢字の並びを索引の語で区切る関数は、並び全体を候補にしない（ループの終わりが 1 つ手前）。そのため
  「決定係数」は「決定」に、「再現率」は「再現」に縮み、前方一致で「決定木」や「再現性」にも当たる。
  並び全体も候補にする。
- 数だけの語や 1 文字の語にも前方一致（`1*`）を付けるので、「第 1 章」の「1」が 10〜15 章に、
  「付録 C」の「C」が CI に当たる。数だけの語と 1 文字の語は、そのものに当てる。
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.plugins import event_priority

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

HOOKS = Path(__file__).resolve().parent
READER_WORDS = HOOKS / "search_terms.toml"
GLOSSARY_ROW = re.compile(r"^\| ([^|]+?) \|[^|]*\| \[[^\]]*\]\(([^)]+\.md)\) \|", re.MULTILINE)
CHAPTER_LABEL = re.compile(r"^(第 \d+ 章|付録 [A-Z]) ")

TEX_SYMBOLS = {
    "sum": "Σ", "times": "×", "cdot": "·", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥",
    "neq": "≠", "approx": "≈", "pm": "±", "dots": "…", "ldots": "…", "cdots": "…",
    "cap": "∩", "cup": "∪", "partial": "∂", "infty": "∞", "in": "∈", "to": "→",
    "lvert": "|", "rvert": "|", "lVert": "‖", "rVert": "‖", "mid": "|",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "theta": "θ", "vartheta": "θ",
    "lambda": "λ", "mu": "μ", "rho": "ρ", "sigma": "σ", "pi": "π", "varepsilon": "ε",
}  # fmt: skip
"""記号の命令と、抜き書きで代わりに見せる文字。"""
TEX_ACCENTS = {"hat": "\u0302", "bar": "\u0304", "tilde": "\u0303"}
"""文字の上に付ける記号（結合文字）。"""
TEX_SILENT = {
    "left", "right", "bigl", "bigr", "Bigl", "Bigr", "quad", "qquad", "begin", "end",
    "mathrm", "text", "operatorname", "mathbf", "boldsymbol", "displaystyle",
}  # fmt: skip
"""消す命令（引数は残す）。"""
TEX_FRACTION = re.compile(r"\\[dt]?frac\s*")
TEX_COMMAND = re.compile(r"\\([a-zA-Z]+)|\\[,;:! ]|\\\\")
TEX_MATH = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)
CASES = re.compile(r"\{cases\}")


def tex_group(text: str, start: int) -> tuple[str, int]:
    """text[start] から始まる {…}（入れ子も可）か 1 文字の中身と、その次の位置。"""
    if start >= len(text) or text[start] != "{":
        return text[start : start + 1], start + 1
    depth = 0
    for index in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[index], 0)
        if depth == 0:
            return text[start + 1 : index], index + 1
    return text[start + 1 :], len(text)


def plain_fractions(tex: str) -> str:
    """\\frac{a}{b} を (a)/(b) にする（1 文字ならかっこを付けない）。"""
    while match := TEX_FRACTION.search(tex):
        numerator, after = tex_group(tex, match.end())
        denominator, after = tex_group(tex, after)
        parts = [plain_fractions(part) for part in (numerator, denominator)]
        shown = [part if len(part) <= 1 else f"({part})" for part in parts]
        tex = f"{tex[: match.start()]}{shown[0]}/{shown[1]}{tex[after:]}"
    return tex


def plain_command(match: re.Match[str]) -> str:
    """記号の命令は文字に、飾りの命令は消し、知らない命令は名前だけ残す。"""
    name = match.group(1)
    if name is None:  # \\, \; \\\\ などの空白と改行
        return " "
    if name in TEX_SILENT:
        return ""
    return TEX_SYMBOLS.get(name, name)


def plain_tex(tex: str) -> str:
    """TeX の式 1 つを、抜き書きで読める文字にする（\\hat{y}_i → ŷ_i、\\frac{1}{n} → 1/n）。"""
    tex = CASES.sub("", plain_fractions(tex))
    for name, mark in TEX_ACCENTS.items():
        tex = re.sub(rf"\\{name}\s*\{{([^{{}}])\}}", rf"\1{mark}", tex)
    tex = TEX_COMMAND.sub(plain_command, tex)
    tex = tex.replace("{", "").replace("}", "").replace("&amp;", " ")
    return re.sub(r"\s+", " ", tex).strip()


def readable_tex(text: str) -> str:
    """索引の本文の数式（\\( … \\) と \\[ … \\]）を、抜き書きで読める文字にする。"""
    return TEX_MATH.sub(lambda m: plain_tex(m.group(1) or m.group(2)), text)


WORKER_PATCHES = (
    # 漢字の並びの区切り: t.slice(s, o) の o が t.length に届くようにする
    (
        "for(let o=s+1;o<t.length;o++)t.slice(s,o)in e",
        "for(let o=s+1;o<=t.length;o++)t.slice(s,o)in e",
    ),
    # 数だけの語（1、13、0.78）と 1 文字の語（付録 C の C）には前方一致の * を付けない
    (
        ".map(r=>/(^[+-]|[~^]\\d+$)/.test(r)?r:`${r}*`)",
        ".map(r=>/(^[+-]|[~^]\\d+$|^[\\d.]+$|^.$)/.test(r)?r:`${r}*`)",
    ),
)  # fmt: skip
"""Material の検索の Worker の、(直す前, 直した後)。"""


def patched_worker(script: str, name: str) -> str:
    """Worker のスクリプトに WORKER_PATCHES を当てる。どれかが 1 か所に見つからなければ止める。"""
    for before, after in WORKER_PATCHES:
        if script.count(before) != 1:
            raise ValueError(
                f"{name} に直す箇所が 1 つではありません（{script.count(before)} か所）: {before}。"
                "Material の版が変わったら、hooks/search_terms.py の WORKER_PATCHES を見直す"
            )
        script = script.replace(before, after)
    return script


def glossary_pages(glossary: str) -> dict[str, list[str]]:
    """用語集の表の「用語 | 使わない表記 | [第 N 章](ページ) |」から、ページごとの用語。"""
    found: dict[str, list[str]] = {}
    for term, page in GLOSSARY_ROW.findall(glossary):
        found.setdefault(page, []).append(term)
    return found


def reader_words(text: str) -> dict[str, list[str]]:
    """search_terms.toml の、ページごとの読者の言葉。"""
    table = tomllib.loads(text)
    for page, words in table.items():
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise TypeError(f"{READER_WORDS.name}: {page} の値は文字列のリストにしてください")
    return table


def title_words(title: str) -> list[str]:
    """「第 7 章 線形回帰による数値予測」なら「第 7 章」と題。番号の無い題はそのまま。"""
    label = CHAPTER_LABEL.match(title)
    if label is None:
        return [title]
    return [label.group(1), title[label.end() :]]


def page_words(title: str | None, glossary: list[str], reader: list[str]) -> list[str]:
    """1 つのページの検索用の言葉。用語集の用語は 2 度入れ（重みが倍近くになる）、ほかは 1 度。"""
    named = dict.fromkeys(glossary)
    others = dict.fromkeys([*(title_words(title) if title else []), *reader])
    once = [word for word in others if word not in named]
    return [*once, *named, *named]


WORDS: dict[str, dict[str, list[str]]] = {}
"""組み立ての初めに 1 度だけ読む、ページごとの言葉（"glossary" と "reader"）。"""


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """用語集と読者の言葉を読む。"""
    glossary = Path(config.docs_dir) / "glossary.md"
    WORDS["glossary"] = glossary_pages(glossary.read_text(encoding="utf-8"))
    WORDS["reader"] = reader_words(READER_WORDS.read_text(encoding="utf-8"))
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """読者の言葉を書いたページが、サイトに本当にあるか確かめる（打ち間違いを見逃さない）。"""
    missing = sorted(set(WORDS["reader"]) - {file.src_uri for file in files.documentation_pages()})
    if missing:
        raise ValueError(f"{READER_WORDS.name} のページがサイトにありません: {missing}")
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """ページの検索用の tags を決める（本文の Markdown は変えない）。"""
    uri = page.file.src_uri
    words = page_words(page.title, WORDS["glossary"].get(uri, []), WORDS["reader"].get(uri, []))
    page.meta["tags"] = [*page.meta.get("tags", []), *words]
    return markdown


@event_priority(-50)  # 検索の索引を書いた後、offline プラグインが JavaScript に写す（-100）前
def on_post_build(config: MkDocsConfig) -> None:
    """検索の索引の本文から TeX を除く。"""
    index_path = Path(config.site_dir) / "search" / "search_index.json"
    index = json.loads(index_path.read_text(encoding="utf-8"))
    for doc in index["docs"]:
        doc["text"] = readable_tex(doc["text"])
    index_path.write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")
    workers = sorted(
        (Path(config.site_dir) / "assets" / "javascripts" / "workers").glob("search.*.js")
    )
    if not workers:
        raise FileNotFoundError(
            "Material の検索の Worker（assets/javascripts/workers/search.*.js）がありません"
        )
    for worker in workers:
        worker.write_text(patched_worker(worker.read_text("utf-8"), worker.name), encoding="utf-8")
