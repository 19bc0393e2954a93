"""図の共通の部品（getting_started_ml.figures）: 同じ図は同じバイト列、数値は埋め込んで読み戻せる。

章の図のテスト（test_chapterNN_figures.py）は、本のデータで描いた図の中身を確かめる。ここでは
どの図にも共通の約束を、小さな図で確かめる。
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.etree import ElementTree

import pytest

from getting_started_ml import figures
from getting_started_ml.dataset import PROJECT_ROOT

if TYPE_CHECKING:
    from matplotlib.figure import Figure

DATA: dict[str, Any] = {
    "点": [[0.5, 1.25], [2.0, -3.0]],
    "ラベル": ["きのこ", "たけのこ"],
    "件数": 2,
}
CREATOR = "getting_started_ml.tests.figures"
DC = "{http://purl.org/dc/elements/1.1/}"


def draw() -> Figure:
    """日本語の題と 2 点の散布図（pyplot を使わず、全体の状態を残さない）。"""
    figures.load_matplotlib()
    from matplotlib.figure import Figure  # noqa: PLC0415

    figure = Figure(figsize=(2, 2))
    axes = figure.add_subplot()
    axes.scatter([0.5, 2.0], [1.25, -3.0])
    axes.set_title("きのこ派とたけのこ派")
    return figure


def svg_of(data: dict[str, Any] = DATA, creator: str = CREATOR) -> str:
    """小さな図を、本の図と同じ設定で SVG にする。"""
    return figures.figure_svg(draw, "試しの図", data, creator)


def test_同じ図を2度描くと同じバイト列になる() -> None:
    assert svg_of().encode("utf-8") == svg_of().encode("utf-8")


def test_描いた数値は埋め込んだとおりに読み戻せる() -> None:
    assert figures.embedded_data(svg_of()) == DATA


def test_日時を書かず題と描いたモジュールの名前を書く() -> None:
    metadata = ElementTree.fromstring(svg_of()).find(f".//{DC}creator/..")
    assert metadata is not None

    assert metadata.find(f"{DC}date") is None
    assert metadata.findtext(f"{DC}title") == "試しの図"
    assert metadata.findtext(f"{DC}creator/*/{DC}title") == CREATOR


def test_文字は曲線にして描くので読む側にフォントが要らない() -> None:
    svg = svg_of()

    assert re.search(r"<text[ >]", svg) is None
    assert "<path" in svg


def test_描いたモジュールが違えば識別子も違う() -> None:
    first, second = svg_of(creator="a"), svg_of(creator="b")

    assert first != second
    assert figures.embedded_data(first) == figures.embedded_data(second)


def test_NaNは埋め込まずValueErrorにする() -> None:
    with pytest.raises(ValueError, match="JSON"):
        svg_of({"値": [math.nan]})


def test_数値の埋め込まれていないSVGはそう言って断る() -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'

    with pytest.raises(ValueError, match=r"描いた数値（dc:description）が埋め込まれていません"):
        figures.embedded_data(svg)


def test_write_figureはフォルダを作り改行をLFで書く(tmp_path: Path) -> None:
    directory = tmp_path / "figures" / "new"

    path = figures.write_figure(directory, "試し.svg", "<svg>\n</svg>\n")

    assert path == directory / "試し.svg"
    assert path.read_bytes() == b"<svg>\n</svg>\n"


def test_設定は画面の無い描き方と本のフォント() -> None:
    matplotlib = figures.load_matplotlib()
    from matplotlib import font_manager  # noqa: PLC0415

    assert matplotlib.get_backend().lower() == "agg"
    assert figures.svg_settings(CREATOR) == {
        "font.family": figures.FONT_NAME,
        "svg.fonttype": "path",
        "svg.hashsalt": CREATOR,
    }
    assert figures.FONT_NAME in {font.name for font in font_manager.fontManager.ttflist}
    assert figures.FIGURES_DIR == PROJECT_ROOT / "chapters" / "figures"
