"""差分テスト: 付録 B の指標を scikit-learn・scipy・numpy と比べる。

生成する入力: 1〜40 件のラベル（1〜30 種類。1 種類だけ、偏った並びも出る）、件数 0〜10^15 の
混同行列（scikit-learn には行の重みで渡す）、同点だらけのスコア、1e-150〜1e150 の尺度の数、
2 の ±1000 乗まで拡大・縮小した長方形、空の集合、n = 1, 2。

約束の違いと許容誤差:
- 分母が 0 の指標を、自作は 0 にする（scikit-learn の zero_division=0.0）。IoU と Dice は、
  どちらも空なら 1（jaccard_score・f1_score の zero_division=1.0）。割合は相対 1e-12 で比べる。
- AP（補間しない）は average_precision_score と同じ定義。正例が 1 つも無いとき、自作は
  ValueError、scikit-learn は警告して 0 を返す（比べない）。全点・11 点・101 点の補間は
  scikit-learn に無いので、precision_recall_curve の点から numpy で補間した値と比べる。
- 長方形の IoU・Dice・Simpson は、整数の座標の長方形を画素の集合にした jaccard_score・f1_score
  と比べる。割合は尺度によらないので、座標に 2 のべき乗を掛けても同じ値になるはず。
- コサイン類似度は scipy の cosine と scikit-learn の cosine_similarity と絶対 1e-12。どちらも
  尺度によらないので、scipy には 2 のべき乗で割った値を渡す（scipy は 1e200 の 2 乗であふれる）。
- β² が float を超える Fβ は再現率に等しい（β → ∞ の極限）。scikit-learn は β = 1e200 で
  OverflowError になるので、β = 1e100 の値と比べる。
- 交差エントロピーは log_loss と相対 1e-12。log_loss は確率を float の eps（2.2e-16）で
  切り詰めるので、それより小さい確率は numpy の対数の平均と比べる。
- Huber 損失は scipy.special.huber と相対 1e-12（δ と誤差を同じ尺度で動かす）。
- BLEU と ROUGE は scikit-learn・scipy に無い（nltk などは入れない）ので、部品の n-gram の数だけを
  CountVectorizer（小文字にせず、空白で区切る）と比べる。整数なので完全に一致させる。
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st
from scipy import special, stats
from scipy.spatial.distance import cosine as scipy_cosine
from sklearn import metrics as skm
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.metrics.pairwise import cosine_similarity as sklearn_cosine_similarity
from sklearn.model_selection import LeaveOneOut, StratifiedKFold, TimeSeriesSplit

from getting_started_ml.appendix_b import (
    Box,
    average_precision,
    average_precision_11pt,
    average_precision_101pt,
    average_precision_all_points,
    class_counts,
    cosine_distance,
    cosine_similarity,
    cross_entropy,
    dice,
    f_beta,
    false_positive_rate,
    fid,
    fit_gaussian,
    gaussian_negative_log_likelihood,
    huber,
    iou,
    laplace_negative_log_likelihood,
    least_squares_line,
    leave_one_out,
    mean_average_precision,
    ngrams,
    operating_point,
    perplexity,
    pr_curve,
    precision_recall_f1,
    scores_of,
    simpson,
    smooth_l1,
    specificity,
    stratified_k_fold,
    time_series_split,
)
from getting_started_ml.chapter11 import ConfusionMatrix, recall

RELATIVE = 1e-12


@st.composite
def label_pairs(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """正解と予測（1〜30 種類のラベル、1〜40 件）。"""
    kinds = draw(st.integers(1, 30))
    label = st.integers(0, kinds - 1).map(lambda k: f"c{k:02d}")
    n = draw(st.integers(1, 40))
    return draw(st.lists(label, min_size=n, max_size=n)), draw(
        st.lists(label, min_size=n, max_size=n)
    )


@settings(max_examples=20, deadline=None)
@given(label_pairs(), st.sampled_from(["macro", "micro", "weighted"]))
@example((["c00"], ["c00"]), "macro")  # 1 件、1 種類だけ
@example((["c00"] * 9 + ["c01"], ["c00"] * 10), "weighted")  # 偏り、予測は 1 種類
@example(([f"c{k:02d}" for k in range(30)], [f"c{(k + 1) % 30:02d}" for k in range(30)]), "macro")
def test_クラスごとの件数と3つの平均はscikit_learnと同じ(
    pair: tuple[list[str], list[str]], average: str
) -> None:
    actual, predicted = pair
    counts = class_counts(actual, predicted)
    labels = list(counts)  # class_counts は名前の順に並べている
    # multilabel_confusion_matrix はラベルごとに [[tn, fp], [fn, tp]]。
    tables = skm.multilabel_confusion_matrix(actual, predicted, labels=labels)
    assert [(c.tp, c.fp, c.fn) for c in counts.values()] == [
        (int(t[1, 1]), int(t[0, 1]), int(t[1, 0])) for t in tables
    ]
    expected = skm.precision_recall_fscore_support(
        actual, predicted, average=average, zero_division=0.0
    )
    ours = precision_recall_f1(actual, predicted, average)
    assert (ours.precision, ours.recall, ours.f1) == pytest.approx(expected[:3], rel=RELATIVE)


counts = st.integers(0, 10**15)


@settings(max_examples=20, deadline=None)
@given(st.builds(ConfusionMatrix, counts, counts, counts, counts), st.floats(1e-3, 1e3))
@example(ConfusionMatrix(0, 0, 0, 0), 1.0)
@example(ConfusionMatrix(10**15, 1, 0, 0), 2.0)
@example(ConfusionMatrix(0, 3, 0, 5), 0.5)
def test_件数から求める指標はscikit_learnの重み付きの値と同じ(
    cm: ConfusionMatrix, beta: float
) -> None:
    actual, predicted = [1, 0, 1, 0], [1, 1, 0, 0]
    weights = [cm.tp, cm.fp, cm.fn, cm.tn]
    assume(sum(weights) > 0)
    options = {"sample_weight": weights, "zero_division": 0.0}
    scores = scores_of(cm.tp, cm.fp, cm.fn)
    expected = skm.precision_recall_fscore_support(actual, predicted, average="binary", **options)
    assert (scores.precision, scores.recall, scores.f1) == pytest.approx(expected[:3], rel=RELATIVE)
    assert f_beta(cm, beta) == pytest.approx(
        skm.fbeta_score(actual, predicted, beta=beta, **options), rel=1e-9
    )
    # 特異度は負例（0）を正例とみなした再現率、偽陽性率はその残り。
    negative = skm.recall_score(actual, predicted, pos_label=0, **options)
    assert specificity(cm) == pytest.approx(negative, rel=RELATIVE)
    if cm.fp + cm.tn:
        assert false_positive_rate(cm) == pytest.approx(1 - negative, rel=1e-9, abs=1e-15)


@pytest.mark.parametrize("beta", [1e155, 1e200, 1.7e308])
def test_βの2乗があふれるFβは再現率でscikit_learnのβが1e100の値と同じ(beta: float) -> None:
    cm = ConfusionMatrix(1, 2, 3, 4)
    theirs = skm.fbeta_score([1, 0, 1, 0], [1, 1, 0, 0], beta=1e100, sample_weight=[1, 2, 3, 4])
    assert f_beta(cm, beta) == recall(cm) == pytest.approx(theirs, rel=RELATIVE)


@st.composite
def scored_labels(draw: st.DrawFn) -> tuple[list[float], list[bool]]:
    """正例が 1 つ以上ある 1〜40 件。スコアは少ない種類から選ぶので同点が多い。尺度も変える。"""
    n = draw(st.integers(1, 40))
    kinds = draw(st.integers(1, 8))
    scale = 10.0 ** draw(st.integers(-150, 150))
    scores = draw(st.lists(st.integers(0, kinds - 1), min_size=n, max_size=n))
    labels = draw(st.lists(st.booleans(), min_size=n, max_size=n).filter(any))
    return [score * scale for score in scores], labels


def interpolated(recall_levels: np.ndarray, precisions: np.ndarray, levels: np.ndarray) -> float:
    """各 level 以上の再現率での最大の適合率の平均（11 点・101 点補間）。"""
    return float(
        np.mean([max(precisions[recall_levels >= level - 1e-12], default=0.0) for level in levels])
    )


@settings(max_examples=30, deadline=None)
@given(scored_labels())
@example(([0.5], [True]))  # 1 件
@example(([0.5, 0.5, 0.5], [True, False, True]))  # 全部同じスコア
@example(([0.1] * 39 + [0.9], [False] * 39 + [True]))  # 正例 1 件の偏り
@example(([1e-150, 2e-150, 3e-150], [False, True, True]))
def test_PR曲線とAPはscikit_learnと同じ(data: tuple[list[float], list[bool]]) -> None:
    scores, labels = data
    precision, recall_, thresholds = skm.precision_recall_curve(labels, scores)
    # scikit-learn は低いしきい値から並べ、最後に (再現率 0, 適合率 1) の点を足す。
    expected = list(
        zip(
            thresholds[::-1].tolist(),
            recall_[-2::-1].tolist(),
            precision[-2::-1].tolist(),
            strict=True,
        )
    )
    ours = [(p.threshold, p.recall, p.precision) for p in pr_curve(scores, labels)]
    assert len(ours) == len(expected)
    for point, theirs in zip(ours, expected, strict=True):
        assert point == pytest.approx(theirs, rel=RELATIVE)
    assert average_precision(scores, labels) == pytest.approx(
        skm.average_precision_score(labels, scores), rel=RELATIVE
    )
    # 補間した AP: 適合率を、それより再現率の大きい点の最大値で置き換える。
    r, p = recall_[-2::-1], precision[-2::-1]
    running = np.maximum.accumulate(p[::-1])[::-1]
    all_points = float(np.sum(np.diff(np.concatenate([[0.0], r])) * running))
    assert average_precision_all_points(scores, labels) == pytest.approx(all_points, rel=RELATIVE)
    assert average_precision_11pt(scores, labels) == pytest.approx(
        interpolated(r, p, np.linspace(0, 1, 11)), rel=RELATIVE
    )
    assert average_precision_101pt(scores, labels) == pytest.approx(
        interpolated(r, p, np.linspace(0, 1, 101)), rel=RELATIVE
    )


@settings(max_examples=20, deadline=None)
@given(st.lists(st.floats(0.0, 1.0), min_size=1, max_size=30))
def test_mAPはnumpyの平均と同じ(precisions: list[float]) -> None:
    assert mean_average_precision(precisions) == pytest.approx(
        float(np.mean(precisions)), rel=RELATIVE, abs=1e-300
    )


@settings(max_examples=30, deadline=None)
@given(scored_labels(), st.integers(0, 7))
@example(([0.5, 0.5], [True, False]), 0)
def test_動作点の混同行列はscikit_learnのconfusion_matrixと同じ(
    data: tuple[list[float], list[bool]], pick: int
) -> None:
    scores, labels = data
    threshold = sorted(set(scores))[pick % len(set(scores))]
    point = operating_point(scores, labels, threshold)
    predicted = [score >= threshold for score in scores]
    table = skm.confusion_matrix(labels, predicted, labels=[False, True])
    cm = point.matrix
    assert table.tolist() == [[cm.tn, cm.fp], [cm.fn, cm.tp]]


@st.composite
def box_pairs(draw: st.DrawFn) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int], int]:
    """0〜8 の整数の座標の長方形 2 つ（幅 0 も出る）と、掛ける 2 のべき乗の指数。"""

    def box() -> tuple[int, int, int, int]:
        x1, x2 = sorted(draw(st.lists(st.integers(0, 8), min_size=2, max_size=2)))
        y1, y2 = sorted(draw(st.lists(st.integers(0, 8), min_size=2, max_size=2)))
        return x1, y1, x2, y2

    return box(), box(), draw(st.integers(-1000, 1000))


def pixels(corners: tuple[int, int, int, int]) -> np.ndarray:
    """長方形が覆う画素を 8 × 8 の真偽値の配列にする。"""
    x1, y1, x2, y2 = corners
    mask = np.zeros((8, 8), dtype=bool)
    mask[x1:x2, y1:y2] = True
    return mask.ravel()


@settings(max_examples=40, deadline=None)
@given(box_pairs())
@example(((0, 0, 1, 1), (2, 0, 3, 1), -560))  # 約 1e-170: 面積が 0 に下にあふれ、IoU が 1 になった
@example(((0, 0, 1, 1), (0, 0, 1, 2), 530))  # 約 1e160: 面積があふれ、IoU が NaN になった
@example(((0, 0, 8, 8), (0, 0, 8, 8), 1020))  # 座標が float の最大値に近い
@example(((1, 1, 1, 5), (2, 2, 2, 2), 0))  # どちらも面積 0
def test_長方形のIoUとDiceとSimpsonは画素の集合のjaccardとF値と同じ(
    case: tuple[tuple[int, int, int, int], tuple[int, int, int, int], int],
) -> None:
    first, second, exponent = case
    a, b = (Box(*(math.ldexp(v, exponent) for v in corners)) for corners in (first, second))
    truth, prediction = pixels(first), pixels(second)
    assert iou(a, b) == pytest.approx(
        skm.jaccard_score(truth, prediction, zero_division=1.0), rel=RELATIVE
    )
    assert dice(a, b) == pytest.approx(
        skm.f1_score(truth, prediction, zero_division=1.0), rel=RELATIVE
    )
    smaller = min(truth.sum(), prediction.sum())
    if smaller:
        assert simpson(a, b) == pytest.approx((truth & prediction).sum() / smaller, rel=RELATIVE)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(0, 29), max_size=30).map(set),
    st.lists(st.integers(0, 29), max_size=30).map(set),
)
@example(set(), set())
@example(set(), {1})
def test_集合のIoUとDiceはscikit_learnのjaccardとF値と同じ(
    truth: set[int], prediction: set[int]
) -> None:
    truth_mask = [i in truth for i in range(30)]
    predicted_mask = [i in prediction for i in range(30)]
    assert iou(truth, prediction) == pytest.approx(
        skm.jaccard_score(truth_mask, predicted_mask, zero_division=1.0), rel=RELATIVE
    )
    assert dice(truth, prediction) == pytest.approx(
        skm.f1_score(truth_mask, predicted_mask, zero_division=1.0), rel=RELATIVE
    )


@st.composite
def vector_pairs(draw: st.DrawFn) -> tuple[list[float], list[float], int, int]:
    """同じ長さ（1〜10）の零でないベクトル 2 つと、それぞれに掛ける 2 のべき乗の指数。"""
    n = draw(st.integers(1, 10))
    # 小数は 1e-6 刻み。2 の −1000 乗を掛けても非正規数にならず、scikit-learn が「ノルムが 0 に
    # 近い」（10 × eps 未満）とみなして割らずに返す大きさにもならない。
    fraction = st.integers(-(10**6), 10**6).map(lambda k: k / 10**6)
    entry = st.integers(-3, 3).map(float) | fraction
    a = draw(st.lists(entry, min_size=n, max_size=n).filter(any))
    b = draw(st.lists(entry, min_size=n, max_size=n).filter(any))
    return a, b, draw(st.integers(-1000, 1000)), draw(st.integers(-1000, 1000))


@settings(max_examples=40, deadline=None)
@given(vector_pairs())
@example(
    ([1.0, 0.0], [1.0, 1.0], -560, -560)
)  # 約 1e-170: ノルムの積が 0 になり「零ベクトル」と失敗した
@example(([1.0, 0.0], [1.0, 1.0], 700, 700))  # 約 1e210: ノルムの積があふれて失敗した
@example(([1.0], [-1.0], 0, 0))
def test_コサイン類似度はscipyとscikit_learnと同じ(
    case: tuple[list[float], list[float], int, int],
) -> None:
    a, b, ea, eb = case
    scaled_a = [math.ldexp(v, ea) for v in a]
    scaled_b = [math.ldexp(v, eb) for v in b]
    assert cosine_distance(scaled_a, scaled_b) == pytest.approx(scipy_cosine(a, b), abs=1e-12)
    assert cosine_similarity(scaled_a, scaled_b) == pytest.approx(
        float(sklearn_cosine_similarity([a], [b])[0, 0]), abs=1e-12
    )


probabilities = st.floats(1e-300, 1.0).filter(lambda p: p > 0)


@settings(max_examples=40, deadline=None)
@given(st.lists(probabilities | st.sampled_from([1e-300, 2.3e-16, 1.0]), min_size=1, max_size=30))
@example([1.0])
@example([1e-300] * 3)
def test_交差エントロピーとパープレキシティはscikit_learnのlog_lossと同じ(
    assigned: list[float],
) -> None:
    values = np.array(assigned)
    if values.min() > np.finfo(float).eps:
        # 2 クラスの確率 [p, 1 − p] で、正解はいつも 0 番目のクラス。
        expected = skm.log_loss(
            [0] * len(values), np.column_stack([values, 1 - values]), labels=[0, 1]
        )
    else:
        expected = float(-np.mean(np.log(values)))
    assert cross_entropy(assigned) == pytest.approx(expected, rel=RELATIVE, abs=1e-15)
    assert perplexity(assigned) == pytest.approx(float(np.exp(expected)), rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.floats(-1000, 1000), st.floats(0.001, 1000), st.integers(-150, 150))
@example(1.0, 1.0, 0)  # 境目
@example(-3.0, 2.0, 150)
@example(0.5, 1.0, -150)
def test_Huber損失はscipyのhuberと同じ(error: float, delta: float, exponent: int) -> None:
    scale = 10.0**exponent
    e, d = error * scale, delta * scale
    assert huber(e, d) == pytest.approx(float(special.huber(d, e)), rel=RELATIVE, abs=1e-300)
    assert smooth_l1(error) == pytest.approx(float(special.huber(1.0, error)), rel=RELATIVE)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.floats(-10, 10), min_size=1, max_size=20),
    st.floats(0.1, 10),
    st.integers(-150, 150),
)
@example([0.0], 1.0, 0)
@example([1.0, -1.0], 1.0, 150)
def test_負の対数尤度はscipyの確率密度と同じ(
    residuals: list[float], spread: float, exponent: int
) -> None:
    scale = 10.0**exponent
    r, s = [v * scale for v in residuals], spread * scale
    assert gaussian_negative_log_likelihood(r, s) == pytest.approx(
        -float(np.sum(stats.norm.logpdf(r, scale=s))), rel=1e-9, abs=1e-9
    )
    assert laplace_negative_log_likelihood(r, s) == pytest.approx(
        -float(np.sum(stats.laplace.logpdf(r, scale=s))), rel=1e-9, abs=1e-9
    )


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 5), st.floats(-10, 10)), min_size=2, max_size=20),
    st.integers(-100, 100),
)
@example([(0, 1.0), (1, 3.0)], 0)  # 2 点
@example([(0, 1.0), (0, 2.0), (5, 0.0)], 100)  # 同じ x が 2 つ
def test_最小二乗の直線はnumpyのpolyfitと同じ(rows: list[tuple[int, float]], exponent: int) -> None:
    x = [float(a) * 10.0**exponent for a, _ in rows]
    y = [b for _, b in rows]
    assume(len(set(x)) >= 2)
    slope, intercept = np.polyfit(x, y, 1)
    line = least_squares_line(x, y)
    spread = max(abs(v) for v in y) + 1.0
    assert line.intercept == pytest.approx(float(intercept), rel=1e-9, abs=1e-9 * spread)
    assert line.slope * 10.0**exponent == pytest.approx(
        float(slope) * 10.0**exponent, rel=1e-9, abs=1e-9 * spread
    )


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 300), st.integers(2, 10))
@example(2, 2)
@example(11, 10)
def test_1つ抜きと時系列の分割はscikit_learnと位置まで同じ(n: int, n_splits: int) -> None:
    assert [(f.train, f.test) for f in leave_one_out(n)] == [
        (train.tolist(), test.tolist()) for train, test in LeaveOneOut().split(range(n))
    ]
    if n // (n_splits + 1) == 0:
        with pytest.raises(ValueError, match="行の数は分割の数"):
            time_series_split(n, n_splits)
        return
    assert [(f.train, f.test) for f in time_series_split(n, n_splits)] == [
        (train.tolist(), test.tolist()) for train, test in TimeSeriesSplit(n_splits).split(range(n))
    ]


@st.composite
def feature_tables(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    """2 つの特徴量の表（2〜8 行、1〜4 列、同じ列数）。行が列より少ないと共分散は特異になる。"""
    width = draw(st.integers(1, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    scale = math.ldexp(1.0, draw(st.integers(-400, 400)))
    tables = []
    for _ in range(2):
        rows = draw(st.integers(2, 8))
        table = rng.normal(size=(rows, width))
        if draw(st.booleans()):
            table[:, 0] = 0.5  # 一定の列
        tables.append(table * scale)
    return tables[0], tables[1]


@settings(max_examples=30, deadline=None)
@given(feature_tables())
@example((np.array([[0.0], [1.0]]), np.array([[0.0], [1.0]])))  # 同じ分布（距離 0）
# 約 1e-90: 共分散の積が非正規数になり、相対 4e-6 ずれていた
@example((np.ldexp([[0.0], [1.0]], -300), np.ldexp([[0.0], [3.0]], -300)))
@example((np.array([[0.0, 1.0], [1.0, 0.0]]), np.array([[2.0, 2.0], [2.0, 2.0]])))  # 一方は一点
def test_FIDはnumpyの平均と共分散と積の固有値から求めた値と同じ(
    tables: tuple[np.ndarray, np.ndarray],
) -> None:
    real, generated = tables
    p = fit_gaussian(real.tolist())
    assert p.mean == pytest.approx(real.mean(axis=0), rel=RELATIVE, abs=1e-12 * np.abs(real).max())
    expected_covariance = np.atleast_2d(np.cov(real, rowvar=False))
    assert p.covariance == pytest.approx(
        expected_covariance, rel=1e-9, abs=1e-12 * np.abs(real).max() ** 2
    )
    # tr((ΣpΣq)^(1/2)) は、ΣpΣq の固有値（実数で 0 以上）の平方根の和。scipy の sqrtm は
    # 特異な行列で警告するので、numpy の一般の固有値で求める。尺度は 2 のべき乗で割っておく。
    shrink = float(max(np.abs(real).max(), np.abs(generated).max()))
    a, b = real / shrink, generated / shrink
    sa = np.atleast_2d(np.cov(a, rowvar=False))
    sb = np.atleast_2d(np.cov(b, rowvar=False))
    roots = np.sqrt(np.clip(np.linalg.eigvals(sa @ sb).real, 0.0, None))
    shift = float(np.sum((a.mean(axis=0) - b.mean(axis=0)) ** 2))
    expected = shift + float(np.trace(sa) + np.trace(sb) - 2 * roots.sum())
    assert fid(real.tolist(), generated.tolist()) / shrink**2 == pytest.approx(
        max(expected, 0.0), rel=1e-6, abs=1e-6
    )


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.sampled_from(["the", "cat", "sat", "on", "mat", "a"]), max_size=12),
    st.integers(1, 4),
)
@example([], 1)
@example(["the"] * 7, 2)  # 同じ語の繰り返し
@example(["the", "cat"], 3)  # 語が n より少ない
def test_n_gramの数はscikit_learnのCountVectorizerと同じ(words: list[str], n: int) -> None:
    ours = {" ".join(gram): count for gram, count in ngrams(words, n).items()}
    if len(words) < n:
        assert ours == {}
        return
    # 空白で区切った語を、小文字にせず、そのまま n 語ずつ数える。
    vectorizer = CountVectorizer(
        tokenizer=str.split, token_pattern=None, lowercase=False, ngram_range=(n, n)
    )
    counts = vectorizer.fit_transform([" ".join(words)]).toarray()[0]
    assert ours == dict(
        zip(vectorizer.get_feature_names_out().tolist(), counts.tolist(), strict=True)
    )


@st.composite
def stratified_labels(draw: st.DrawFn) -> tuple[list[str], int]:
    """どのクラスも分割の数以上ある、1〜12 種類のラベル（大きく偏ることもある）と分割の数。"""
    n_splits = draw(st.integers(2, 5))
    sizes = draw(st.lists(st.integers(n_splits, 40), min_size=1, max_size=12))
    labels = [f"c{kind:02d}" for kind, size in enumerate(sizes) for _ in range(size)]
    return draw(st.permutations(labels)), n_splits


@settings(max_examples=20, deadline=None)
@given(stratified_labels(), st.integers(0, 2**31))
@example((["a", "a"], 2), 0)  # 1 種類だけ、n = 2
@example((["a"] * 40 + ["b"] * 2, 2), 1)  # 大きく偏る
def test_層化k分割の分割ごとのクラスの件数はscikit_learnのStratifiedKFoldと同じ(
    case: tuple[list[str], int], seed: int
) -> None:
    labels, n_splits = case
    ours = [fold.test for fold in stratified_k_fold(labels, n_splits, seed)]
    theirs = [test.tolist() for _, test in StratifiedKFold(n_splits).split(labels, labels)]

    def per_class(tests: list[list[int]]) -> dict[str, list[int]]:
        """クラスごとに、各分割のテストに入った件数を小さい順に並べる。"""
        return {
            label: sorted(sum(labels[p] == label for p in test) for test in tests)
            for label in set(labels)
        }

    # どの行がどの分割に入るかは並べ替えの乱数が違うので比べない。件数の並びは同じ。
    assert per_class(ours) == per_class(theirs)
    assert sorted(len(test) for test in ours) == sorted(len(test) for test in theirs)
