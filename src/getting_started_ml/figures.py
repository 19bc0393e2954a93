"""本文の図を SVG に描く共通の部品: 日本語のフォント、同じバイト列になる設定、描いた数値の埋め込み。

どの章の図もこのモジュールを使う（このモジュールは章のモジュールを読み込まない）。描いた数値は
SVG のメタデータ（dc:description）に JSON で入れ、データのテストが求め直して比べる。
matplotlib は重いので、図を描くときに初めて読み込む（章のコマンドを速く保つ）。
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any
from xml.etree import ElementTree

from getting_started_ml.dataset import PROJECT_ROOT

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

__all__ = [
    "FIGURES_DIR",
    "FONT_NAME",
    "embedded_data",
    "figure_svg",
    "load_matplotlib",
    "svg_settings",
    "svg_text",
    "write_figure",
]

FIGURES_DIR = PROJECT_ROOT / "chapters" / "figures"
FONT_NAME = "IPAexGothic"  # matplotlib_fontja が登録する日本語フォント
DC_DESCRIPTION = "{http://purl.org/dc/elements/1.1/}description"


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
    """同じ設定の下で draw で図を描き、SVG にする。"""
    with load_matplotlib().rc_context(svg_settings(creator)):
        figure = draw()
    return svg_text(figure, title, data, creator)


def write_figure(directory: Path, name: str, svg: str) -> Path:
    """SVG を directory/name に書く（改行は LF）。"""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(svg, encoding="utf-8", newline="\n")
    return path
