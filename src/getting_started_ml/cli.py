"""章のコマンド（python -m getting_started_ml.chapterNN）の共通の入口。"""

from __future__ import annotations

import sys
from collections.abc import Callable

from getting_started_ml.dataset import DataError


def run_chapter(main: Callable[[], None]) -> int:
    """章の main を動かす。データの問題はトレースバックではなく 1 行の説明にして 1 を返す。"""
    try:
        main()
    except DataError as error:
        print(f"エラー: {error}", file=sys.stderr)
        return 1
    return 0
