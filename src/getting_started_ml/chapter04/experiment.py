# --8<-- [start:header]
"""第 4 章の実験: このリポジトリに第 4 章の検査（データの写し、無視の規則、種）を当てる。"""

from __future__ import annotations

from pathlib import Path

from getting_started_ml.chapter04.repository import (
    NotAGitCheckoutError,
    copies_of_data,
    ignoring_rules,
    tracked_files,
)
from getting_started_ml.chapter04.seeds import held_out_rows, seed_decides_split
from getting_started_ml.dataset import DATA_FILES, PROJECT_ROOT, is_checkout

# --8<-- [end:header]


# --8<-- [start:main]
IGNORE_EXAMPLES = (
    "data/sukkiri-ml-codes.zip",
    "data/iris.csv",
    "models/tree.joblib",
    "experiments/tree.joblib",
    ".env",
    "src/getting_started_ml/chapter04/repository.py",
)


def report_data_copies(root: Path) -> bool:
    """追跡しているファイルにデータの写しが無いかを表示し、無ければ真を返す。"""
    try:
        tracked = tracked_files(root)
    except NotAGitCheckoutError as error:
        print(f"追跡しているファイル: 確かめられません（{error}）")
        return True
    copies = copies_of_data(root, tracked, {file.sha256 for file in DATA_FILES.values()})
    found = ", ".join(copies) or "なし"
    print(f"追跡しているファイルのうち、書籍のデータと同じ中身のもの: {found}")
    return not copies


def report_ignore_rules(gitignore: Path) -> None:
    """例のパスごとに、それを無視する .gitignore の規則を表示する。"""
    try:
        rules = ignoring_rules(gitignore, IGNORE_EXAMPLES)
    except NotAGitCheckoutError as error:
        print(f".gitignore の規則: 確かめられません（{error}）")
        return
    print("git check-ignore が答える規則:")
    for path, rule in rules.items():
        print(f"  {path}: {rule or '無視されない'}")


def report_seeds() -> bool:
    """種 0 と種 1 で 20 行から選ばれるテストデータの行を表示し、種で分け方が決まれば真を返す。"""
    rows = list(range(20))
    for seed in (0, 1):
        chosen = ", ".join(str(row) for row in held_out_rows(rows, seed))
        print(f"種 {seed} で 0〜19 の 20 行からテストデータになる行: {chosen}")
    decided = seed_decides_split(held_out_rows, rows, seed=0, other_seed=1)
    print(f"同じ種なら同じ、違う種なら違う分け方になる: {'はい' if decided else 'いいえ'}")
    return decided


def main() -> int:
    """このリポジトリに第 4 章の検査を当てて結果を表示する。問題があれば 1 を返す。"""
    if not is_checkout(PROJECT_ROOT):
        print("リポジトリの外から動かしているので、追跡しているファイルと .gitignore は見ません")
        return 0 if report_seeds() else 1
    clean = report_data_copies(PROJECT_ROOT)
    report_ignore_rules(PROJECT_ROOT / ".gitignore")
    decided = report_seeds()
    return 0 if clean and decided else 1


# --8<-- [end:main]
