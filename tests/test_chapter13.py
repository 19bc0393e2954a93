# --8<-- [start:header]
"""第 13 章: 共分散行列、ヤコビ法、主成分、射影、主成分の数、影響の大きい列、Boston の前処理。"""

from __future__ import annotations

import math

import numpy as np
import pytest
from conftest import RunWithoutData
from support.chapter13 import mixed_rows

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter13 import (
    Loading,
    PcaModel,
    components_needed,
    covariance_matrix,
    explain,
    fit_pca,
    jacobi_eigen,
    normalize_signs,
    pca,
    standardize,
    standardize_boston,
    top_loadings,
    transform,
)

# --8<-- [end:header]

# --8<-- [start:helpers]
SQRT5 = math.sqrt(5)


# --8<-- [end:helpers]


def test_混ぜたデータの先頭の行は他の版と同じ() -> None:
    assert mixed_rows()[0] == [
        *(1.3623851623121213, -0.5844090924521541, 1.8025366054447938, -0.3486504435602367)
    ]


# --8<-- [start:test-covariance]
def test_2列の分散と共分散を求める() -> None:
    assert covariance_matrix([[1, 2], [3, 6], [5, 10]]) == [[4, 8], [8, 16]]


def test_3列でもnumpyのcovと同じになる() -> None:
    x = [[1, 2, 0], [3, 6, 1], [5, 10, 5]]
    assert covariance_matrix(x) == [[4, 8, 5], [8, 16, 10], [5, 10, 7]]
    assert np.array(covariance_matrix(x)) == pytest.approx(np.cov(x, rowvar=False), abs=1e-12)


# --8<-- [end:test-covariance]


# --8<-- [start:test-eigh]
def test_numpyのeighは固有値を小さい順に返し固有ベクトルは列に並ぶ() -> None:
    values, vectors = np.linalg.eigh(np.array([[2.0, 0.0], [0.0, 5.0]]))
    assert values.tolist() == [2.0, 5.0]
    assert abs(vectors[:, 1]).tolist() == [0.0, 1.0]  # 5 の固有ベクトルは 2 列目


# --8<-- [end:test-eigh]


# --8<-- [start:test-jacobi]
def test_ヤコビ法の固有ベクトルはCv等しいλvを満たし互いに直交する() -> None:
    c = covariance_matrix(mixed_rows())
    eigen = jacobi_eigen(c)
    for value, vector in zip(eigen.values, eigen.vectors, strict=True):
        assert (np.array(c) @ vector).tolist() == pytest.approx(
            [value * v for v in vector], abs=1e-9
        )
    v = np.array(eigen.vectors)
    assert v @ v.T == pytest.approx(np.eye(4), abs=1e-9)
    assert eigen.values == sorted(eigen.values, reverse=True)
    assert 1 <= eigen.sweeps <= 10


def test_ヤコビ法の固有値はnumpyのeighの逆順と同じ() -> None:
    c = covariance_matrix(mixed_rows())
    assert jacobi_eigen(c).values == pytest.approx(
        np.linalg.eigh(np.array(c))[0][::-1].tolist(), rel=1e-13
    )


def test_対角行列なら回さずに終わる() -> None:
    eigen = jacobi_eigen([[1.0, 0.0], [0.0, 3.0]])
    assert eigen.values == [3.0, 1.0]
    assert eigen.vectors == [[0.0, 1.0], [1.0, 0.0]]
    assert eigen.sweeps == 0


def test_掃き出しの上限に届けば警告する(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pca, "MAX_SWEEPS", 1)
    with pytest.warns(UserWarning, match="1 回の掃き出しで収束しませんでした"):
        eigen = jacobi_eigen(covariance_matrix(mixed_rows()))
    assert eigen.sweeps == 1


# --8<-- [end:test-jacobi]


@pytest.mark.parametrize("scale", [1e-200, 1e-160, 1e160, 1e300])
def test_二乗があふれる大きさや消える小ささの行列も回して固有値を求める(scale: float) -> None:
    eigen = jacobi_eigen([[2 * scale, scale], [scale, 2 * scale]])
    assert eigen.values == pytest.approx([3 * scale, scale], rel=1e-14)
    assert eigen.sweeps == 1


def test_2のべき乗で何倍しても固有値はビットまで同じ割合で変わる() -> None:
    c = covariance_matrix(mixed_rows())
    base = jacobi_eigen(c)
    scaled = jacobi_eigen([[math.ldexp(value, 600) for value in row] for row in c])
    assert scaled.values == [math.ldexp(value, 600) for value in base.values]
    assert scaled.vectors == base.vectors


