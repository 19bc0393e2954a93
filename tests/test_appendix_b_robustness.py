"""付録 B の公開関数の頑健さ: 悪い入力には正しい値か、名前を書いた ValueError / TypeError。"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support.robustness import call_safely, counts

from getting_started_ml.appendix_b import (
    Box,
    Detection,
    Line,
    Sample,
    average_precision,
    average_precision_11pt,
    average_precision_101pt,
    average_precision_all_points,
    ball_volume_ratio,
    best_setting,
    bleu,
    cells_to_cover,
    coco_average_precision,
    cosine_distance,
    cosine_similarity,
    cross_entropy,
    decompose,
    degree_curve,
    detection_average_precision,
    dice,
    distance_ratio,
    fid,
    fit_gaussian,
    fit_polynomial,
    frechet_distance,
    gaussian_negative_log_likelihood,
    gaussian_rows,
    group_k_fold,
    huber,
    iou,
    irreducible_error,
    laplace_negative_log_likelihood,
    least_absolute_line,
    least_squares_line,
    leave_one_out,
    line_with_outliers,
    match_detections,
    mean_average_precision,
    nested_cross_validation,
    penalty_curve,
    perplexity,
    polynomial_design,
    precision_recall_f1,
    predict_polynomial,
    rouge_n,
    share_inside_ball,
    simpson,
    sine_sample,
    smooth_l1,
    stratified_k_fold,
    time_series_split,
    training_sample,
    uniform_points,
    validation_sample,
)
from getting_started_ml.appendix_b.bias_variance import predictions_by_set
from getting_started_ml.appendix_b.rates import (
    f_beta,
    false_positive_rate,
    operating_point,
    specificity,
)
from getting_started_ml.chapter11 import ConfusionMatrix, accuracy, k_fold

anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**9), 10**9),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
)
numbers = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-5, 5), anything)
number_lists = st.one_of(st.lists(numbers, max_size=6), anything)


@settings(max_examples=80, deadline=None)
@given(number_lists, st.one_of(st.lists(st.one_of(st.booleans(), anything), max_size=6), anything))
def test_AP(scores: Any, labels: Any) -> None:
    names = ["scores", "labels", "スコア", "n_positive"]
    for ap in (
        average_precision,
        average_precision_11pt,
        average_precision_101pt,
        average_precision_all_points,
    ):
        result = call_safely(lambda f=ap: f(scores, labels), names=names)  # type: ignore[misc]
        if result is not None:
            assert 0.0 <= result <= 1.0 + 1e-12


@settings(max_examples=40, deadline=None)
@given(number_lists)
def test_mAP(precisions: Any) -> None:
    result = call_safely(lambda: mean_average_precision(precisions), names=["precisions"])
    if result is not None:
        assert 0.0 <= result <= 1.0


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(st.lists(st.sampled_from("ab"), max_size=5), anything),
    st.one_of(st.lists(st.sampled_from("ab"), max_size=5), anything),
    st.one_of(st.sampled_from(["macro", "micro", "weighted"]), anything),
)
def test_多クラスの平均(actual: Any, predicted: Any, average: Any) -> None:
    names = ["actual", "predicted", "正解", "average"]
    result = call_safely(lambda: precision_recall_f1(actual, predicted, average), names=names)
    if result is not None:
        assert 0.0 <= result.f1 <= 1.0


@settings(max_examples=60, deadline=None)
@given(numbers, numbers, numbers, numbers)
def test_長方形とIoU(x1: Any, y1: Any, x2: Any, y2: Any) -> None:
    box = call_safely(lambda: Box(x1, y1, x2, y2), names=["x1", "y1", "x2", "y2", "Box"])
    if box is not None:
        for measure in (iou, dice):
            value = call_safely(lambda m=measure: m(box, Box(0, 0, 1, 1)), names=[])  # type: ignore[misc]
            assert value is not None
            assert 0.0 <= value <= 1.0


@settings(max_examples=60, deadline=None)
@given(numbers, numbers)
def test_Huber(error: Any, delta: Any) -> None:
    result = call_safely(lambda: huber(error, delta), names=["error", "delta"])
    if result is not None:
        assert result >= 0.0
    call_safely(lambda: smooth_l1(error), names=["error"])


@settings(max_examples=60, deadline=None)
@given(number_lists)
def test_パープレキシティ(probabilities: Any) -> None:
    names = ["probabilities"]
    entropy = call_safely(lambda: cross_entropy(probabilities), names=names)
    if entropy is not None:
        assert entropy >= 0.0
    call_safely(lambda: perplexity(probabilities), names=names)


words = st.lists(st.sampled_from(["a", "b", "c"]), max_size=6)


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(words, anything),
    st.one_of(st.lists(words, max_size=3), anything),
    st.one_of(st.integers(-1, 5), anything),
)
def test_BLEU(candidate: Any, references: Any, max_n: Any) -> None:
    names = ["candidate", "references", "max_n"]
    result = call_safely(lambda: bleu(candidate, references, max_n), names=names)
    if result is not None:
        assert 0.0 <= result <= 1.0 + 1e-12


@settings(max_examples=60, deadline=None)
@given(counts(), counts())
def test_次元の呪いの区画と内接球(dimension: Any, per_axis: Any) -> None:
    cells = call_safely(
        lambda: cells_to_cover(dimension, per_axis), names=["dimension", "per_axis"]
    )
    if cells is not None:
        assert cells >= 1
    ratio = call_safely(lambda: ball_volume_ratio(dimension), names=["dimension"])
    if ratio is not None:
        assert 0.0 <= ratio <= 1.0 + 1e-12


@settings(max_examples=40, deadline=None)
@given(counts(), counts(), st.one_of(st.integers(-(2**63), 2**63), anything))
def test_一様な点と球に入る割合(n_points: Any, dimension: Any, seed: Any) -> None:
    names = ["n_points", "dimension", "seed"]
    points = call_safely(lambda: uniform_points(n_points, dimension, seed), names=names)
    if points is not None:
        assert all(0.0 <= value < 1.0 for row in points for value in row)
    share = call_safely(lambda: share_inside_ball(n_points, dimension, seed), names=names)
    if share is not None:
        assert 0.0 <= share <= 1.0


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.lists(number_lists, max_size=4), anything))
def test_距離の比(points: Any) -> None:
    result = call_safely(lambda: distance_ratio(points), names=["points"])
    if result is not None:
        assert result >= 1.0


samples = st.one_of(
    st.builds(Sample, number_lists, number_lists),
    st.builds(
        Sample, st.lists(st.floats(0, 1), max_size=6), st.lists(st.floats(-2, 2), max_size=6)
    ),
    anything,
)


@settings(max_examples=80, deadline=None)
@given(samples, st.one_of(st.integers(-1, 25), anything), st.one_of(numbers, st.floats(0, 10)))
def test_多項式の当てはめ(sample: Any, degree: Any, penalty: Any) -> None:
    names = ["sample", "degree", "penalty", "x", "t"]
    weights = call_safely(lambda: fit_polynomial(sample, degree, penalty), names=names)
    if weights is not None:
        assert len(weights) == degree + 1
        call_safely(lambda: predict_polynomial(weights, sample.x), names=names)
    call_safely(lambda: irreducible_error(sample), names=names)


@settings(max_examples=40, deadline=None)
@given(number_lists, st.one_of(st.integers(-(2**40), 2**40), anything), numbers)
def test_雑音の乗ったsin(xs: Any, seed: Any, noise_sd: Any) -> None:
    sample = call_safely(lambda: sine_sample(xs, seed, noise_sd), names=["xs", "seed", "noise_sd"])
    if sample is not None:
        assert len(sample.x) == len(sample.t)


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.integers(-3, 30), anything), st.one_of(st.integers(-3, 30), anything))
def test_訓練データと検証データ(n_points: Any, seed: Any) -> None:
    names = ["n_points", "seed"]
    for make in (training_sample, validation_sample):
        sample = call_safely(lambda m=make: m(n_points, seed), names=names)  # type: ignore[misc]
        if sample is not None:
            assert len(sample.x) == n_points


@settings(max_examples=40, deadline=None)
@given(samples, samples, st.one_of(st.lists(st.integers(-1, 25), max_size=3), anything))
def test_誤差の曲線(train: Any, validation: Any, settings_: Any) -> None:
    names = ["sample", "degree", "k", "x", "t", "weights", "正解", "予測", "degrees", "log10"]
    for curve in (
        lambda: degree_curve(train, validation, settings_),
        lambda: penalty_curve(train, validation, 3, settings_),
    ):
        points = call_safely(curve, names=names)
        if points is not None:
            assert all(point.train >= 0 and point.validation >= 0 for point in points)


@settings(max_examples=30, deadline=None)
@given(
    st.one_of(st.integers(-1, 25), anything),
    st.one_of(numbers, st.floats(0, 1)),
    st.one_of(counts(), st.integers(2, 5)),
    st.one_of(counts(), st.integers(2, 12)),
)
def test_バイアスとバリアンス(degree: Any, penalty: Any, n_sets: Any, n_points: Any) -> None:
    names = ["degree", "penalty", "n_sets", "n_points"]
    parts = call_safely(lambda: decompose(degree, penalty, n_sets, n_points), names=names)
    if parts is not None:
        assert parts.bias_squared >= 0
        assert parts.variance >= 0
        assert parts.expected_error >= 0


confusion_matrices = st.one_of(
    st.builds(
        ConfusionMatrix, st.integers(0, 9), st.integers(0, 9), st.integers(0, 9), st.integers(0, 9)
    ),
    anything,
)


@settings(max_examples=60, deadline=None)
@given(confusion_matrices, numbers)
def test_Fβと特異度と偽陽性率(cm: Any, beta: Any) -> None:
    names = ["cm", "beta"]
    value = call_safely(lambda: f_beta(cm, beta), names=names)
    if value is not None:
        assert 0.0 <= value <= 1.0
    for rate in (specificity, false_positive_rate):
        result = call_safely(lambda r=rate: r(cm), names=names)  # type: ignore[misc]
        if result is not None:
            assert 0.0 <= result <= 1.0


@settings(max_examples=60, deadline=None)
@given(number_lists, st.one_of(st.lists(st.booleans(), max_size=6), anything), numbers)
def test_動作点(scores: Any, labels: Any, threshold: Any) -> None:
    names = ["scores", "labels", "スコア", "threshold"]
    point = call_safely(lambda: operating_point(scores, labels, threshold), names=names)
    if point is not None:
        assert point.matrix.tp + point.matrix.fn == sum(labels)


@settings(max_examples=60, deadline=None)
@given(number_lists, numbers)
def test_負の対数尤度(residuals: Any, scale: Any) -> None:
    names = ["residuals", "sigma", "scale"]
    for nll in (gaussian_negative_log_likelihood, laplace_negative_log_likelihood):
        call_safely(lambda f=nll: f(residuals, scale), names=names)  # type: ignore[misc]


@settings(max_examples=60, deadline=None)
@given(number_lists, number_lists)
def test_直線の当てはめ(x: Any, y: Any) -> None:
    names = ["x", "y"]
    for fit in (least_squares_line, least_absolute_line):
        line = call_safely(lambda f=fit: f(x, y), names=names)  # type: ignore[misc]
        if line is not None:
            assert isinstance(line, Line)


@settings(max_examples=40, deadline=None)
@given(counts(), st.one_of(st.integers(-(2**40), 2**40), anything))
def test_外れ値のある直線(n_points: Any, seed: Any) -> None:
    rows = call_safely(lambda: line_with_outliers(n_points, seed), names=["n_points", "seed"])
    if rows is not None:
        assert len(rows[0]) == len(rows[1]) == n_points


@settings(max_examples=60, deadline=None)
@given(number_lists, number_lists)
def test_コサイン(a: Any, b: Any) -> None:
    for measure in (cosine_similarity, cosine_distance):
        value = call_safely(lambda m=measure: m(a, b), names=["a", "b"])  # type: ignore[misc]
        if value is not None:
            assert -1.0 <= value <= 2.0


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(st.sets(st.integers(0, 5)), anything), st.one_of(st.sets(st.integers(0, 5)), anything)
)
def test_Simpson係数(truth: Any, prediction: Any) -> None:
    value = call_safely(lambda: simpson(truth, prediction), names=["truth"])
    if value is not None:
        assert 0.0 <= value <= 1.0


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(words, anything),
    st.one_of(st.lists(words, max_size=3), anything),
    st.one_of(st.integers(-1, 5), anything),
)
def test_ROUGE(candidate: Any, references: Any, n: Any) -> None:
    names = ["candidate", "references", "n"]
    result = call_safely(lambda: rouge_n(candidate, references, n), names=names)
    if result is not None:
        assert 0.0 <= result <= 1.0


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(st.lists(number_lists, max_size=4), anything),
    st.one_of(st.lists(number_lists, max_size=4), anything),
)
def test_FID(real: Any, generated: Any) -> None:
    value = call_safely(lambda: fid(real, generated), names=["features", "次元", "分布"])
    if value is not None:
        assert value >= 0.0


@settings(max_examples=40, deadline=None)
@given(counts(), numbers, numbers, st.one_of(st.integers(-5, 5), anything))
def test_正規分布の行(n_rows: Any, shift: Any, scale: Any, seed: Any) -> None:
    names = ["n_rows", "shift", "scale", "seed"]
    rows = call_safely(lambda: gaussian_rows(n_rows, shift, scale, seed), names=names)
    if rows is not None:
        assert len(rows) == n_rows


def test_FIDは大きすぎる特徴量を名前を書いて断る() -> None:
    call_safely(lambda: fid([[1e308], [-1e308]], [[0.0], [1.0]]), names=["features"])
    assert (
        call_safely(lambda: fid([[1e200], [-1e200]], [[1e200], [-1e200]]), names=["features"])
        is None
    )


detections = st.one_of(
    st.lists(
        st.builds(
            Detection,
            st.floats(0, 1),
            st.builds(Box, st.just(0.0), st.just(0.0), st.floats(0.1, 3), st.floats(0.1, 3)),
        ),
        max_size=4,
    ),
    st.lists(anything, max_size=2),
    anything,
)
truth_boxes = st.one_of(
    st.lists(
        st.builds(Box, st.just(0.5), st.just(0.5), st.floats(0.5, 3), st.floats(0.5, 3)), max_size=3
    ),
    st.lists(anything, max_size=2),
    anything,
)


@settings(max_examples=60, deadline=None)
@given(detections, truth_boxes, st.one_of(numbers, st.floats(0.1, 1)))
def test_検出の対応づけとCOCOのAP(found: Any, truths: Any, threshold: Any) -> None:
    names = ["detections", "truths", "threshold"]
    matching = call_safely(lambda: match_detections(found, truths, threshold), names=names)
    if matching is not None:
        assert sum(matching.hits) <= matching.n_truths
    value = call_safely(lambda: coco_average_precision(found, truths), names=names)
    if value is not None:
        assert 0.0 <= value <= 1.0


@settings(max_examples=40, deadline=None)
@given(numbers, anything)
def test_検出(score: Any, box: Any) -> None:
    call_safely(lambda: Detection(score, box), names=["score", "box"])


label_lists = st.one_of(st.lists(st.sampled_from(["a", "b", 0, 1, None]), max_size=12), anything)


@settings(max_examples=60, deadline=None)
@given(label_lists, counts(), st.one_of(st.integers(-(2**40), 2**40), anything))
def test_層化とグループの分け方(labels: Any, n_splits: Any, seed: Any) -> None:
    names = ["labels", "groups", "分割", "seed", "n_splits"]
    for split in (stratified_k_fold, group_k_fold):
        folds = call_safely(lambda f=split: f(labels, n_splits, seed), names=names)  # type: ignore[misc]
        if folds is not None:
            assert sorted(p for fold in folds for p in fold.test) == list(range(len(labels)))


@settings(max_examples=60, deadline=None)
@given(counts(), counts())
def test_1つ抜きと時系列の分け方(n_samples: Any, n_splits: Any) -> None:
    names = ["n_samples", "n_splits", "行の数", "分割"]
    call_safely(lambda: leave_one_out(n_samples), names=names)
    folds = call_safely(lambda: time_series_split(n_samples, n_splits), names=names)
    if folds is not None:
        assert all(max(fold.train) < min(fold.test) for fold in folds)


def constant(answer: Any) -> Any:
    return lambda x, t: lambda rows: [answer] * len(rows)


@settings(max_examples=30, deadline=None)
@given(
    st.one_of(st.lists(st.sampled_from("ab"), min_size=1, max_size=3), anything),
    st.one_of(st.lists(st.sampled_from("ab"), min_size=4, max_size=9), anything),
    counts(),
)
def test_入れ子の交差検証(candidates: Any, t: Any, inner_splits: Any) -> None:
    names = [
        "settings",
        "特徴量",
        "分割",
        "inner_splits",
        "n_splits",
        "正解",
        "labels",
        "x",
        "t",
        "outer",
    ]
    x = list(range(len(t))) if isinstance(t, list) else t
    outer = k_fold(len(t), 2, 0) if isinstance(t, list) and len(t) >= 2 else []
    result = call_safely(
        lambda: nested_cross_validation(
            constant,
            candidates,
            x,
            t,
            metric=accuracy,
            outer=outer,
            inner_splits=inner_splits,
            seed=0,
        ),
        names=names,
    )
    if result is not None:
        assert all(0.0 <= score <= 1.0 for score in result.scores)
    call_safely(
        lambda: best_setting(constant, candidates, x, t, metric=accuracy, folds=outer), names=names
    )


@settings(max_examples=40, deadline=None)
@given(number_lists, st.one_of(st.integers(-1, 25), anything))
def test_多項式の計画行列(x: Any, degree: Any) -> None:
    design = call_safely(lambda: polynomial_design(x, degree), names=["x", "degree"])
    if design is not None:
        assert design.shape == (len(x), degree + 1)


@settings(max_examples=30, deadline=None)
@given(
    st.one_of(st.integers(-1, 25), anything),
    st.one_of(numbers, st.floats(0, 1)),
    st.one_of(counts(), st.integers(2, 5)),
    st.one_of(counts(), st.integers(2, 12)),
)
def test_組ごとの予測(degree: Any, penalty: Any, n_sets: Any, n_points: Any) -> None:
    names = ["degree", "penalty", "n_sets", "n_points"]
    result = call_safely(
        lambda: predictions_by_set(degree, penalty, n_sets, n_points, 0), names=names
    )
    if result is not None:
        assert result[0].shape == result[1].shape


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.lists(number_lists, max_size=4), anything), anything)
def test_正規分布の当てはめとフレシェ距離(features: Any, other: Any) -> None:
    fitted = call_safely(lambda: fit_gaussian(features), names=["features"])
    call_safely(lambda: frechet_distance(other, other), names=["Gaussian", "分布"])
    if fitted is not None:
        value = call_safely(lambda: frechet_distance(fitted, fitted), names=["分布"])
        assert value is None or value >= 0.0


@settings(max_examples=40, deadline=None)
@given(detections, truth_boxes, st.one_of(numbers, st.floats(0.1, 1)))
def test_検出のAP(found: Any, truths: Any, threshold: Any) -> None:
    names = ["detections", "truths", "threshold"]
    value = call_safely(lambda: detection_average_precision(found, truths, threshold), names=names)
    if value is not None:
        assert 0.0 <= value <= 1.0
