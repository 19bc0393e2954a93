# --8<-- [start:header]
"""第 14 章の pandas と scikit-learn の版（chapter14.idiomatic）を自作の版と突き合わせる。"""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import pytest
from conftest import OUTPUTS

from getting_started_ml.chapter14.idiomatic import (
    library_report,
    main,
    spending_frame,
)
from getting_started_ml.numeric import format_fixed

# --8<-- [end:header]


# --8<-- [start:test-idiomatic]
@pytest.mark.data("Wholesale.csv")
def test_pandasとscikit_learnで書いても同じ表になる() -> None:
    golden = (OUTPUTS / "chapter14.txt").read_text(encoding="utf-8")
    assert library_report(spending_frame()) == golden.splitlines()


def test_pandasのroundは偶数丸めなので34708になる() -> None:
    assert pd.Series([34708.5, 29825.5]).round(0).tolist() == [34708.0, 29826.0]
    assert [format_fixed(v, 0) for v in (34708.5, 29825.5)] == ["34709", "29826"]


@pytest.mark.data("Wholesale.csv")
def test_ライブラリ版のコマンドも本と同じ行を表示する(
    capsys: pytest.CaptureFixture[str], golden: Callable[[str], str]
) -> None:
    main()  # 別のプロセスにせず、読み込み済みの pandas と scikit-learn をそのまま使う

    assert capsys.readouterr().out == golden("chapter14")


# --8<-- [end:test-idiomatic]
