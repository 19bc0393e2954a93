"""本文の図を SVG に描く共通の部品: 日本語のフォント、同じバイト列になる設定、描いた数値の埋め込み。

どの章の図もこのモジュールを使う（このモジュールは章のモジュールを読み込まない）。描いた数値は
SVG のメタデータ（dc:description）に JSON で入れ、データのテストが求め直して比べる。
matplotlib は重いので、図を描くときに初めて読み込む（章のコマンドを速く保つ）。
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any
from xml.etree import ElementTree

from getting_started_ml.cli import run_chapter
from getting_started_ml.dataset import PROJECT_ROOT

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

__all__ = [
    "FIGURES_DIR",
    "FONT_NAME",
    "GRID",
    "embedded_data",
    "figure_svg",
    "label_axes",
    "load_matplotlib",
    "new_axes",
    "new_figure",
    "redraw",
    "svg_settings",
    "svg_text",
    "write_figure",
]

FIGURES_DIR = PROJECT_ROOT / "chapters" / "figures"
FONT_NAME = "IPAexGothic"  # matplotlib_fontja が登録する日本語フォント
DC_DESCRIPTION = "{http://purl.org/dc/elements/1.1/}description"
GRID: Mapping[str, Any] = MappingProxyType({"alpha": 0.3})
"""label_axes が既定で引く格子（薄い線）。"""


def load_matplotlib() -> ModuleType:
    """matplotlib を読み込み、日本語のフォントを登録し、画面の無い環境でも描けるようにする。"""
    import matplotlib  # noqa: PLC0415
    import matplotlib_fontja  # noqa: F401, PLC0415  読み込むだけで IPAex ゴシックを登録する

    matplotlib.use("Agg")
    return matplotlib


def svg_settings(creator: str) -> dict[RcKeyType, Any]:
    """描き直しても同じバイト列になり、文字を曲線（パス）にする設定。

    creator は図を描くモジュールの名前で、SVG の識別子の種（svg.hashsalt）にも使う。
    """
    return {"font.family": FONT_NAME, "svg.fonttype": "path", "svg.hashsalt": creator}


def new_figure(size: tuple[float, float], **options: Any) -> Figure:
    """matplotlib を読み込み、幅と高さ size（インチ）の図を作る（pyplot は使わない）。

    options は Figure にそのまま渡す（layout="constrained" など）。
    """
    load_matplotlib()
    from matplotlib.figure import Figure  # noqa: PLC0415

    return Figure(figsize=size, **options)


def new_axes(size: tuple[float, float]) -> tuple[Figure, Axes]:
    """座標軸が 1 つの図を作り、図と座標軸を返す。"""
    figure = new_figure(size)
    return figure, figure.add_subplot()


def label_axes(
    axes: Axes,
    *,
    x: str | None = None,
    y: str | None = None,
    title: str | None = None,
    grid: Mapping[str, Any] | None = GRID,
    legend: Mapping[str, Any] | None = None,
) -> None:
    """横軸と縦軸の名前、題、格子、凡例をこの順に付ける。

    None のものは付けない。grid と legend は axes.grid と axes.legend に渡す引数
    （legend={} なら既定の凡例）。
    """
    if x is not None:
        axes.set_xlabel(x)
    if y is not None:
        axes.set_ylabel(y)
    if title is not None:
        axes.set_title(title)
    if grid is not None:
        axes.grid(**grid)
    if legend is not None:
        axes.legend(**legend)


# --8<-- [start:embed]
def svg_text(figure: Figure, title: str, data: Mapping[str, Any], creator: str) -> str:
    """図を SVG にする。描いた数値を JSON で埋め込み、日時と版の名前は書かない。"""
    metadata = {
        "Title": title,
        "Date": None,
        "Creator": creator,
        "Description": json.dumps(data, ensure_ascii=False, allow_nan=False),
    }
    buffer = io.BytesIO()
    with load_matplotlib().rc_context(svg_settings(creator)):
        figure.savefig(buffer, format="svg", metadata=metadata)
    return buffer.getvalue().decode("utf-8")


def embedded_data(svg: str) -> Any:
    """svg_text が埋め込んだ JSON を読み出す。"""
    element = ElementTree.fromstring(svg).find(f".//{DC_DESCRIPTION}")
    if element is None or element.text is None:
        raise ValueError("SVG に描いた数値（dc:description）が埋め込まれていません")
    return json.loads(element.text)


# --8<-- [end:embed]


def figure_svg(
    draw: Callable[[], Figure], title: str, data: Mapping[str, Any], creator: str
) -> str:
    """同じ設定の下で draw で図を描き、SVG にする。

    draw の中で tight_layout を済ませた図には、何もしない配置の置き場所（PlaceHolderLayoutEngine）が
    残る。残ったままだと savefig は、配置のためだけに出力なしでもう 1 度描いてから SVG を描くので、
    置き場所を外してから保存する（SVG のバイト列は変わらない）。
    """
    with load_matplotlib().rc_context(svg_settings(creator)):
        figure = draw()
    from matplotlib.layout_engine import PlaceHolderLayoutEngine  # noqa: PLC0415

    if isinstance(figure.get_layout_engine(), PlaceHolderLayoutEngine):
        figure.set_layout_engine(None)
    return svg_text(figure, title, data, creator)


def write_figure(directory: Path, name: str, svg: str) -> Path:
    """SVG を directory/name に書く（改行は LF）。"""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(svg, encoding="utf-8", newline="\n")
    return path


def redraw(write_figures: Callable[[Path], Sequence[Path]]) -> int:
    """図のモジュールのコマンド（python -m getting_started_ml.chapterNN.figures）の中身。

    write_figures で FIGURES_DIR に図を描き直し、書き出したファイルを 1 行ずつ示す。章のコマンドと
    同じ入口 run_chapter で動かすので、データが無ければ 1 行の説明を書いて 1 を返す（成功は 0）。
    """

    def write_and_show() -> None:
        for path in write_figures(FIGURES_DIR):
            print(f"書き出しました: {path.relative_to(PROJECT_ROOT)}")

    return run_chapter(write_and_show)
