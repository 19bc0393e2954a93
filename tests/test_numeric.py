"""Kahan の和と、Java と同じ丸めの表示のテスト。"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from getting_started_ml.checks import require_same_length
from getting_started_ml.numeric import (
    format_fixed,
    is_constant,
    kahan_mean,
    kahan_sum,
    mean_and_std,
)


def naive_sum(values: list[float]) -> float:
    total = 0.0
    for value in values:
        total += value
    return total


def test_Kahanの和はJavaのDoubleStreamと同じ値になる() -> None:
    # Java 21 の DoubleStream.of(0.1, 0.2, 0.3, 1e16, 1.0, -1e16).sum() は 0.0。
    values = [0.1, 0.2, 0.3, 1e16, 1.0, -1e16]
    assert kahan_sum(values) == 0.0
    # 正確に丸めた和（math.fsum）は別の関数で、ここでは 1.6 になる。
    assert math.fsum(values) == pytest.approx(1.6)


def test_Kahanの和は素朴な和の丸め誤差を補う() -> None:
    values = [0.1] * 10
    assert naive_sum(values) != 1.0
    assert kahan_sum(values) == 1.0


def test_空の和は0で空の平均は失敗する() -> None:
    assert kahan_sum([]) == 0.0
    with pytest.raises(ValueError, match="空の列"):
        kahan_mean([])


def test_平均は和を件数で割る() -> None:
    assert kahan_mean([1.0, 2.0, 4.0]) == pytest.approx(7 / 3, rel=1e-15)


@given(st.lists(st.floats(min_value=-1e6, max_value=1e6), min_size=1, max_size=50))
def test_Kahanの和は正確な和に素朴な和より近い(values: list[float]) -> None:
    exact = math.fsum(values)
    assert abs(kahan_sum(values) - exact) <= abs(naive_sum(values) - exact) + 1e-9


@pytest.mark.parametrize(
    ("value", "digits", "expected"),
    [
        (34708.5, 0, "34709"),
        (29825.5, 0, "29826"),
        (2.5, 0, "3"),
        (-2.5, 0, "-3"),
        (0.125, 2, "0.13"),
        (0.15, 1, "0.2"),
        (1.005, 2, "1.01"),
        (2.675, 2, "2.68"),
        (0.7368421052631579, 4, "0.7368"),
        (6114.595505694408, 2, "6114.60"),
        (1e20, 1, "100000000000000000000.0"),
        (-0.001, 2, "-0.00"),
        (-0.0, 3, "-0.000"),
    ],
)
def test_表示はJavaの書式と同じく最短の10進表記を四捨五入する(
    value: float, digits: int, expected: str
) -> None:
    assert format_fixed(value, digits) == expected


def test_Pythonの書式は2進の値を偶数丸めするので違う結果になる() -> None:
    # 学習用テスト: f-string の丸めは Java の %.Nf と一致しない場合がある
    assert f"{34708.5:.0f}" == "34708"
    assert f"{0.125:.2f}" == "0.12"
    assert f"{2.675:.2f}" == "2.67"


def test_34708_5は小数0桁でだけJavaと違い小数2桁では同じ() -> None:
    assert (f"{34708.5:.0f}", format_fixed(34708.5, 0)) == ("34708", "34709")
    assert f"{34708.5:.2f}" == format_fixed(34708.5, 2) == "34708.50"


def test_桁数が負や有限でない数は表示できない() -> None:
    with pytest.raises(ValueError, match="桁数"):
        format_fixed(1.0, -1)
    with pytest.raises(ValueError, match="有限でない"):
        format_fixed(math.nan, 2)
    with pytest.raises(ValueError, match="有限でない"):
        format_fixed(math.inf, 2)


def test_件数が違えば両方の件数を書いて失敗する() -> None:
    with pytest.raises(ValueError, match=r"正解と予測の件数が違います（正解 2 件、予測 3 件）"):
        require_same_length([1, 2], [1, 2, 3], "正解", "予測")
    require_same_length([1], ["a"], "正解", "予測")


def test_Kahanの和はあふれたら無限大を返しNaNにしない() -> None:
    # Java の DoubleStream.sum() も、補正した和が NaN で素朴な和が無限大なら無限大を返す。
    assert kahan_sum([1e308, 1e308]) == math.inf
    assert kahan_sum([-1e308, -1e308, 1.0]) == -math.inf
    assert kahan_sum([math.inf, 1.0]) == math.inf
    assert kahan_mean([1e308, 1e308]) == math.inf


@pytest.mark.parametrize("digits", [2.0, "2", True])
def test_桁数が整数でなければformat_fixedは失敗する(digits: object) -> None:
    with pytest.raises(TypeError, match="digits"):
        format_fixed(1.5, digits)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["1.5", None, [1.0]])
def test_数でなければformat_fixedは失敗する(value: object) -> None:
    with pytest.raises(TypeError, match="value"):
        format_fixed(value, 2)  # type: ignore[arg-type]


def test_数でない要素があればKahanの和は位置を書いて失敗する() -> None:
    with pytest.raises(TypeError, match="1 番目"):
        kahan_sum([1.0, "2"])  # type: ignore[list-item]


def test_正と負の無限大を足すとNaNになるので黙って返さない() -> None:
    with pytest.raises(ValueError, match="inf"):
        kahan_sum([math.inf, 1.0, -math.inf])
    assert math.isnan(kahan_sum([math.nan, 1.0]))  # NaN を渡したときだけ NaN が返る


def test_同じ値だけの列は一定とみなす() -> None:
    assert is_constant([0.1, 0.1, 0.1])
    assert is_constant([0.0, -0.0])
    assert is_constant([1e308, 1e308])


def test_値の大きさの丸め程度の幅なら一定とみなす() -> None:
    value = 0.1
    assert is_constant([value, math.nextafter(value, 1.0), value])
    assert is_constant([1e20, math.nextafter(1e20, 2e20)])


def test_値の大きさに比べて意味のある幅があれば一定ではない() -> None:
    assert not is_constant([0.1, 0.1 + 1e-12])
    assert not is_constant([1e-300, 2e-300])
    assert not is_constant([-1e308, 1e308])  # 幅は無限大にあふれるが、一定ではない


def test_空の列が一定かは決められない() -> None:
    with pytest.raises(ValueError, match="空"):
        is_constant([])


def test_一定の列の平均は最初の値で標準偏差は0() -> None:
    assert mean_and_std([0.1, 0.1, 0.1], "列 a") == (0.1, 0.0)


def test_平均と母標準偏差はKahanの和で求める() -> None:
    mean, std = mean_and_std([1.0, 2.0, 3.0, 4.0], "列 a")
    assert mean == 2.5
    assert std == math.sqrt(1.25)


def test_二乗がはみ出す大きさや小ささでも標準偏差を求める() -> None:
    assert mean_and_std([-1e200, 1e200], "列 a") == (0.0, 1e200)
    assert mean_and_std([-1e-200, 1e-200], "列 a") == (0.0, 1e-200)


def test_幅が有限の数で表せなければ列の名前を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="列 a の値が大きすぎて分散が有限になりません"):
        mean_and_std([-1.5e308, 1.5e308, 1.5e308], "列 a")
