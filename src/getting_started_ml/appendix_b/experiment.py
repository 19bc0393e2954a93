# --8<-- [start:header]
"""付録 B のコマンド: 資料の計算例と、この本のモデル（iris と Survived の木）の指標を表示する。"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from getting_started_ml.appendix_b.averaging import (
    AVERAGES,
    class_counts,
    precision_recall_f1,
    scores_of,
)
from getting_started_ml.appendix_b.bias_variance import N_POINTS, N_SETS, decompose
from getting_started_ml.appendix_b.dimensionality import (
    ball_volume_ratio,
    cells_to_cover,
    distance_ratio,
    share_inside_ball,
    uniform_points,
)
from getting_started_ml.appendix_b.generalization import (
    NOISE_SD,
    degree_curve,
    irreducible_error,
    penalty_curve,
    training_sample,
    validation_sample,
)
from getting_started_ml.appendix_b.likelihood import (
    OUTLIER_ROWS,
    least_absolute_line,
    least_squares_line,
    line_with_outliers,
)
from getting_started_ml.appendix_b.losses import bleu, huber, perplexity, rouge_n, smooth_l1
from getting_started_ml.appendix_b.matching import (
    COCO_THRESHOLDS,
    Detection,
    coco_average_precision,
    detection_average_precision,
    match_detections,
)
from getting_started_ml.appendix_b.overlap import Box, dice, iou, simpson
from getting_started_ml.appendix_b.ranking import (
    average_precision,
    average_precision_11pt,
    average_precision_101pt,
    average_precision_all_points,
    detection_labels,
    mean_average_precision,
)
from getting_started_ml.appendix_b.rates import (
    f_beta,
    false_positive_rate,
    operating_point,
    specificity,
)
from getting_started_ml.appendix_b.similarity import (
    FID_ROWS,
    cosine_distance,
    cosine_similarity,
    fid,
    gaussian_rows,
)
from getting_started_ml.appendix_b.splitting import (
    group_k_fold,
    leave_one_out,
    stratified_k_fold,
    time_series_split,
)
from getting_started_ml.chapter02 import IRIS, Table, prepare_iris
from getting_started_ml.chapter03 import DecisionTree
from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter10 import LogisticRegression
from getting_started_ml.chapter11 import (
    N_SPLITS,
    SEED,
    auc,
    k_fold,
    out_of_fold_scores,
    precision,
    prepare_survived,
    recall,
    roc_curve,
)
from getting_started_ml.numeric import format_fixed

# --8<-- [end:header]

# --8<-- [start:worked-examples]
DETECTION_HITS = (True, True, False, False, False, True, True, False, False, True)
CLASS_APS = (0.753, 0.990, 0.683)
BOXES = (Box(0, 0, 2, 2), Box(1, 1, 3, 3))
CANDIDATE = ["the", "cat", "sat", "on", "the", "mat"]
REFERENCES = (
    ["the", "cat", "is", "on", "the", "mat"],
    ["there", "is", "a", "cat", "on", "the", "mat"],
)
SHORT_CANDIDATE = ["the", "cat"]
TRUTH_BOXES = (Box(0, 0, 2, 2), Box(3, 3, 5, 5), Box(6, 0, 8, 2))
DETECTIONS = (
    Detection(0.6, Box(6, 0, 8, 2.5)),
    Detection(0.9, Box(0, 0, 2, 2.2)),
    Detection(0.8, Box(0.1, 0, 2.1, 2)),
    Detection(0.7, Box(3.5, 3.5, 5.5, 5.5)),
    Detection(0.5, Box(10, 10, 11, 11)),
)
GROUPS = ("A", "A", "A", "B", "B", "C", "C", "C", "C", "D")
# --8<-- [end:worked-examples]


# --8<-- [start:printers]
def fixed(value: float) -> str:
    """Java と同じ半上げで小数 4 桁にする。"""
    return format_fixed(value, 4)


def print_detection() -> None:
    """1. 資料の 10 件の検出の AP と mAP。"""
    scores, labels = detection_labels(DETECTION_HITS)
    print("1. 10 件の検出（正解の物体 5 個）の平均適合率 AP")
    print(f"  11 点補間: {fixed(average_precision_11pt(scores, labels))}")
    print(f"  全点補間: {fixed(average_precision_all_points(scores, labels))}")
    print(f"  101 点補間（COCO）: {fixed(average_precision_101pt(scores, labels))}")
    print(f"  補間なし: {fixed(average_precision(scores, labels))}")
    listed = ", ".join(format_fixed(value, 3) for value in CLASS_APS)
    print(f"  3 クラスの AP（{listed}）の mAP: {fixed(mean_average_precision(CLASS_APS))}")


def print_iris(
    label: str, name: str, actual: Sequence[Hashable], predicted: Sequence[Hashable]
) -> None:
    """2. iris の 3 クラスの指標と、3 通りの平均。"""
    print(f"{label} iris の{name}、テストデータ {len(actual)} 件")
    print("  クラス\t適合率\t再現率\tF値\t件数")
    for species, counts in class_counts(actual, predicted).items():
        scores = scores_of(counts.tp, counts.fp, counts.fn)
        print(
            f"  {species}\t{fixed(scores.precision)}\t{fixed(scores.recall)}\t"
            f"{fixed(scores.f1)}\t{counts.support}"
        )
    names = {"macro": "マクロ平均", "micro": "ミクロ平均", "weighted": "重み付き平均"}
    for average in AVERAGES:
        scores = precision_recall_f1(actual, predicted, average)
        print(
            f"  {names[average]}\t{fixed(scores.precision)}\t{fixed(scores.recall)}\t"
            f"{fixed(scores.f1)}"
        )


def print_survived(scores: Sequence[float], labels: Sequence[bool]) -> None:
    """3. Survived の木のスコアの AUC と AP。"""
    share = sum(labels) / len(labels)
    print(f"3. Survived の決定木（第 11 章）の分割外スコア {len(labels)} 件")
    print(f"  ROC 曲線の AUC: {fixed(auc(roc_curve(scores, labels)))}")
    print(f"  平均適合率 AP（補間なし）: {fixed(average_precision(scores, labels))}")
    print(f"  でたらめなスコアの AP（正例の割合）: {fixed(share)}")


def print_others() -> None:
    """4〜6. 重なり、回帰の損失、言語の指標。"""
    truth, prediction = BOXES
    print("4. 2 つの長方形 (0, 0)–(2, 2) と (1, 1)–(3, 3) の重なり")
    j, d = iou(truth, prediction), dice(truth, prediction)
    print(f"  IoU: {fixed(j)}、Dice: {fixed(d)}、2J/(1+J): {fixed(2 * j / (1 + j))}")
    print("5. 誤差 0.5 と 3 の損失（Huber は δ = 2）")
    for error in (0.5, 3.0):
        print(
            f"  誤差 {error}: Huber {fixed(huber(error, 2.0))}、Smooth L1 {fixed(smooth_l1(error))}"
        )
    print("6. 言語の指標")
    print(f"  10 語に一様な確率のモデルのパープレキシティ: {fixed(perplexity([0.1] * 20))}")
    sentence = " ".join(CANDIDATE)
    for max_n in (4, 2):
        value = fixed(bleu(CANDIDATE, REFERENCES, max_n))
        print(f"  BLEU（{sentence}、{max_n}-gram まで）: {value}")
    short = " ".join(SHORT_CANDIDATE)
    print(f"  BLEU（{short}、2-gram まで）: {fixed(bleu(SHORT_CANDIDATE, REFERENCES, 2))}")


def print_dimensionality() -> None:
    """7. 次元の呪い: 区画の数、内接球の割合（式と一様な点 1000 個）、距離の比（点 50 個）。"""
    print("7. 次元の呪い")
    print("  次元\t10 分割の区画\t内接球の割合\t点 1000 個で数えた割合")
    for dimension in (1, 2, 3, 5, 10, 20):
        counted = (
            fixed(share_inside_ball(1000, dimension, SEED)) if dimension in (2, 5, 10) else "-"
        )
        ratio = ball_volume_ratio(dimension)
        print(f"  {dimension}\t{cells_to_cover(dimension)}\t{ratio:.4g}\t{counted}")
    ratios = []
    for dimension in (2, 10, 100, 500):
        ratio = distance_ratio(uniform_points(50, dimension, SEED))
        ratios.append(f"{dimension} 次元 {fixed(ratio)}")
    print(f"  点 50 個の「いちばん遠い ÷ いちばん近い」距離の平均: {'、'.join(ratios)}")


def print_generalization() -> None:
    """8. 過学習と学習不足: 次数ごと、罰則ごとの訓練誤差と検証誤差。"""
    train, validation = training_sample(), validation_sample()
    print(
        f"8. sin(2πx) + 雑音（分散 {fixed(NOISE_SD**2)}）の訓練データ {len(train.x)} 点、"
        f"検証データ {len(validation.x)} 点に多項式を当てはめる"
    )
    print("  次数 M\t訓練誤差\t検証誤差")
    for point in degree_curve(train, validation, range(10)):
        print(f"  {point.setting}\t{fixed(point.train)}\t{fixed(point.validation)}")
    print("  次数 9 に L2 の罰則 λ を入れる")
    print("  log10 λ\t訓練誤差\t検証誤差")
    for point in penalty_curve(train, validation, 9, (-9.0, -6.0, -3.0, 0.0)):
        print(f"  {point.setting:g}\t{fixed(point.train)}\t{fixed(point.validation)}")
    many = training_sample(100)
    line = "、".join(
        f"次数 {p.setting} で {fixed(p.validation)}" for p in degree_curve(many, validation, (3, 9))
    )
    print(f"  訓練データを 100 点にしたときの検証誤差: {line}")
    print(f"  本当の関数 sin(2πx) で予測したときの検証誤差: {fixed(irreducible_error(validation))}")


def print_bias_variance() -> None:
    """9. バイアス²・バリアンス・雑音と、実測した二乗誤差の期待値。"""
    print(f"9. 訓練データ {N_POINTS} 点を {N_SETS} 組引き直して当てはめた二乗誤差の内訳")
    print("  モデル\tバイアス²\tバリアンス\t雑音\t合計\t実測（標準誤差）")
    for name, degree, penalty in (
        ("次数 1", 1, 0.0),
        ("次数 9", 9, 0.0),
        ("次数 9、λ = 10^-3", 9, 1e-3),
    ):
        parts = decompose(degree, penalty)
        print(
            f"  {name}\t{fixed(parts.bias_squared)}\t{fixed(parts.variance)}\t"
            f"{fixed(parts.noise)}\t{fixed(parts.total)}\t"
            f"{fixed(parts.expected_error)}（{fixed(parts.standard_error)}）"
        )


def print_rates(scores: Sequence[float], labels: Sequence[bool]) -> None:
    """10. Survived の木のスコアを 0.5 で切ったときの指標と、2 つの曲線の上の位置。"""
    point = operating_point(scores, labels, 0.5)
    cm = point.matrix
    print("10. Survived の決定木の分割外スコアを 0.5 以上で正例としたとき")
    print(f"  tp {cm.tp}、fp {cm.fp}、fn {cm.fn}、tn {cm.tn}")
    print(
        f"  適合率 {fixed(precision(cm))}、再現率 {fixed(recall(cm))}、"
        f"特異度 {fixed(specificity(cm))}、偽陽性率 {fixed(false_positive_rate(cm))}"
    )
    betas = "、".join(f"F{beta:g} {fixed(f_beta(cm, beta))}" for beta in (0.5, 1.0, 2.0))
    print(f"  {betas}")
    (fpr, tpr), (r, p) = point.roc, point.pr
    print(
        f"  ROC 曲線の上の位置 ({fixed(fpr)}, {fixed(tpr)})、"
        f"PR 曲線の上の位置 ({fixed(r)}, {fixed(p)})"
    )


def print_regression() -> None:
    """11. 決定係数の読み方と、外れ値のある直線への二乗誤差・絶対誤差の当てはめ。"""
    print("11. 回帰の指標と損失")
    actual = [3.0, 5.0, 4.0, 8.0]
    for name, guess in (("平均 5", 5.0), ("定数 7", 7.0)):
        print(
            f"  正解 3, 5, 4, 8 を{name} で予測した決定係数: {fixed(r2_score(actual, [guess] * 4))}"
        )
    x, y = line_with_outliers()
    clean = [i for i in range(len(x)) if i not in OUTLIER_ROWS]
    print(f"  y = 1 + 2x に雑音、{len(x)} 点のうち {len(OUTLIER_ROWS)} 点を 5 上にずらしたデータ")
    print("  損失\t切片\t傾き\t決定係数（全点）\t決定係数（ずらしていない点）")
    for name, line in (
        ("二乗誤差", least_squares_line(x, y)),
        ("絶対誤差", least_absolute_line(x, y)),
    ):
        whole = r2_score(y, line.predict(x))
        kept = r2_score([y[i] for i in clean], line.predict([x[i] for i in clean]))
        print(
            f"  {name}\t{fixed(line.intercept)}\t{fixed(line.slope)}\t{fixed(whole)}\t{fixed(kept)}"
        )


def print_similarity() -> None:
    """12. コサイン、Simpson 係数、ROUGE-N と BLEU、FID。"""
    print("12. 類似度と生成の指標")
    for a, b in (([1.0, 2.0], [3.0, 6.0]), ([1.0, 0.0], [0.0, 2.0]), ([1.0, 2.0], [-2.0, -4.0])):
        print(
            f"  {a} と {b}: コサイン類似度 {fixed(cosine_similarity(a, b))}、"
            f"コサイン距離 {fixed(cosine_distance(a, b))}"
        )
    small, large = {1, 2}, {1, 2, 3, 4}
    print(
        f"  {{1, 2}} と {{1, 2, 3, 4}}: IoU {fixed(iou(small, large))}、"
        f"Dice {fixed(dice(small, large))}、Simpson {fixed(simpson(small, large))}"
    )
    sentence = " ".join(CANDIDATE)
    for n in (1, 2):
        print(
            f"  {sentence}: ROUGE-{n}（再現率）{fixed(rouge_n(CANDIDATE, REFERENCES, n))}、"
            f"BLEU（{n}-gram まで）{fixed(bleu(CANDIDATE, REFERENCES, n))}"
        )
    base = gaussian_rows(FID_ROWS, 0.0, 1.0, 1)
    print(f"  2 次元の正規分布から {FID_ROWS} 行ずつ引いた 2 組の FID")
    for name, shift, scale in (
        ("同じ分布", 0.0, 1.0),
        ("平均を 1 ずらす", 1.0, 1.0),
        ("標準偏差を 2 倍", 0.0, 2.0),
    ):
        print(f"  {name}: {fixed(fid(base, gaussian_rows(FID_ROWS, shift, scale, 2)))}")


def print_matching() -> None:
    """13. 検出を正解の箱に対応づけた当たり外れと、IoU のしきい値ごとの AP。"""
    print(f"13. 正解の箱 {len(TRUTH_BOXES)} つに対する検出 {len(DETECTIONS)} 件の対応づけ")
    for threshold in (0.5, 0.35):
        matching = match_detections(DETECTIONS, TRUTH_BOXES, threshold)
        marks = " ".join(
            f"{score:g}{'○' if hit else '×'}"
            for score, hit in zip(matching.scores, matching.hits, strict=True)
        )
        print(f"  IoU {threshold:g} 以上で当たり: {marks}")
    each = "、".join(
        f"{t:.2f} で {fixed(detection_average_precision(DETECTIONS, TRUTH_BOXES, t))}"
        for t in COCO_THRESHOLDS
    )
    print(f"  101 点補間の AP: {each}")
    print(
        f"  AP@[.50:.95]（10 段階の平均）: {fixed(coco_average_precision(DETECTIONS, TRUTH_BOXES))}"
    )


def print_splits(labels: Sequence[bool]) -> None:
    """14. 分け方: Survived の正例の数（ただの k 分割と層化）、1 つ抜き、時系列、グループ。"""
    print("14. データの分け方")
    for name, folds in (
        ("k 分割（第 11 章）", k_fold(len(labels), N_SPLITS, SEED)),
        ("層化 k 分割", stratified_k_fold(labels, N_SPLITS, SEED)),
    ):
        counts = " ".join(str(sum(labels[p] for p in fold.test)) for fold in folds)
        print(f"  Survived、{name}: 各分割のテストの生存者 {counts}")
    for name, folds in (
        ("1 つ抜き（4 行）", leave_one_out(4)),
        ("時系列（10 行、3 分割）", time_series_split(10, 3)),
    ):
        print(f"  {name}: " + "、".join(f"{f.train} → {f.test}" for f in folds))
    folds = group_k_fold(GROUPS, 2, SEED)
    print(
        f"  グループ（{''.join(GROUPS)}、2 分割）: テスト " + "、".join(str(f.test) for f in folds)
    )


# --8<-- [end:printers]


# --8<-- [start:main]
def main() -> None:
    """資料の計算例と、この本のモデルの指標を表示する。"""
    iris = prepare_iris(Table.load(IRIS))
    tree = DecisionTree[str].with_max_depth(2).fit(iris.x_train, iris.t_train)
    logistic = LogisticRegression().fit(iris.x_train, iris.t_train)
    survived = prepare_survived(Table.load("Survived.csv"))
    scores, labels = out_of_fold_scores(survived, k_fold(len(survived.x), N_SPLITS, SEED))
    print_detection()
    print_iris("2a.", "決定木（第 3 章、深さ 2）", iris.t_test, tree.predict(iris.x_test))
    print_iris("2b.", "ロジスティック回帰（第 10 章）", iris.t_test, logistic.predict(iris.x_test))
    print_survived(scores, labels)
    print_others()
    print_dimensionality()
    print_generalization()
    print_bias_variance()
    print_rates(scores, labels)
    print_regression()
    print_similarity()
    print_matching()
    print_splits(labels)


# --8<-- [end:main]
