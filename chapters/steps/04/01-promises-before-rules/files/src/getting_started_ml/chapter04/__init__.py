"""第 4 章: リポジトリの衛生を確かめる道具（追跡しているファイル、無視の規則、種と分け方）。

機械学習のコードではなく、ほかの章の数値を守るための検査に使う。git が要る関数は、
git が無いか作業ツリーの外なら NotAGitCheckoutError を送出する。
"""

from getting_started_ml.chapter04.repository import ignoring_rules

__all__ = ["ignoring_rules"]
