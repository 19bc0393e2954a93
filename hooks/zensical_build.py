"""本のサイトを Zensical でも組み立てる（nox -s zensical が動かす。MkDocs のフックではない）。

Zensical（Material for MkDocs の作者たちによる後継）は mkdocs.yml をそのまま読むが、MkDocs の
フック（mkdocs.yml の hooks:）は動かさない。そこで zensical build の出力に、フックと同じ直しを
後から当てる。
直し方はフックの関数をそのまま使う（同じことを 2 か所に書かない）。

- 本文の日本語どうしの間の空白を除き（cjk_spacing.py）、図を図だけを開くリンクで包む（figures.py）
- 数式のあるページにだけ MathJax を足し、MathJax をサイトに写す（mathjax_assets.py）
- 検索の索引の本文の TeX を読める文字にする（search_terms.py の readable_tex）

検索の順位を決める tags（search_terms.py）は足さない。Zensical の検索は tags で順位を変えず、
検索欄の横に絞り込みのボタンとして並べるため。

Zensical は site_dir を mkdocs.yml のあるフォルダの中にしか置けないので、mkdocs.yml を受け継ぐ
一時の設定ファイルで build/ の下に組み立て、直してから OUT_DIR に移す。

使い方: python hooks/zensical_build.py OUT_DIR
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from cjk_spacing import join_cjk
from figures import linked_figures
from mathjax_assets import SITE_FOLDER, has_math, mathjax_files, mathjax_root, with_mathjax
from search_terms import readable_tex

ROOT = Path(__file__).resolve().parents[1]
ARTICLE = re.compile(
    r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.DOTALL
)
INDEX_SCRIPT = "var __index = "
"""offline プラグインの形の索引（search.js）の書き出し。続きは索引の JSON と「;」。"""


def zensical() -> str:
    """この Python と同じ仮想環境にある zensical のコマンド。"""
    return str(Path(sys.executable).with_name("zensical"))


def fixed_page(page: str, page_url: str) -> str:
    """組み上がったページの本文に、MkDocs のフックと同じ直しを当てる。

    page_url はサイトの根からのページのパス（chapters/03-….html）。本文（<article>）の無いページは
    そのまま返す。
    """
    match = ARTICLE.search(page)
    if match is None:
        return page
    body = linked_figures(join_cjk(match.group(2)))
    page = page[: match.start(2)] + body + page[match.end(2) :]
    return with_mathjax(page, page_url) if has_math(body) else page


def readable_index(index: dict[str, object]) -> dict[str, object]:
    """Zensical の検索の索引（items の text）から TeX を除く。"""
    items = index.get("items")
    if not isinstance(items, list):
        raise ValueError("Zensical の検索の索引に items のリストがありません")
    for item in items:
        item["text"] = readable_tex(item["text"])
    return index


def fix_search_index(site: Path) -> None:
    """search.json と、ディスクから開くときの search.js の両方の本文から TeX を除く。"""
    index_json = site / "search.json"
    index = readable_index(json.loads(index_json.read_text(encoding="utf-8")))
    text = json.dumps(index, ensure_ascii=False)
    index_json.write_text(text, encoding="utf-8")
    index_script = site / "search.js"
    if index_script.is_file():
        if not index_script.read_text(encoding="utf-8").startswith(INDEX_SCRIPT):
            raise ValueError(f"{index_script} が「{INDEX_SCRIPT}」で始まりません")
        index_script.write_text(f"{INDEX_SCRIPT}{text};", encoding="utf-8")


def copy_mathjax(site: Path) -> None:
    """MathJax（docs の依存のパッケージが同梱する版）を、サイトの assets/mathjax/ に写す。"""
    root = mathjax_root()
    for relative in mathjax_files(root):
        target = site / SITE_FOLDER / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / relative, target)


def fix_site(site: Path) -> None:
    """Zensical で組み立てたサイトに、フックと同じ直しを当てる。"""
    for path in sorted(site.rglob("*.html")):
        page_url = path.relative_to(site).as_posix()
        if page_url.startswith("assets/"):
            continue
        page = path.read_text(encoding="utf-8")
        fixed = fixed_page(page, page_url)
        if fixed != page:
            path.write_text(fixed, encoding="utf-8")
    copy_mathjax(site)
    fix_search_index(site)


def build(out_dir: Path) -> None:
    """zensical build --strict で組み立て、直して out_dir（無いか空のフォルダ）に写す。"""
    if out_dir.exists() and any(out_dir.iterdir()):
        raise FileExistsError(f"組み立てる先のフォルダ {out_dir} が空ではありません")
    scratch_root = ROOT / "build"
    scratch_root.mkdir(exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="zensical-", dir=scratch_root))
    config = ROOT / f".zensical-{scratch.name}.yml"
    config.write_text(
        f"INHERIT: mkdocs.yml\nsite_dir: {scratch.relative_to(ROOT).as_posix()}\n",
        encoding="utf-8",
    )
    try:
        subprocess.run(
            [zensical(), "build", "--strict", "--config-file", str(config)],
            cwd=ROOT,
            check=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        fix_site(scratch)
        shutil.copytree(scratch, out_dir, dirs_exist_ok=True)
    finally:
        config.unlink(missing_ok=True)
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:  # コマンドの名前と OUT_DIR
        sys.exit("使い方: python hooks/zensical_build.py OUT_DIR")
    build(Path(sys.argv[1]).resolve())
