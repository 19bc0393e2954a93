# --8<-- [start:header]
"""第 12 章の図: alpha と R² の検証曲線、リッジ回帰とラッソ回帰の係数の道筋。

図に描く数値はふつうの関数で求め、SVG のメタデータ（dc:description）に JSON で埋め込む。
python -m getting_started_ml.chapter12.figures で chapters/figures/ の 2 つの SVG を描き直す。
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.chapter12.experiment import ALPHAS, LASSO_ALPHA, load_boston
from getting_started_ml.chapter12.features import BostonDataset
from getting_started_ml.chapter12.lasso import fit_lasso
from getting_started_ml.chapter12.regularization import fit_ridge
from getting_started_ml.chapter12.selection import best_experiment, run_ridge_experiments
from getting_started_ml.figures import (
    figure_svg,
    label_axes,
    new_axes,
    new_figure,
    redraw,
    write_figure,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CREATOR = "getting_started_ml.chapter12.figures"
VALIDATION_CURVE_FIGURE = "chapter12-validation-curve.svg"
COEFFICIENT_PATHS_FIGURE = "chapter12-coefficient-paths.svg"
# --8<-- [end:header]


# --8<-- [start:figure-data]
def log_grid(lowest: int, highest: int, per_decade: int = 4) -> list[float]:
    """10**lowest から 10**highest までを、1 桁あたり per_decade 点で対数の等間隔に並べる。"""
    return [10.0 ** (k / per_decade) for k in range(lowest * per_decade, highest * per_decade + 1)]


CURVE_GRID = log_grid(-2, 3)
RIDGE_GRID = log_grid(-2, 4)
LASSO_GRID = log_grid(-3, 1)


class ValidationCurveData(TypedDict):
    """検証曲線に描く数値。alpha 0（線形回帰）は対数の軸に載らないので別に持つ。"""

    alphas: list[float]
    train_scores: list[float]
    validation_scores: list[float]
    linear_train_score: float
    linear_validation_score: float
    chosen_alpha: float


class CoefficientPathData(TypedDict):
    """係数の道筋に描く数値。coefficients は alpha ごとに、特徴量の順に並ぶ。"""

    feature_names: list[str]
    ridge_alphas: list[float]
    ridge_coefficients: list[list[float]]
    lasso_alphas: list[float]
    lasso_coefficients: list[list[float]]
    lasso_sweeps: list[int]


def validation_curve_data(dataset: BostonDataset) -> ValidationCurveData:
    """細かい alpha の並びで訓練と検証の R² を求め、表の 5 つの alpha から選んだ値も添える。"""
    curve = run_ridge_experiments(
        dataset.x_train, dataset.t_train, dataset.x_valid, dataset.t_valid, CURVE_GRID
    )
    table = run_ridge_experiments(
        dataset.x_train, dataset.t_train, dataset.x_valid, dataset.t_valid, ALPHAS
    )
    return ValidationCurveData(
        alphas=[e.alpha for e in curve],
        train_scores=[e.train_score for e in curve],
        validation_scores=[e.validation_score for e in curve],
        linear_train_score=table[0].train_score,
        linear_validation_score=table[0].validation_score,
        chosen_alpha=best_experiment(table).alpha,
    )


def coefficient_path_data(dataset: BostonDataset) -> CoefficientPathData:
    """alpha を動かしたときの、リッジ回帰とラッソ回帰の係数（訓練データで学習）。"""
    x, t = dataset.x_train, dataset.t_train
    lasso_models = [fit_lasso(x, t, alpha) for alpha in LASSO_GRID]
    return CoefficientPathData(
        feature_names=list(dataset.feature_names),
        ridge_alphas=RIDGE_GRID,
        ridge_coefficients=[fit_ridge(x, t, alpha).coefficients for alpha in RIDGE_GRID],
        lasso_alphas=LASSO_GRID,
        lasso_coefficients=[model.coefficients for model in lasso_models],
        lasso_sweeps=[model.sweeps for model in lasso_models],
    )


# --8<-- [end:figure-data]


# --8<-- [start:drawing]
def draw_validation_curve(data: ValidationCurveData) -> Figure:
    """訓練と検証の R² を alpha の対数の軸に描き、alpha 0 を点線で、選んだ alpha を縦線で示す。"""
    figure, axes = new_axes((6.4, 4.4))
    axes.plot(data["alphas"], data["train_scores"], color="tab:blue", label="訓練 R²")
    axes.plot(data["alphas"], data["validation_scores"], color="tab:orange", label="検証 R²")
    axes.axhline(data["linear_train_score"], color="tab:blue", linestyle=":", linewidth=1)
    axes.axhline(
        data["linear_validation_score"],
        color="tab:orange",
        linestyle=":",
        linewidth=1,
        label="alpha 0（線形回帰）",
    )
    chosen = data["chosen_alpha"]
    axes.axvline(chosen, color="gray", linestyle="--", linewidth=1)
    axes.annotate(
        f"選んだ alpha {chosen!r}", (chosen, 0.05), xytext=(6, 0), textcoords="offset points"
    )
    axes.set_xscale("log")
    axes.set_ylim(0.0, 1.0)
    label_axes(
        axes,
        x="alpha（対数の目盛り）",
        y="決定係数 R²",
        title="リッジ回帰の検証曲線（訓練 47 件、検証 21 件）",
        legend={"loc": "lower left"},
    )
    figure.tight_layout()
    return figure


def draw_coefficient_paths(data: CoefficientPathData) -> Figure:
    """左にリッジ回帰、右にラッソ回帰の係数を、alpha の対数の軸に描く。"""
    figure = new_figure((10.4, 4.6))
    ridge_axes, lasso_axes = figure.subplots(1, 2, sharey=True)
    panels = [
        (ridge_axes, data["ridge_alphas"], data["ridge_coefficients"], "リッジ回帰"),
        (lasso_axes, data["lasso_alphas"], data["lasso_coefficients"], "ラッソ回帰"),
    ]
    for axes, alphas, coefficients, title in panels:
        for j, name in enumerate(data["feature_names"]):
            axes.plot(alphas, [row[j] for row in coefficients], label=name)
        axes.axhline(0.0, color="black", linewidth=0.8)
        axes.set_xscale("log")
        label_axes(axes, x="alpha（対数の目盛り）", title=f"{title}の係数")
    lasso_axes.axvline(LASSO_ALPHA, color="gray", linestyle="--", linewidth=1)
    ridge_axes.set_ylabel("係数（標準化した特徴量の 1 単位あたり）")
    lasso_axes.legend(loc="center left", bbox_to_anchor=(1.02, 0.5), fontsize=8)
    figure.tight_layout()
    return figure


def validation_curve_svg(data: ValidationCurveData) -> str:
    """検証曲線の SVG。"""
    title = "リッジ回帰の検証曲線"
    return figure_svg(lambda: draw_validation_curve(data), title, data, CREATOR)


def coefficient_paths_svg(data: CoefficientPathData) -> str:
    """係数の道筋の SVG。"""
    title = "リッジ回帰とラッソ回帰の係数の道筋"
    return figure_svg(lambda: draw_coefficient_paths(data), title, data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """Boston.csv から 2 つの図を描き、directory に保存する。"""
    dataset = load_boston()
    curve = validation_curve_svg(validation_curve_data(dataset))
    paths = coefficient_paths_svg(coefficient_path_data(dataset))
    return [
        write_figure(directory, VALIDATION_CURVE_FIGURE, curve),
        write_figure(directory, COEFFICIENT_PATHS_FIGURE, paths),
    ]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
# --8<-- [end:drawing]
