# --8<-- [start:header]
"""第 13 章の pandas と scikit-learn の版（chapter13.idiomatic）を自作の版と突き合わせる。"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from getting_started_ml.chapter13 import (
    explain,
    fit_pca,
    load_standardized_boston,
    normalize_signs,
)
from getting_started_ml.chapter13.idiomatic import (
    fit_library_pca,
    library_summary,
    main,
    standardized_boston_frame,
)

# --8<-- [end:header]


# --8<-- [start:test-boston-library]
@pytest.mark.data("Boston.csv")
def test_BostonでもStandardScalerとPCAは自作と同じ数を出す() -> None:
    ours = load_standardized_boston()
    frame = standardized_boston_frame()
    assert frame.columns.tolist() == ours.columns
    assert frame.to_numpy() == pytest.approx(np.array(ours.rows), abs=1e-14)
    model = fit_pca(ours.rows, 15)
    library = fit_library_pca(frame)
    assert model.explained_variance_ratio == pytest.approx(
        library.explained_variance_ratio_.tolist(), abs=1e-15
    )
    assert np.array(model.components) == pytest.approx(
        np.array(normalize_signs(library.components_.tolist())), abs=1e-13
    )
    assert library_summary(frame) == explain(ours)


# --8<-- [end:test-boston-library]


@pytest.mark.data("Boston.csv")
def test_ライブラリ版のコマンドも本と同じ行を表示する(
    capsys: pytest.CaptureFixture[str], golden: Callable[[str], str]
) -> None:
    main()  # 別のプロセスにせず、読み込み済みの pandas と scikit-learn をそのまま使う

    assert capsys.readouterr().out == golden("chapter13")
