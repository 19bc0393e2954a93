# --8<-- [start:header]
"""第 4 章: 本文が約束する .gitignore の規則が、本当に効いていること。"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from getting_started_ml.chapter04 import ignoring_rules

GITIGNORE = Path(__file__).resolve().parents[1] / ".gitignore"

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git のコマンドがありません")
# --8<-- [end:header]


# --8<-- [start:promises]
NEVER_COMMITTED = {
    "data/sukkiri-ml-codes.zip": "/data/*",
    "data/iris.csv": "*.csv",
    "data/bike.tsv": "*.tsv",
    "notebooks/iris.csv": "*.csv",
    "work/bike.tsv": "*.tsv",
    ".venv/bin/python": ".venv/",
    ".nox/test/bin/python": ".nox/",
    "src/getting_started_ml/__pycache__/chapter02.cpython-311.pyc": "__pycache__/",
    ".pytest_cache/README.md": ".pytest_cache/",
    ".mypy_cache/3.11/cache.db": ".mypy_cache/",
    ".coverage": ".coverage",
    "htmlcov/index.html": "htmlcov/",
    "site/index.html": "/site/",
    "models/tree.joblib": "/models/",
    "experiments/model.pkl": "*.pkl",
    "notebooks/.ipynb_checkpoints/chapter03-checkpoint.ipynb": ".ipynb_checkpoints/",
    ".env": ".env",
}
ALWAYS_COMMITTED = [
    "data/README.md",
    "src/getting_started_ml/chapter02/table.py",
    "chapters/outputs/chapter02.txt",
    "requirements.lock",
    ".gitmessage",
    ".github/workflows/ci.yml",
]


@pytest.fixture(scope="module")
def rules() -> dict[str, str | None]:
    """表のすべてのパスについて、git に 1 度に尋ねた答え。"""
    return ignoring_rules(GITIGNORE, [*NEVER_COMMITTED, *ALWAYS_COMMITTED])


@pytest.mark.parametrize(("path", "rule"), NEVER_COMMITTED.items())
def test_コミットしないものは無視の規則に当たる(
    rules: dict[str, str | None], path: str, rule: str
) -> None:
    assert rules[path] == rule


@pytest.mark.parametrize("path", ALWAYS_COMMITTED)
def test_コミットするものは無視されない(rules: dict[str, str | None], path: str) -> None:
    assert rules[path] is None


# --8<-- [end:promises]


# --8<-- [start:checks-of-the-check]
def test_規則の無い_gitignore_では何も無視されない(tmp_path: Path) -> None:
    empty = tmp_path / "empty.gitignore"
    empty.write_text("# 規則なし\n", encoding="utf-8")
    assert ignoring_rules(empty, ["data/iris.csv", ".venv/bin/python"]) == {
        "data/iris.csv": None,
        ".venv/bin/python": None,
    }


def test_無視したフォルダの中のファイルには後に書いた規則ではなくフォルダの規則が答える(
    tmp_path: Path,
) -> None:
    gitignore = tmp_path / "models.gitignore"
    gitignore.write_text("/models/\n*.joblib\n", encoding="utf-8")
    rules = ignoring_rules(gitignore, ["models/tree.joblib", "experiments/tree.joblib"])
    # *.joblib は /models/ より後に書いてあるが、git は無視したフォルダの中を見ない
    assert rules == {"models/tree.joblib": "/models/", "experiments/tree.joblib": "*.joblib"}


# --8<-- [end:checks-of-the-check]
