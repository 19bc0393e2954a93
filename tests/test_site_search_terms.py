"""検索の順位を決めるフック（hooks/search_terms.py）の部品を、ブラウザを使わずに確かめる。

ブラウザで本物の検索欄に打って 1 位を確かめるのは tests/test_site_browser.py。
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from support.site import PROJECT_ROOT

pytest.importorskip("mkdocs", reason="MkDocs がありません（pip install -e '.[docs]'）")


def load_hook() -> ModuleType:
    """hooks/search_terms.py を読み込む（パッケージではないので場所から読む）。"""
    spec = importlib.util.spec_from_file_location(
        "search_terms", PROJECT_ROOT / "hooks" / "search_terms.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hook = load_hook()


def test_用語集の表から主に扱う章ごとの用語を読む() -> None:
    glossary = (
        "| 用語 | 使わない表記 | 主に扱う章 | 意味 |\n|---|---|---|---|\n"
        "| 決定木 | — | [第 3 章](chapters/03-tree.md) | 木 |\n"
        "| 過学習 | 過剰適合 | [第 3 章](chapters/03-tree.md) | 合わせすぎ |\n"
        "| 決定係数 | — | [第 7 章](chapters/07-linear.md) | R² |\n"
    )

    assert hook.glossary_pages(glossary) == {
        "chapters/03-tree.md": ["決定木", "過学習"],
        "chapters/07-linear.md": ["決定係数"],
    }


def test_本物の用語集のどの用語にもページがある() -> None:
    pages = hook.glossary_pages((PROJECT_ROOT / "docs" / "glossary.md").read_text("utf-8"))

    assert sum(len(words) for words in pages.values()) >= 30
    assert all((PROJECT_ROOT / "docs" / page).is_file() for page in pages)


def test_読者の言葉のファイルのページはすべてある() -> None:
    words = hook.reader_words(hook.READER_WORDS.read_text(encoding="utf-8"))

    assert words["chapters/02-data-preprocessing-and-triangulation.md"][0] == "ホールドアウト"
    assert all((PROJECT_ROOT / "docs" / page).is_file() for page in words)


def test_読者の言葉が文字列のリストでなければ止まる() -> None:
    with pytest.raises(TypeError, match=r"chapters/01\.md の値は文字列のリスト"):
        hook.reader_words('"chapters/01.md" = "pytest"')


def test_章の番号と題を分けて言葉にする() -> None:
    assert hook.title_words("第 7 章 線形回帰による数値予測") == [
        "第 7 章",
        "線形回帰による数値予測",
    ]
    assert hook.title_words("付録 C 良くなったと言う前に") == ["付録 C", "良くなったと言う前に"]
    assert hook.title_words("用語集") == ["用語集"]


def test_用語集の用語は_2_度入れほかは_1_度() -> None:
    words = hook.page_words(
        "第 3 章 決定木と明白な実装", ["決定木", "過学習"], ["決定木", "分類木"]
    )

    assert words == [
        "第 3 章",
        "決定木と明白な実装",
        "分類木",
        "決定木",
        "過学習",
        "決定木",
        "過学習",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (r"予測 \( \hat{y}_i \) と正解", "予測 y\u0302_i と正解"),  # 結合文字の ^
        (r"\[ I = \frac{|L| \cdot G(L) + |R| \cdot G(R)}{n} \]", "I = (|L| · G(L) + |R| · G(R))/n"),
        (r"\( p = \dfrac{tp}{tp + fp} \)", "p = (tp)/(tp + fp)"),
        (r"\[ \frac{1}{2n} \sum_{i=1}^{n} \Bigl(t_i\Bigr)^2 \]", "1/(2n) Σ_i=1^n (t_i)^2"),
        (r"\(\operatorname{sign}(\vartheta)\)", "sign(θ)"),
        (r"\( 14 / 19 \) です", "14 / 19 です"),
        ("数式の無い文", "数式の無い文"),
    ],
)  # fmt: skip
def test_索引の本文の_TeX_を読める文字にする(text: str, expected: str) -> None:
    assert hook.readable_tex(text) == expected


def material_worker() -> Path:
    """インストールした Material の検索の Worker。"""
    material = importlib.util.find_spec("material")
    assert material is not None
    assert material.origin is not None
    workers = Path(material.origin).parent / "templates" / "assets" / "javascripts" / "workers"
    found = sorted(workers.glob("search.*.min.js"))
    assert len(found) == 1, found
    return found[0]


def test_Material_の_Worker_の直す箇所はそれぞれ_1_か所にある() -> None:
    script = material_worker().read_text(encoding="utf-8")

    patched = hook.patched_worker(script, "search.js")

    for before, after in hook.WORKER_PATCHES:
        assert script.count(before) == 1
        assert patched.count(after) == 1
    assert len(patched) - len(script) == sum(
        len(after) - len(before) for before, after in hook.WORKER_PATCHES
    )


def test_直す箇所が見つからなければ版を見直すよう言って止まる() -> None:
    with pytest.raises(ValueError, match=r"search\.js に直す箇所が 1 つではありません（0 か所）"):
        hook.patched_worker("function(){}", "search.js")