@pytest.mark.parametrize("tolerance", [math.nan, math.inf, -1.0, 1.0])
def test_ヤコビ法の許容誤差は0以上1未満の有限の数(tolerance: float) -> None:
    with pytest.raises(ValueError, match="tolerance"):
        jacobi_eigen([[2.0, 1.0], [1.0, 2.0]], tolerance=tolerance)


def test_ヤコビ法は正方の対称行列だけを受け取る() -> None:
    with pytest.raises(ValueError, match="正方"):
        jacobi_eigen([[1.0, 2.0]])
    with pytest.raises(ValueError, match="対称"):
        jacobi_eigen([[1.0, 2.0], [3.0, 1.0]])


@pytest.mark.parametrize("scale", [1e-200, 1e-155, 1e150])
def test_大きさの極端なデータでも寄与率と主成分は尺度によらない(scale: float) -> None:
    x = mixed_rows()
    base = fit_pca(x, 4)
    model = fit_pca([[value * scale for value in row] for row in x], 4)
    assert model.explained_variance_ratio == pytest.approx(base.explained_variance_ratio, rel=1e-12)
    assert np.array(model.components) == pytest.approx(np.array(base.components), abs=1e-12)


def test_分散が浮動小数で表せないほど大きければ理由を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="分散が大きすぎて"):
        fit_pca([[-1e200, 1.0], [1e200, 2.0], [0.0, 3.0]], 2)


# --8<-- [start:test-fit]
def test_完全に相関する2列なら第1主成分が分散のすべてを説明する() -> None:
    model = fit_pca([[1, 2], [3, 6], [5, 10]], 2)
    assert model.components[0] == pytest.approx([1 / SQRT5, 2 / SQRT5], abs=1e-12)
    assert model.explained_variance_ratio == pytest.approx([1.0, 0.0], abs=1e-12)
    assert model.components[1] == pytest.approx([2 / SQRT5, -1 / SQRT5], abs=1e-12)


def test_主成分は寄与率の大きい順に頼んだ数だけ返る() -> None:
    model = fit_pca(mixed_rows(), 3)
    ratios = model.explained_variance_ratio
    assert len(model.components) == 3
    assert ratios == sorted(ratios, reverse=True)
    assert sum(fit_pca(mixed_rows(), 4).explained_variance_ratio) == pytest.approx(1, abs=1e-9)


def test_符号は絶対値が最大の成分が正になる向きにそろえる() -> None:
    assert normalize_signs([[0.6, -0.8], [-0.8, 0.6]]) == [[-0.6, 0.8], [0.8, -0.6]]


def test_絶対値が同じなら先の成分の符号に合わせる() -> None:
    assert normalize_signs([[-0.5, 0.5], [0.5, -0.5]]) == [[0.5, -0.5], [0.5, -0.5]]


# --8<-- [end:test-fit]


# --8<-- [start:test-transform]
def test_平均を引いて主成分に射影する() -> None:
    model = PcaModel([1.0, 2.0], [[0.6, 0.8]], [1.0], [1.0], 0)
    assert np.array(transform(model, [[2, 3], [1, 2]])) == pytest.approx(
        np.array([[1.4], [0.0]]), abs=1e-12
    )
    assert model.transform([[2, 3]]) == transform(model, [[2, 3]])


def test_列の数が学習と違えば射影できない() -> None:
    model = PcaModel([1.0, 2.0], [[0.6, 0.8]], [1.0], [1.0], 0)
    with pytest.raises(ValueError, match="列の数 3 が、学習した列の数 2"):
        transform(model, [[1, 2, 3]])


# --8<-- [end:test-transform]


# --8<-- [start:test-needed]
def test_累積寄与率がしきい値に届く主成分の数() -> None:
    assert components_needed([0.5, 0.25, 0.25], 0.75) == 2
    assert components_needed([0.5, 0.25, 0.25], 0.8) == 3


def test_浮動小数の足し算でしきい値にわずかに届かなければ次の主成分まで要る() -> None:
    assert 0.6 + 0.3 == 0.8999999999999999
    assert components_needed([0.6, 0.3, 0.1], 0.9) == 3


def test_しきい値に届かなければすべての主成分の数を返す() -> None:
    assert components_needed([0.5, 0.25], 0.99) == 2


# --8<-- [end:test-needed]


