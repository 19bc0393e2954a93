"""第 15 章: 層と依存の向き（15.3 節の表）。どのモジュールも、表が許す層だけを読み込む。"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import getting_started_ml.chapter15

PACKAGE_DIR = Path(getting_started_ml.chapter15.__file__).parent

ALLOWED: dict[str, set[str]] = {
    "domain": set(),
    "application": {"chapter15.domain"},
    "infrastructure": {"chapter15.domain", "chapter02", "chapter03", "chapter07", "chapter08"},
    "validation": {"chapter15.domain"},
    "presentation": {"chapter15.domain", "chapter15.application", "chapter15.validation"},
    "server": {"chapter15.domain"},
}
"""層のモジュール → 読み込んでよい getting_started_ml の下のモジュール（15.3 節の表）。

experiment.py は層をつなぐ場所なので、すべてを読み込んでよい（ここには載せない）。
"""


def book_imports(module: str) -> set[str]:
    """モジュールが読み込む getting_started_ml の下のモジュール（頭の名前は除く）。"""
    tree = ast.parse((PACKAGE_DIR / f"{module}.py").read_text(encoding="utf-8"))
    return {
        node.module.removeprefix("getting_started_ml.")
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module is not None
        and node.module.startswith("getting_started_ml.")
    }


def test_表の層はパッケージのモジュールをすべて数える() -> None:
    modules = {path.stem for path in PACKAGE_DIR.glob("*.py")}
    assert modules - set(ALLOWED) == {"__init__", "__main__", "experiment", "idiomatic"}


@pytest.mark.parametrize("module", sorted(ALLOWED))
def test_層は表が許すものだけを読み込む(module: str) -> None:
    assert book_imports(module) <= ALLOWED[module]


def test_ドメインは何も読み込まない() -> None:
    assert book_imports("domain") == set()


def test_層をつなぐのはexperimentだけ() -> None:
    layers = {"chapter15.application", "chapter15.infrastructure", "chapter15.presentation"}
    assert layers <= book_imports("experiment")
    assert [module for module in ALLOWED if layers <= book_imports(module)] == []
