# --8<-- [start:header]
"""第 11 章: ROC 曲線と AUC のテスト。"""

from __future__ import annotations

import math

import pytest

from getting_started_ml.chapter11 import RocPoint, auc, roc_curve

T, F = True, False

# --8<-- [end:header]


def test_曲線は原点から始まり右上で終わる() -> None:
    curve = roc_curve([0.9, 0.8, 0.2, 0.1], [T, F, T, F])
    assert curve[0] == RocPoint(math.inf, 0.0, 0.0)
    assert (curve[-1].false_positive_rate, curve[-1].true_positive_rate) == (1.0, 1.0)


def test_点はスコアの高い順に正例と負例を足していく() -> None:
    curve = roc_curve([0.9, 0.8, 0.2, 0.1], [T, F, T, F])
    assert curve == [
        RocPoint(math.inf, 0.0, 0.0),
        RocPoint(0.9, 0.0, 0.5),
        RocPoint(0.8, 0.5, 0.5),
        RocPoint(0.2, 0.5, 1.0),
        RocPoint(0.1, 1.0, 1.0),
    ]


def test_完全に分けられればAUCは1で逆順なら0() -> None:
    assert auc(roc_curve([0.9, 0.8, 0.2, 0.1], [T, T, F, F])) == 1.0
    assert auc(roc_curve([0.1, 0.2, 0.8, 0.9], [T, T, F, F])) == 0.0


# --8<-- [start:test-roc-ties]
def test_同じスコアは1つの点にまとまる() -> None:
    curve = roc_curve([0.5, 0.5, 0.5, 0.5], [T, T, F, F])
    assert curve == [RocPoint(math.inf, 0.0, 0.0), RocPoint(0.5, 1.0, 1.0)]
    assert auc(curve) == 0.5


def test_同点のかたまりは対角に進むのでAUCが並べ方によらない() -> None:
    # 0.5 の 3 件（正例 2、負例 1）は 1 つの点になり、その間は斜めの線分になる。
    curve = roc_curve([0.5, 0.5, 0.2, 0.9, 0.5], [T, F, F, T, T])
    assert [point.threshold for point in curve] == [math.inf, 0.9, 0.5, 0.2]
    assert auc(curve) == pytest.approx(5 / 6, rel=1e-15)
    assert auc(roc_curve([0.9, 0.5, 0.5, 0.5, 0.2], [T, T, T, F, F])) == auc(curve)


# --8<-- [end:test-roc-ties]


def test_AUCの三角測量() -> None:
    assert auc(roc_curve([0.1, 0.4, 0.35, 0.8], [F, F, T, T])) == 0.75


def test_真偽値以外のラベルは正例を指定して使う() -> None:
    by_string = roc_curve([0.1, 0.4, 0.35, 0.8], ["0", "0", "1", "1"], positive="1")
    assert by_string == roc_curve([0.1, 0.4, 0.35, 0.8], [F, F, T, T])


def test_正例か負例の片方しかなければ失敗する() -> None:
    with pytest.raises(ValueError, match=r"正例 2 件、負例 0 件"):
        roc_curve([0.1, 0.9], [T, T])
    with pytest.raises(ValueError, match=r"正例 0 件、負例 2 件"):
        roc_curve([0.1, 0.9], [F, F])


def test_文字列のラベルを正例の指定なしで渡すと黙って通らない() -> None:
    # "1" == True ではないので、すべて負例になり、片方しかないとして失敗する。
    with pytest.raises(ValueError, match="正例 0 件"):
        roc_curve([0.1, 0.9], ["0", "1"])


def test_スコアとラベルの件数が違えば失敗する() -> None:
    with pytest.raises(ValueError, match=r"スコア 3 件、ラベル 2 件"):
        roc_curve([0.1, 0.5, 0.9], [T, F])


def test_空なら失敗する() -> None:
    with pytest.raises(ValueError, match="正例 0 件、負例 0 件"):
        roc_curve([], [])


def test_NaNのスコアは失敗する() -> None:
    with pytest.raises(ValueError, match="NaN"):
        roc_curve([0.1, math.nan], [T, F])


def test_点が2つ未満なら面積は求められない() -> None:
    with pytest.raises(ValueError, match="2 点以上"):
        auc([RocPoint(math.inf, 0.0, 0.0)])


@pytest.mark.parametrize("infinite", [math.inf, -math.inf])
def test_無限大のスコアは原点の閾値と重なるので失敗する(infinite: float) -> None:
    # 原点の閾値は無限大なので、無限大のスコアを許すと閾値が無限大の点が 2 つになる。
    with pytest.raises(ValueError, match="スコアの 1 番目"):
        roc_curve([0.5, infinite, 0.1], [T, T, F])


def test_数でないスコアは位置と型を書いて失敗する() -> None:
    with pytest.raises(TypeError, match="スコアの 1 番目"):
        roc_curve([0.5, "0.7"], [T, F])  # type: ignore[list-item]


def test_偽陽性率の小さい順に並んでいない点の面積は求めない() -> None:
    curve = roc_curve([0.9, 0.8, 0.2, 0.1], [T, F, T, F])
    with pytest.raises(ValueError, match="偽陽性率"):
        auc(list(reversed(curve)))
    with pytest.raises(ValueError, match="真陽性率"):
        auc([RocPoint(math.inf, 0.0, 0.5), RocPoint(0.5, 0.5, 0.0), RocPoint(0.1, 1.0, 1.0)])


@pytest.mark.parametrize("rate", [-0.1, 1.5, math.nan, math.inf])
def test_割合が0から1の外のROCの点は作れない(rate: float) -> None:
    with pytest.raises(ValueError, match="false_positive_rate"):
        RocPoint(0.5, rate, 0.5)
    with pytest.raises(ValueError, match="true_positive_rate"):
        RocPoint(0.5, 0.5, rate)


def test_ROCの点でないものの面積は求めない() -> None:
    with pytest.raises(TypeError, match="RocPoint"):
        auc([(0.0, 0.0), (1.0, 1.0)])  # type: ignore[list-item]
