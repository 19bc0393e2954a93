"""本のコードの並びの決まり: 共通のモジュールは章を読み込まず、章は自分より後の章を読み込まない。"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from getting_started_ml.workbook import BOOK_ROOT

PACKAGE_DIR = BOOK_ROOT / "src" / "getting_started_ml"
CHAPTER = re.compile(r"chapter(\d\d)")
APPENDIX = re.compile(r"^appendix_([a-z])")


def order_of(module: str) -> int:
    """モジュール名（getting_started_ml の下）の章の順。共通のモジュールは 0、付録は 100 から。"""
    top = module.split(".", 1)[0]
    if match := CHAPTER.search(top):
        return int(match.group(1))
    if match := APPENDIX.match(top):
        return 100 + ord(match.group(1)) - ord("a")
    return 0


def module_name(path: Path) -> str:
    """src/getting_started_ml/chapter11/figures.py → chapter11.figures。"""
    parts = path.relative_to(PACKAGE_DIR).with_suffix("").parts
    return ".".join(part for part in parts if part != "__init__")


def imported_modules(path: Path) -> set[str]:
    """ファイルが読み込む getting_started_ml の下のモジュール（関数の中の import も数える）。"""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            if node.module == "getting_started_ml":
                names = [f"getting_started_ml.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found |= {
            name.removeprefix("getting_started_ml.")
            for name in names
            if name.startswith("getting_started_ml.")
        }
    return found


def backward_edges() -> list[str]:
    """共通のモジュールから章へ、章から後の章へ向かう import。"""
    edges = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        importer = module_name(path)
        for imported in sorted(imported_modules(path)):
            if order_of(imported) > order_of(importer):
                edges.append(f"{importer} → {imported}")
    return edges


def test_共通のモジュールは章を読み込まず章は後の章を読み込まない() -> None:
    assert backward_edges() == []


def test_後の章を読み込むと見つかる(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from getting_started_ml.chapter11.figures import leaf_path\n"
        "def f():\n    from getting_started_ml import chapter12\n",
        encoding="utf-8",
    )

    assert imported_modules(bad) == {"chapter11.figures", "chapter12"}
    assert order_of("chapter11.figures") == 11
    assert order_of("appendix_b.ranking") > order_of("chapter15")
    assert order_of("figure_svg") == 0
    assert order_of("figures_chapter07") == 7
