# --8<-- [start:header]
"""第 13 章: Boston.csv の主成分分析（形、他の版と突き合わせた全桁の値、表示）。"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import Completed

from getting_started_ml.chapter13 import (
    StandardizedTable,
    explain,
    fit_pca,
    load_standardized_boston,
    top_loadings,
)
from getting_started_ml.numeric import kahan_sum

RunModule = Callable[..., Completed]
# --8<-- [end:header]

# --8<-- [start:fixtures]
BOSTON_COLUMNS = [
    *("ZN", "INDUS", "CHAS", "NOX", "RM", "AGE", "DIS", "RAD", "TAX", "PTRATIO", "B", "LSTAT"),
    *("PRICE", "CRIME_low", "CRIME_very_low"),
]
# 他の版と突き合わせた全桁の値
RATIOS = [
    *(0.4110278884821048, 0.14484698269785648, 0.10192697804835119, 0.06448954226225369),
    *(0.062336842786689675, 0.05810331273641218, 0.04843711223202842, 0.028852275326211034),
    *(0.021424311928465306, 0.018319617333066113, 0.01572944291909178, 0.010686110769179084),
    *(0.009184655076130676, 0.002775479758796181, 0.0018594476433633378),
]
EIGENVALUES = [
    *(6.2276952800318925, 2.194651252997826, 1.5443481522477456, 0.9771142767008137),
    *(0.9444976179801469, 0.8803532232789727, 0.7338956398792187, 0.4371556867607734),
    *(0.324610786794929, 0.2775699595919109, 0.23832489271351193, 0.16191076922998615),
    *(0.13916144054743454, 0.04205272361812396, 0.028173449141868763),
]
PC1 = [
    *(-0.225854, 0.359235, 0.042210, 0.349932, -0.194853, 0.297921, -0.299801, 0.307265),
    *(0.328220, 0.162470, -0.182519, 0.275438, -0.201845, 0.038312, -0.314921),
]
PC2 = [
    *(-0.153389, 0.028359, 0.197954, 0.138179, 0.404714, 0.200588, -0.293402, -0.102754),
    *(-0.115470, -0.340469, 0.056618, -0.178454, 0.443905, 0.422540, -0.277164),
]


@pytest.fixture(scope="module")
def boston() -> StandardizedTable:
    return load_standardized_boston()


pytestmark = pytest.mark.data("Boston.csv")
# --8<-- [end:fixtures]


# --8<-- [start:test-real-data]
def test_Bostonは100行15列になりPRICEとダミー変数を含む(boston: StandardizedTable) -> None:
    assert boston.columns == BOSTON_COLUMNS
    assert len(boston.rows) == 100
    assert {len(row) for row in boston.rows} == {15}


def test_寄与率と固有値は他の版と全桁で一致する(boston: StandardizedTable) -> None:
    model = fit_pca(boston.rows, 15)
    assert model.explained_variance_ratio == pytest.approx(RATIOS, rel=1e-12)
    assert model.explained_variance == pytest.approx(EIGENVALUES, rel=1e-12)
    assert kahan_sum(model.explained_variance) == pytest.approx(15 * 100 / 99, rel=1e-12)
    assert sum(model.explained_variance_ratio) == pytest.approx(1, abs=1e-9)


def test_第1と第2主成分の重みは小数6桁まで他の版と同じ(boston: StandardizedTable) -> None:
    model = fit_pca(boston.rows, 2)
    assert model.components[0] == pytest.approx(PC1, abs=5e-7)
    assert model.components[1] == pytest.approx(PC2, abs=5e-7)
    assert [item.column for item in top_loadings(model.components[1], boston.columns, 3)] == [
        "PRICE",
        "CRIME_low",
        "RM",
    ]


def test_CRIMEのグループごとの主成分得点の平均(boston: StandardizedTable) -> None:
    model = fit_pca(boston.rows, 2)
    scores = model.transform(boston.rows)
    means = {}
    for group in ("high", "low", "very_low"):
        members = [s for s, g in zip(scores, boston.groups, strict=True) if g == group]
        means[group] = [round(sum(s[j] for s in members) / len(members), 3) for j in (0, 1)]
    assert means == {"high": [3.474, -0.386], "low": [0.409, 1.590], "very_low": [-1.942, -0.602]}


def test_ヤコビ法は少ない掃き出しで収束する(boston: StandardizedTable) -> None:
    assert 1 <= fit_pca(boston.rows, 15).sweeps <= 12


# --8<-- [end:test-real-data]


# --8<-- [start:test-output]
def test_表示は黄金ファイルと1バイトも違わない(
    run_module: RunModule, golden: Callable[[str], str], boston: StandardizedTable
) -> None:
    result = run_module("getting_started_ml.chapter13")
    assert result.returncode == 0, result.stderr
    assert result.stdout == golden("chapter13")
    assert result.stdout.splitlines() == explain(boston)


# --8<-- [end:test-output]
