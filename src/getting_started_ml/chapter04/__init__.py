"""第 4 章: リポジトリの衛生を確かめる道具（追跡しているファイル、無視の規則、種と分け方）。

機械学習のコードではなく、ほかの章の数値を守るための検査に使う。git が要る関数は、
git が無いか作業ツリーの外なら NotAGitCheckoutError を送出する。
"""

from getting_started_ml.chapter04.experiment import (
    IGNORE_EXAMPLES,
    report_data_copies,
    report_ignore_rules,
    report_seeds,
)
from getting_started_ml.chapter04.repository import (
    NotAGitCheckoutError,
    copies_of_data,
    ignoring_rules,
    run_git,
    tracked_files,
)
from getting_started_ml.chapter04.seeds import Split, held_out_rows, seed_decides_split

__all__ = [
    "IGNORE_EXAMPLES",
    "NotAGitCheckoutError",
    "Split",
    "copies_of_data",
    "held_out_rows",
    "ignoring_rules",
    "report_data_copies",
    "report_ignore_rules",
    "report_seeds",
    "run_git",
    "seed_decides_split",
    "tracked_files",
]
