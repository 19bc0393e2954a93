"""付録 C の図: 区間の本当の被覆率、深さ 2 と 3 の木の差のばらつき、選んだだけで上がる点。

描く数値はふつうの関数で求め、SVG に JSON で埋め込む（共通の getting_started_ml.figures で描く）。
python -m getting_started_ml.appendix_c.figures で chapters/figures/ の 3 つの SVG を描き直す。
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from getting_started_ml.appendix_c.applied import (
    PRACTICAL_THRESHOLD,
    TreeComparison,
    compare_tree_depths,
)
from getting_started_ml.appendix_c.intervals import interval_coverage
from getting_started_ml.appendix_c.selection import best_of_k_exact, best_of_k_simulated
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter11 import prepare_survived
from getting_started_ml.figures import figure_svg, label_axes, new_axes, redraw, write_figure

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CREATOR = "getting_started_ml.appendix_c.figures"
COVERAGE_FIGURE = "appendix-c-coverage.svg"
DIFFERENCES_FIGURE = "appendix-c-differences.svg"
SELECTION_FIGURE = "appendix-c-selection.svg"

COVERAGE_P = 0.95
COVERAGE_SIZES = [10, 15, 20, 30, 40, 50, 70, 100, 150, 200, 300, 500, 700, 1000]
SELECTION_SIMULATED_KS = [1, 2, 5, 10, 20, 50]
SELECTION_TRIALS = 20_000


class CoverageData(TypedDict):
    """件数ごとの、素朴な区間と Wilson の区間の本当の被覆率。"""

    p: float
    sizes: list[int]
    wald: list[float]
    wilson: list[float]


class DifferencesData(TypedDict):
    """分割ごとの正解率の差と、素朴な区間・補正した区間。"""

    fold_differences: list[float]
    mean: float
    naive: list[float]
    corrected: list[float]
    threshold: float


class SelectionData(TypedDict):
    """候補の数 k ごとの、選んだ版の点（正確な期待値とシミュレーション）。"""

    ks: list[int]
    exact: list[float]
    simulated_ks: list[int]
    simulated: list[float]


# --8<-- [start:figure-data]
def coverage_data() -> CoverageData:
    """本当の正解率 0.95 のとき、件数ごとの被覆率（二項分布を全部数える）。"""
    return CoverageData(
        p=COVERAGE_P,
        sizes=COVERAGE_SIZES,
        wald=[interval_coverage(COVERAGE_P, n, "wald") for n in COVERAGE_SIZES],
        wilson=[interval_coverage(COVERAGE_P, n, "wilson") for n in COVERAGE_SIZES],
    )


def differences_data(result: TreeComparison) -> DifferencesData:
    """10 通りの分け方 × 5 分割の差と、2 つの区間。"""
    return DifferencesData(
        fold_differences=result.fold_differences,
        mean=result.corrected.mean,
        naive=[result.repeated.low, result.repeated.high],
        corrected=[result.corrected.low, result.corrected.high],
        threshold=PRACTICAL_THRESHOLD,
    )


def selection_data() -> SelectionData:
    """k = 1〜50 の正確な期待値と、いくつかの k のシミュレーション（種は k）。"""
    ks = list(range(1, 51))
    return SelectionData(
        ks=ks,
        exact=[best_of_k_exact(k, 500, 0.7).best_score for k in ks],
        simulated_ks=SELECTION_SIMULATED_KS,
        simulated=[
            best_of_k_simulated(k, 500, 0.7, SELECTION_TRIALS, k).best_score
            for k in SELECTION_SIMULATED_KS
        ],
    )


# --8<-- [end:figure-data]


def draw_coverage(data: CoverageData) -> Figure:
    """件数を横軸（対数）に、2 つの区間の被覆率を描く。"""
    figure, axes = new_axes((6.4, 4.2))
    axes.axhline(0.95, color="gray", linestyle="--", label="名乗っている 0.95")
    axes.plot(data["sizes"], data["wald"], marker="o", label="素朴な区間")
    axes.plot(data["sizes"], data["wilson"], marker="s", label="Wilson の区間")
    axes.set_xscale("log")
    label_axes(
        axes,
        x="件数 n（対数目盛）",
        y="本当の値を含む確率",
        title=f"本当の正解率 {data['p']} のときの 95% 区間の被覆率",
        legend={"loc": "lower right"},
    )
    figure.tight_layout()
    return figure


def draw_differences(data: DifferencesData) -> Figure:
    """分割ごとの差を横一列の点で、2 つの区間を横棒で描く。"""
    figure, axes = new_axes((6.4, 3.6))
    values = data["fold_differences"]
    axes.scatter(values, [0.0] * len(values), alpha=0.6, label="分割ごとの差（50 個）")
    for height, (low, high), color, label in [
        (1.0, data["naive"], "tab:orange", "素朴な t 区間"),
        (2.0, data["corrected"], "tab:green", "補正した t 区間"),
    ]:
        axes.hlines(height, low, high, linewidth=4, color=color, label=label)
    axes.axvline(data["mean"], color="black", linewidth=1, label="平均")
    axes.axvline(0.0, color="gray", linewidth=1, linestyle=":")
    axes.axvline(data["threshold"], color="tab:red", linestyle="--", label="実用上の基準 0.01")
    axes.set_yticks([0, 1, 2], ["分割ごと", "素朴", "補正"])
    axes.set_ylim(-0.6, 2.6)
    label_axes(
        axes,
        x="正解率の差（深さ 3 − 深さ 2）",
        title="Survived の決定木: 深さを 1 段増やした差",
        legend={"loc": "upper left", "fontsize": 7},
        grid=None,
    )
    figure.tight_layout()
    return figure


def draw_selection(data: SelectionData) -> Figure:
    """候補の数を横軸に、選んだ版の点の期待値（線）とシミュレーション（点）を描く。"""
    figure, axes = new_axes((6.4, 4.2))
    axes.axhline(0.7, color="gray", linestyle="--", label="本当の実力 0.70")
    axes.plot(data["ks"], data["exact"], label="正確な期待値（二項分布）")
    axes.scatter(
        data["simulated_ks"], data["simulated"], color="tab:red", zorder=3, label="シミュレーション"
    )
    label_axes(
        axes,
        x="候補の数 k",
        y="選んだ版の点の平均",
        title="実力の同じ候補を 500 問で測って最良を選ぶ",
        legend={"loc": "lower right"},
    )
    figure.tight_layout()
    return figure


def coverage_svg(data: CoverageData) -> str:
    """被覆率の図の SVG。"""
    return figure_svg(lambda: draw_coverage(data), "95% 区間の本当の被覆率", data, CREATOR)


def differences_svg(data: DifferencesData) -> str:
    """差のばらつきの図の SVG。"""
    return figure_svg(lambda: draw_differences(data), "深さ 2 と深さ 3 の木の差", data, CREATOR)


def selection_svg(data: SelectionData) -> str:
    """選択の偏りの図の SVG。"""
    return figure_svg(lambda: draw_selection(data), "選んだだけで上がる点", data, CREATOR)


def write_figures(directory: Path) -> list[Path]:
    """3 つの図を描き、directory に保存する。"""
    comparison = compare_tree_depths(prepare_survived(Table.load("Survived.csv")))
    return [
        write_figure(directory, COVERAGE_FIGURE, coverage_svg(coverage_data())),
        write_figure(directory, DIFFERENCES_FIGURE, differences_svg(differences_data(comparison))),
        write_figure(directory, SELECTION_FIGURE, selection_svg(selection_data())),
    ]


if __name__ == "__main__":
    raise SystemExit(redraw(write_figures))
