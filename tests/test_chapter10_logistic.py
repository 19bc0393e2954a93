# --8<-- [start:header]
"""第 10 章のテスト: ソフトマックス、交差エントロピー、勾配降下法のロジスティック回帰。"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.chapter10 import SETOSA, VERSICOLOR, VIRGINICA, columns_of

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import NotFittedError
from getting_started_ml.chapter10 import (
    LogisticConvergenceWarning,
    LogisticRegression,
    cross_entropy,
    softmax,
)
from getting_started_ml.chapter10.logistic import sequential_sum

# --8<-- [end:header]


# --8<-- [start:test-softmax]
def test_同じスコアなら同じ確率になる() -> None:
    assert softmax([0.0, 0.0, 0.0, 0.0]) == [0.25, 0.25, 0.25, 0.25]


def test_スコアの差は指数の比になる() -> None:
    assert softmax([0.0, math.log(2)]) == pytest.approx([1 / 3, 2 / 3], abs=1e-12)


def test_大きなスコアでもあふれない() -> None:
    assert softmax([1000.0, 1000.0]) == [0.5, 0.5]


# --8<-- [end:test-softmax]


# --8<-- [start:naive-softmax]
def naive_softmax(z: Sequence[float]) -> list[float]:
    """最大値を引かない素朴な版（大きなスコアで math.exp があふれる）。"""
    exps = [math.exp(score) for score in z]
    return [value / sum(exps) for value in exps]


# --8<-- [end:naive-softmax]


# --8<-- [start:test-overflow]
def test_最大値を引かない素朴な版はあふれる() -> None:
    with pytest.raises(OverflowError):
        naive_softmax([1000.0, 1000.0])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6), min_size=1, max_size=6))
def test_確率は0以上で合計は1になる(z: list[float]) -> None:
    probabilities = softmax(z)

    assert all(0.0 <= p <= 1.0 for p in probabilities)
    assert math.fsum(probabilities) == pytest.approx(1.0, abs=1e-12)
    assert probabilities[z.index(max(z))] == max(probabilities)


# --8<-- [end:test-overflow]


# --8<-- [start:test-cross-entropy]
def test_交差エントロピーは正解の確率の対数の平均に負号を付けたもの() -> None:
    probabilities = [[0.5, 0.5], [0.25, 0.75]]

    expected = -(math.log(0.5 + 1e-12) + math.log(0.75 + 1e-12)) / 2
    assert cross_entropy(probabilities, [0, 1]) == expected


def test_すべて確率1で当てれば交差エントロピーはほぼ0() -> None:
    assert cross_entropy([[1.0, 0.0], [0.0, 1.0]], [0, 1]) == pytest.approx(0.0, abs=1e-11)


def test_確率0の正解でも無限大にならない() -> None:
    assert cross_entropy([[0.0, 1.0]], [0]) == pytest.approx(-math.log(1e-12), rel=1e-12)


def test_3クラスに等しい確率なら交差エントロピーはほぼlog3() -> None:
    loss = cross_entropy([softmax([0.0, 0.0, 0.0])] * 4, [0, 1, 2, 1])

    # log(0) よけの 1e-12 を足すので、ln 3 よりわずか（約 3e-12）小さい
    assert loss == -math.log(1 / 3 + 1e-12)
    assert loss == pytest.approx(math.log(3), abs=1e-11)
    assert loss < math.log(3)


# --8<-- [end:test-cross-entropy]


# --8<-- [start:test-logistic]
def test_一種類のラベルで学習すればそのラベルを予測する() -> None:
    x = columns_of(花弁幅=[0.1, 0.5, 0.9])

    model = LogisticRegression(epochs=50).fit(x, [SETOSA] * 3)

    assert model.predict(columns_of(花弁幅=[0.0, 0.3, 1.0])) == [SETOSA] * 3


def test_2種類のラベルを分ける() -> None:
    x = columns_of(花弁幅=[0.1, 0.2, 0.8, 0.9])
    t = [SETOSA, SETOSA, VIRGINICA, VIRGINICA]

    model = LogisticRegression().fit(x, t)

    assert model.predict(columns_of(花弁幅=[0.15, 0.85])) == [SETOSA, VIRGINICA]


def test_3種類のラベルを2つの列で分ける() -> None:
    x = columns_of(花弁長さ=[0.1, 0.2, 0.5, 0.6, 0.5, 0.6], 花弁幅=[0.1, 0.2, 0.1, 0.2, 0.8, 0.9])
    t = [SETOSA, SETOSA, VERSICOLOR, VERSICOLOR, VIRGINICA, VIRGINICA]

    assert LogisticRegression().fit(x, t).predict(x) == t


# --8<-- [end:test-logistic]


# --8<-- [start:test-losses]
def test_損失は学習の回数だけ記録され学習につれて下がる() -> None:
    x = columns_of(花弁幅=[0.1, 0.2, 0.8, 0.9])
    t = [SETOSA, SETOSA, VIRGINICA, VIRGINICA]

    losses = LogisticRegression(1.0, 100).fit(x, t).losses

    assert len(losses) == 100
    assert losses[0] == -math.log(0.5 + 1e-12)
    assert losses[-1] < losses[0]
    assert all(later < earlier for earlier, later in itertools.pairwise(losses))


def test_学習率が0なら損失は変わらない() -> None:
    x = columns_of(花弁幅=[0.1, 0.2, 0.8, 0.9])
    t = [SETOSA, SETOSA, VIRGINICA, VIRGINICA]

    losses = LogisticRegression(0.0, 20).fit(x, t).losses

    assert losses == [losses[0]] * 20


def test_クラスは名前の順に並ぶ() -> None:
    x = columns_of(花弁幅=[0.9, 0.5, 0.1])

    model = LogisticRegression(epochs=10).fit(x, [VIRGINICA, VERSICOLOR, SETOSA])

    assert model.classes == (SETOSA, VERSICOLOR, VIRGINICA)
    assert len(model.bias) == 3
    assert [len(row) for row in model.weights] == [3]


# --8<-- [end:test-losses]


# --8<-- [start:reference]
def logistic_reference(
    x: Sequence[Features], t: Sequence[str], learning_rate: float, epochs: int
) -> tuple[list[list[float]], list[float], list[float]]:
    """手順をそのまま for 文で書いた、遅いけれど読みやすいお手本。重み・バイアス・損失を返す。"""
    columns = x[0].columns
    classes = sorted(set(t))
    targets = [classes.index(label) for label in t]
    rows = [list(row.values) for row in x]
    n, n_features, n_classes = len(rows), len(columns), len(classes)
    weights = [[0.0] * n_classes for _ in range(n_features)]
    bias = [0.0] * n_classes
    losses = []
    for _ in range(epochs):
        probabilities = []
        for row in rows:
            scores = list(bias)
            for f in range(n_features):
                for k in range(n_classes):
                    scores[k] += row[f] * weights[f][k]
            probabilities.append(softmax(scores))
        losses.append(cross_entropy(probabilities, targets))
        errors = [list(p) for p in probabilities]
        for i, target in enumerate(targets):
            errors[i][target] -= 1.0
        for k in range(n_classes):
            for f in range(n_features):
                gradient = sequential_sum([rows[i][f] * errors[i][k] for i in range(n)])
                weights[f][k] -= learning_rate * gradient / n
            bias_gradient = sequential_sum([errors[i][k] for i in range(n)])
            bias[k] -= learning_rate * bias_gradient / n
    return weights, bias, losses


def test_numpy版は手順どおりのお手本と同じ重みと損失になる() -> None:
    x = columns_of(花弁長さ=[0.1, 0.2, 0.5, 0.6, 0.5, 0.6], 花弁幅=[0.1, 0.2, 0.1, 0.2, 0.8, 0.9])
    t = [SETOSA, SETOSA, VERSICOLOR, VERSICOLOR, VIRGINICA, VIRGINICA]

    model = LogisticRegression(0.5, 300).fit(x, t)
    weights, bias, losses = logistic_reference(x, t, 0.5, 300)

    # 足す順は同じ。違いうるのは exp と log の最後の 1 ビット（numpy と math の実装の差）だけ
    assert model.losses == pytest.approx(losses, rel=1e-12)
    assert model.bias == pytest.approx(bias, rel=1e-12)
    for mine, theirs in zip(model.weights, weights, strict=True):
        assert mine == pytest.approx(theirs, rel=1e-12)


# --8<-- [end:reference]


# --8<-- [start:test-bad-input]
def test_学習の前に予測すると失敗する() -> None:
    with pytest.raises(NotFittedError, match="fit"):
        LogisticRegression().predict(columns_of(花弁幅=[0.1]))


def test_学習率と回数がおかしければ作る時点で失敗する() -> None:
    with pytest.raises(ValueError, match="learning_rate"):
        LogisticRegression(learning_rate=-0.1)
    with pytest.raises(ValueError, match="learning_rate"):
        LogisticRegression(learning_rate=math.nan)
    with pytest.raises(ValueError, match="epochs"):
        LogisticRegression(epochs=0)
    with pytest.raises(TypeError, match="epochs"):
        LogisticRegression(epochs=10.0)  # type: ignore[arg-type]


def test_学習のデータがおかしければ理由を書いて失敗する() -> None:
    x = columns_of(花弁幅=[0.1, 0.9])
    with pytest.raises(ValueError, match="特徴量 2 件、正解 1 件"):
        LogisticRegression().fit(x, [SETOSA])
    with pytest.raises(ValueError, match="行が 1 つもない"):
        LogisticRegression().fit([], [])
    with pytest.raises(ValueError, match="列 花弁幅 に有限でない値"):
        LogisticRegression().fit(columns_of(花弁幅=[0.1, math.inf]), [SETOSA, VIRGINICA])


def test_学習率が大きすぎて発散すればNaNを返さずに失敗する() -> None:
    x = columns_of(花弁幅=[1e150, -1e150])
    with pytest.raises(ValueError, match="learning_rate"):
        LogisticRegression(learning_rate=1e200, epochs=5).fit(x, [SETOSA, VIRGINICA])


def test_予測する行に学習した列が無ければ列の名前を挙げて失敗する() -> None:
    model = LogisticRegression(epochs=5).fit(columns_of(花弁幅=[0.1, 0.9]), [SETOSA, VIRGINICA])
    with pytest.raises(ValueError, match="列 花弁幅 がありません"):
        model.predict(columns_of(花弁長さ=[0.1]))


def test_交差エントロピーとソフトマックスの入口の検査() -> None:
    with pytest.raises(ValueError, match="確率 1 件、正解 2 件"):
        cross_entropy([[0.5, 0.5]], [0, 1])
    with pytest.raises(ValueError, match="正解の番号 2"):
        cross_entropy([[0.5, 0.5]], [2])
    with pytest.raises(ValueError, match="スコアが 1 つもない"):
        softmax([])
    with pytest.raises(ValueError, match="スコアの 0 番目 は有限の数です"):
        softmax([math.nan, 0.0])


# --8<-- [end:test-bad-input]


def test_予測は生のスコアの最大で同点なら先のクラス() -> None:
    model = LogisticRegression(0.0, 1).fit(columns_of(花弁幅=[0.1, 0.9]), [VIRGINICA, SETOSA])

    # 学習率 0 なら重みもバイアスも 0 のまま。どのクラスも同点なので名前の順で先の setosa
    assert model.predict(columns_of(花弁幅=[0.1, 0.9])) == [SETOSA, SETOSA]
    assert np.all(np.array(model.weights) == 0.0)


@pytest.mark.parametrize("target", [-1, 2, 1.0])
def test_勾配降下法はクラスの番号の範囲外の正解を断る(target: int) -> None:
    from getting_started_ml.chapter10.descent import gradient_descent  # noqa: PLC0415

    inputs = np.array([[1.0, 0.0], [1.0, 1.0]])
    with pytest.raises((ValueError, TypeError), match="正解"):
        gradient_descent(inputs, [0, target], 2, 0.5, 5)


# --8<-- [start:test-settled]
def off_center(center: float) -> list[Features]:
    """center を中心に ±1 の幅に並べた 1 列の 8 行（ラベルが混ざり、きれいには分けられない）。"""
    return columns_of(値=[center + d for d in (-1.0, -0.5, 0.0, 0.5, 1.0, -0.75, 0.25, 0.75)])


OVERLAPPING = [SETOSA, SETOSA, VIRGINICA, SETOSA, VIRGINICA, VIRGINICA, SETOSA, VIRGINICA]


def test_中心が0から遠い特徴量では学習率1で損失が行き来し続けて警告する() -> None:
    with pytest.warns(LogisticConvergenceWarning, match="learning_rate（1.0）を小さくするか"):
        model = LogisticRegression().fit(off_center(15.0), OVERLAPPING)
    assert model.losses[-1] > min(model.losses) + 1.0  # 最後の損失は、途中で届いた値より高い


def test_中心を0に寄せれば同じ学習率で収束し警告しない() -> None:
    model = LogisticRegression().fit(off_center(0.0), OVERLAPPING)  # 警告はエラーになる設定
    assert model.losses[-1] == pytest.approx(min(model.losses), rel=1e-12)


def test_学習率を小さくすれば行き来せず警告しない() -> None:
    model = LogisticRegression(learning_rate=0.01).fit(off_center(15.0), OVERLAPPING)
    assert all(a >= b for a, b in itertools.pairwise(model.losses))


def test_値が15前後の列で損失が下がり続ける学習率の境は0_015と0_02のあいだ() -> None:
    below = LogisticRegression(learning_rate=0.015).fit(off_center(15.0), OVERLAPPING)
    assert all(a >= b for a, b in itertools.pairwise(below.losses))
    with pytest.warns(LogisticConvergenceWarning):
        LogisticRegression(learning_rate=0.02).fit(off_center(15.0), OVERLAPPING)


# --8<-- [end:test-settled]
