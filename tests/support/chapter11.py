"""第 11 章のテストが使う実データの準備（session ごとに 1 回）。data マーカーと一緒に使う。

conftest.py が tests/support/ のファイルをプラグインとして読み込む。章のモジュールは
フィクスチャの中で読み込むので、第 11 章のコードがまだ無い練習用フォルダでも、このファイルは
読み込める。
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from getting_started_ml.chapter11 import LabeledData


@pytest.fixture(scope="session")
def survived() -> LabeledData[str]:
    """第 11 章の Survived（3 列、Age は全行の平均で補完）。"""
    from getting_started_ml.chapter02 import Table  # noqa: PLC0415
    from getting_started_ml.chapter11 import prepare_survived  # noqa: PLC0415

    return prepare_survived(Table.load("Survived.csv"))


@pytest.fixture(scope="session")
def cinema() -> LabeledData[float]:
    """第 11 章の cinema（外れ値を除かない全 100 行）。"""
    from getting_started_ml.chapter02 import Table  # noqa: PLC0415
    from getting_started_ml.chapter11 import prepare_whole_cinema  # noqa: PLC0415

    return prepare_whole_cinema(Table.load("cinema.csv"))