# --8<-- [start:test-loadings]
def test_重みの絶対値が大きい列を符号つきで選ぶ() -> None:
    assert top_loadings([0.1, -0.7, 0.5], ["ZN", "DIS", "TAX"], 2) == [
        Loading("DIS", -0.7),
        Loading("TAX", 0.5),
    ]


def test_絶対値が同じ列は列の順に並ぶ() -> None:
    assert top_loadings([0.5, -0.5, 0.1], ["A", "B", "C"], 2) == [
        Loading("A", 0.5),
        Loading("B", -0.5),
    ]


# --8<-- [end:test-loadings]


# --8<-- [start:test-boston]
def test_Bostonの前処理はダミー変数を末尾に足しすべての列を標準化する() -> None:
    table = Table.parse("CRIME,RM,PRICE\nhigh,5,10\nlow,6,20\nvery_low,,30\nlow,7,40\n")
    data = standardize_boston(table)
    assert data.columns == ["RM", "PRICE", "CRIME_low", "CRIME_very_low"]
    assert data.groups == ["high", "low", "very_low", "low"]
    for j in range(4):
        column = [row[j] for row in data.rows]
        assert sum(column) / 4 == pytest.approx(0, abs=1e-9)
        assert math.sqrt(sum(v * v for v in column) / 4) == pytest.approx(1, abs=1e-9)
    assert data.rows[2][0] == 0.0  # 空欄の RM は平均 6 で埋めるので、標準化すると 0


def test_標準偏差が0の列は0だけの列になる() -> None:
    assert standardize([[1, 5], [3, 5]]) == [[-1.0, 0.0], [1.0, 0.0]]


def test_平均がビットまで一致しなくても一定の列は0だけの列になる() -> None:
    # 0.1 の平均は 0.10000000000000002 になり、丸めの差を同じくらい小さな標準偏差で割ると ±1 になる
    assert standardize([[0.1, 1], [0.1, 2], [0.1, 3]]) == [
        [0.0, -math.sqrt(1.5)],
        [0.0, 0.0],
        [0.0, math.sqrt(1.5)],
    ]


def test_二乗があふれる大きさの列も標準化する() -> None:
    assert standardize([[-1e200], [1e200]]) == [[-1.0], [1.0]]


# --8<-- [end:test-boston]


# --8<-- [start:test-errors]
def test_列より多い主成分は求められない() -> None:
    with pytest.raises(ValueError, match="n_components は 1 以上、列の数 2 以下"):
        fit_pca([[1, 2], [3, 4], [5, 7]], 3)


def test_長さの違う行やNaNは入口で断る() -> None:
    with pytest.raises(ValueError, match="2 行目の長さが 1 で、1 行目の 2 と違います"):
        fit_pca([[1, 2], [3]], 1)
    with pytest.raises(ValueError, match="有限でない数"):
        fit_pca([[1, 2], [math.nan, 4]], 1)


def test_numpyの2次元配列も整数の配列もそのまま渡せる() -> None:
    rows = [[1, 2], [3, 6], [5, 10]]
    expected = fit_pca(rows, 1)
    assert fit_pca(np.array(rows), 1) == expected
    assert fit_pca(np.array(rows, dtype=float), 1) == expected


def test_すべての列が一定なら説明すべき分散がない() -> None:
    with pytest.raises(ValueError, match="すべての列が一定"):
        fit_pca([[1, 2], [1, 2], [1, 2]], 1)


def test_1行では共分散を求められない() -> None:
    with pytest.raises(ValueError, match="2 行以上"):
        covariance_matrix([[1, 2]])


# --8<-- [end:test-errors]


def test_表でないものや無い列は前処理の入口で名前を書いて断る() -> None:
    table = Table.of(["A", "CRIME"], [["1", "low"], ["2", "high"]])
    with pytest.raises(TypeError, match="table は Table です（NoneType）"):
        standardize_boston(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="table は Table です（list）"):
        standardize_boston([], "CRIME")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="列 CRIME に空のセルがあります"):
        standardize_boston(Table.of(["A", "CRIME"], [["1", "low"], ["2", " "]]))
    with pytest.raises(ValueError, match="crime"):
        standardize_boston(table, "crime")
    with pytest.raises(TypeError, match="data は StandardizedTable です（dict）"):
        explain({})  # type: ignore[arg-type]


def test_データが無ければ1行の説明で終わる(run_module_without_data: RunWithoutData) -> None:
    completed = run_module_without_data("getting_started_ml.chapter13")

    assert (completed.returncode, completed.stdout) == (1, "")
    assert "Boston.csv" in completed.stderr
    assert "Traceback" not in completed.stderr
