"""付録 B の図: Survived の決定木のスコアの PR 曲線と ROC 曲線、多項式の次数と正則化の誤差。

描く数値は SVG に JSON で埋め込む（共通の getting_started_ml.figures で描く）。
python -m getting_started_ml.appendix_b.figures で chapters/figures/ の SVG を描き直す。
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.appendix_b.bias_variance import N_POINTS, N_SETS, decompose
from getting_started_ml.appendix_b.generalization import (
    NOISE_SD,
    degree_curve,
    fit_polynomial,
    penalty_curve,
    predict_polynomial,
    training_sample,
    true_curve,
    validation_sample,
)
from getting_started_ml.appendix_b.ranking import average_precision, pr_curve
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter11 import (
    N_SPLITS,
    SEED,
    auc,
    k_fold,
    out_of_fold_scores,
    prepare_survived,
    roc_curve,
)
from getting_started_ml.figures import figure_svg, label_axes, new_figure, redraw, write_figure
from getting_started_ml.numeric import format_fixed

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CREATOR = "getting_started_ml.appendix_b.figures"
PR_ROC_FIGURE = "appendix-b-pr-roc.svg"
OVERFITTING_FIGURE = "appendix-b-overfitting.svg"
BIAS_VARIANCE_FIGURE = "appendix-b-bias-variance.svg"
BIAS_VARIANCE_DEGREES = tuple(range(10))
SHOWN_DEGREES = (0, 3, 9)
LOG10_PENALTIES = tuple(k / 2 for k in range(-20, 1))
CURVE_POINTS = 101


class PrRocData(TypedDict):
    """PR 曲線と ROC 曲線に描く数値。"""

    recalls: list[float]
    precisions: list[float]
    average_precision: float
    positive_share: float
    false_positive_rates: list[float]
    true_positive_rates: list[float]
    auc: float


# --8<-- [start:figure-data]
def pr_roc_data(scores: list[float], labels: list[bool]) -> PrRocData:
    """同じスコアから、PR 曲線と ROC 曲線の点、AP と AUC を求める。"""
    pr_points = pr_curve(scores, labels)
    roc_points = [p for p in roc_curve(scores, labels) if not math.isinf(p.threshold)]
    return PrRocData(
        recalls=[p.recall for p in pr_points],
        precisions=[p.precision for p in pr_points],
        average_precision=average_precision(scores, labels),
        positive_share=sum(labels) / len(labels),
        false_positive_rates=[0.0, *(p.false_positive_rate for p in roc_points)],
        true_positive_rates=[0.0, *(p.true_positive_rate for p in roc_points)],
        auc=auc(roc_curve(scores, labels)),
    )


# --8<-- [end:figure-data]


def draw_pr_roc(data: PrRocData) -> Figure:
    """左に PR 曲線、右に ROC 曲線を描く。それぞれに、でたらめなスコアの線を添える。"""
    figure = new_figure((9.6, 4.4))
    pr_axes, roc_axes = figure.subplots(1, 2)
    pr_axes.step(
        data["recalls"],
        data["precisions"],
        where="post",
        marker="o",
        label=f"決定木 AP {format_fixed(data['average_precision'], 4)}",
    )
    pr_axes.axhline(
        data["positive_share"],
        color="gray",
        linestyle="--",
        label=f"でたらめなスコア（正例の割合 {format_fixed(data['positive_share'], 4)}）",
    )
    pr_axes.set(xlim=(0, 1), ylim=(0, 1.02), xlabel="再現率", ylabel="適合率", title="PR 曲線")
    label_axes(pr_axes, legend={"loc": "lower left", "fontsize": 8})
    roc_axes.plot([0, 1], [0, 1], color="gray", linestyle="--", label="でたらめなスコア")
    roc_axes.plot(
        data["false_positive_rates"],
        data["true_positive_rates"],
        marker="o",
        label=f"決定木 AUC {format_fixed(data['auc'], 4)}",
    )
    roc_axes.set(xlim=(0, 1), ylim=(0, 1.02), xlabel="偽陽性率", ylabel="真陽性率（再現率）")
    label_axes(roc_axes, title="ROC 曲線", legend={"loc": "lower right", "fontsize": 8})
    figure.suptitle(f"Survived の決定木（深さ 2、{N_SPLITS} 分割の分割外スコア）")
    figure.tight_layout()
    return figure


def pr_roc_svg(data: PrRocData) -> str:
    """PR 曲線と ROC 曲線の SVG。"""
    return figure_svg(
        lambda: draw_pr_roc(data), "Survived の決定木の PR 曲線と ROC 曲線", data, CREATOR
    )


class OverfittingData(TypedDict):
    """過学習の図に描く数値: 訓練データ、次数ごとの曲線と誤差、罰則ごとの誤差、雑音の分散。"""

    train_x: list[float]
    train_t: list[float]
    grid: list[float]
    curves: dict[str, list[float]]
    degrees: list[int]
    degree_train: list[float]
    degree_validation: list[float]
    log10_penalties: list[float]
    penalty_train: list[float]
    penalty_validation: list[float]
    noise_variance: float


# --8<-- [start:overfitting-data]
def overfitting_data() -> OverfittingData:
    """10 点の訓練データに次数 0〜9 を当てはめた誤差と、次数 9 に罰則を入れた誤差。"""
    train, validation = training_sample(), validation_sample()
    grid = [i / (CURVE_POINTS - 1) for i in range(CURVE_POINTS)]
    by_degree = degree_curve(train, validation, range(10))
    by_penalty = penalty_curve(train, validation, 9, LOG10_PENALTIES)
    return OverfittingData(
        train_x=train.x,
        train_t=train.t,
        grid=grid,
        curves={
            f"M={d}": predict_polynomial(fit_polynomial(train, d), grid) for d in SHOWN_DEGREES
        },
        degrees=list(range(10)),
        degree_train=[p.train for p in by_degree],
        degree_validation=[p.validation for p in by_degree],
        log10_penalties=list(LOG10_PENALTIES),
        penalty_train=[p.train for p in by_penalty],
        penalty_validation=[p.validation for p in by_penalty],
        noise_variance=NOISE_SD**2,
    )


# --8<-- [end:overfitting-data]


def draw_overfitting(data: OverfittingData) -> Figure:
    """左: 当てはめた曲線、中: 次数ごとの誤差、右: 次数 9 で罰則ごとの誤差。"""
    figure = new_figure((12.0, 4.0))
    curve_axes, degree_axes, penalty_axes = figure.subplots(1, 3)
    curve_axes.plot(data["grid"], [true_curve(x) for x in data["grid"]], "k--", label="sin(2πx)")
    for name, values in data["curves"].items():
        curve_axes.plot(data["grid"], values, label=name)
    curve_axes.plot(data["train_x"], data["train_t"], "o", color="black", label="訓練データ")
    curve_axes.set(ylim=(-1.6, 1.6), xlabel="x", ylabel="t", title="当てはめた多項式")
    curve_axes.legend(fontsize=8)
    noise = data["noise_variance"]
    for axes, xs, train, validation in (
        (degree_axes, data["degrees"], data["degree_train"], data["degree_validation"]),
        (penalty_axes, data["log10_penalties"], data["penalty_train"], data["penalty_validation"]),
    ):
        axes.plot(xs, train, "o-", label="訓練誤差")
        axes.plot(xs, validation, "s--", label="検証誤差")
        axes.axhline(
            noise, color="gray", linestyle=":", label=f"雑音の分散 {format_fixed(noise, 4)}"
        )
        axes.set(ylim=(0, 0.6), ylabel="平均二乗誤差")
        label_axes(axes, legend={"fontsize": 8})
    degree_axes.set(xlabel="多項式の次数 M", title="次数を上げる（罰則なし）")
    penalty_axes.set(xlabel="log10 λ", title="次数 9 に L2 の罰則を入れる")
    figure.tight_layout()
    return figure


def overfitting_svg(data: OverfittingData) -> str:
    """過学習の図の SVG。"""
    return figure_svg(
        lambda: draw_overfitting(data),
        "多項式の次数と L2 正則化による訓練誤差と検証誤差",
        data,
        CREATOR,
    )


class BiasVarianceData(TypedDict):
    """次数ごとのバイアス²・バリアンス・雑音と、実測した二乗誤差の期待値。"""

    degrees: list[int]
    bias_squared: list[float]
    variance: list[float]
    noise: float
    expected_error: list[float]


# --8<-- [start:bias-variance-data]
def bias_variance_data() -> BiasVarianceData:
    """次数 0〜9 の多項式で、B.11 節と同じ分解（訓練データ 25 点を 100 組）を求める。"""
    parts = [decompose(degree) for degree in BIAS_VARIANCE_DEGREES]
    return BiasVarianceData(
        degrees=list(BIAS_VARIANCE_DEGREES),
        bias_squared=[p.bias_squared for p in parts],
        variance=[p.variance for p in parts],
        noise=parts[0].noise,
        expected_error=[p.expected_error for p in parts],
    )


# --8<-- [end:bias-variance-data]


def draw_bias_variance(data: BiasVarianceData) -> Figure:
    """次数を横軸に、バイアス²・バリアンス・3 つの和・実測の期待値を描く。"""
    figure = new_figure((6.4, 4.2))
    axes = figure.subplots()
    degrees = data["degrees"]
    totals = [
        b + v + data["noise"] for b, v in zip(data["bias_squared"], data["variance"], strict=True)
    ]
    axes.plot(degrees, data["bias_squared"], "o-", label="バイアス²")
    axes.plot(degrees, data["variance"], "s-", label="バリアンス")
    axes.axhline(data["noise"], color="gray", linestyle=":", label="雑音の分散")
    axes.plot(degrees, totals, "k-", label="3 つの和")
    axes.plot(degrees, data["expected_error"], "kx", label="実測した二乗誤差の期待値")
    axes.set(
        yscale="log",
        xlabel="多項式の次数 M",
        ylabel="二乗誤差",
        title=f"訓練データ {N_POINTS} 点を {N_SETS} 組引き直したときの内訳",
    )
    label_axes(axes, legend={"fontsize": 8})
    figure.tight_layout()
    return figure


def bias_variance_svg(data: BiasVarianceData) -> str:
    """バイアスとバリアンスの図の SVG。"""
    return figure_svg(
        lambda: draw_bias_variance(data),
        "多項式の次数ごとのバイアス²・バリアンス・雑音",
        data,
        CREATOR,
    )


def survived_scores() -> tuple[list[float], list[bool]]:
    """第 11 章と同じ 5 分割（種 0）で、深さ 2 の木が付けた分割外のスコア。"""
    data = prepare_survived(Table.load("Survived.csv"))
    return out_of_fold_scores(data, k_fold(len(data.x), N_SPLITS, SEED))


def write_figures(directory: Path) -> list[Path]:
    """図を描き、directory に保存する。"""
    pr_roc = write_figure(directory, PR_ROC_FIGURE, pr_roc_svg(pr_roc_data(*survived_scores())))
    overfitting = write_figure(directory, OVERFITTING_FIGURE, overfitting_svg(overfitting_data()))
    parts = write_figure(directory, BIAS_VARIANCE_FIGURE, bias_variance_svg(bias_variance_data()))
    return [pr_roc, overfitting, parts]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
