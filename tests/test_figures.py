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
from getting_started_ml.dataset import PROJECT_ROOT, DataError

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


@pytest.fixture(scope="module")
def small_svg() -> str:
    """svg_of() で描いた SVG（モジュールで 1 度だけ描き、描いたものを読むテストが使い回す）。"""
    return svg_of()


def test_同じ図を2度描くと同じバイト列になる(small_svg: str) -> None:
    # フィクスチャが描いたものと、同じプロセスで新しく描き直したもの
    assert svg_of().encode("utf-8") == small_svg.encode("utf-8")


def test_描いた数値は埋め込んだとおりに読み戻せる(small_svg: str) -> None:
    assert figures.embedded_data(small_svg) == DATA


def test_日時を書かず題と描いたモジュールの名前を書く(small_svg: str) -> None:
    metadata = ElementTree.fromstring(small_svg).find(f".//{DC}creator/..")
    assert metadata is not None

    assert metadata.find(f"{DC}date") is None
    assert metadata.findtext(f"{DC}title") == "試しの図"
    assert metadata.findtext(f"{DC}creator/*/{DC}title") == CREATOR


def test_文字は曲線にして描くので読む側にフォントが要らない(small_svg: str) -> None:
    assert re.search(r"<text[ >]", small_svg) is None
    assert "<path" in small_svg


def test_描いたモジュールが違えば識別子も違う(small_svg: str) -> None:
    first, second = small_svg, svg_of(creator="b")

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


def test_new_axesは大きさを指定した図に座標軸を1つ作る() -> None:
    figure, axes = figures.new_axes((3.0, 2.5))

    assert tuple(figure.get_size_inches()) == (3.0, 2.5)
    assert figure.axes == [axes]


def test_new_figureはFigureに設定を渡す() -> None:
    figure = figures.new_figure((4.0, 2.0), layout="constrained")

    assert tuple(figure.get_size_inches()) == (4.0, 2.0)
    assert figure.get_layout_engine().__class__.__name__ == "ConstrainedLayoutEngine"
    assert figure.axes == []


def test_label_axesは名前と題と格子と凡例を付ける() -> None:
    _, axes = figures.new_axes((2, 2))
    axes.plot([0, 1], [0, 1], label="線")

    figures.label_axes(axes, x="横", y="縦", title="題", legend={"loc": "upper left"})

    assert (axes.get_xlabel(), axes.get_ylabel(), axes.get_title()) == ("横", "縦", "題")
    assert all(line.get_visible() for line in axes.xaxis.get_gridlines())
    assert {line.get_alpha() for line in axes.yaxis.get_gridlines()} == {0.3}
    legend = axes.get_legend()
    assert legend is not None
    assert [text.get_text() for text in legend.get_texts()] == ["線"]


def test_label_axesはNoneのものを付けない() -> None:
    _, axes = figures.new_axes((2, 2))

    figures.label_axes(axes, y="縦", grid=None)

    assert (axes.get_xlabel(), axes.get_ylabel(), axes.get_title()) == ("", "縦", "")
    assert not any(line.get_visible() for line in axes.xaxis.get_gridlines())
    assert axes.get_legend() is None


def test_label_axesの格子は引数どおりに引く() -> None:
    _, axes = figures.new_axes((2, 2))

    figures.label_axes(axes, grid={"axis": "y", "alpha": 0.5})

    assert not any(line.get_visible() for line in axes.xaxis.get_gridlines())
    assert {line.get_alpha() for line in axes.yaxis.get_gridlines()} == {0.5}


def draw_by_hand() -> Figure:
    """共通の部品を使わずに、軸の名前・題・格子・凡例を付けた図。"""
    figures.load_matplotlib()
    from matplotlib.figure import Figure  # noqa: PLC0415

    figure = Figure(figsize=(3, 2))
    axes = figure.add_subplot()
    axes.plot([0, 1, 2], [2, 0, 1], label="きのこ")
    axes.set_xlabel("横")
    axes.set_ylabel("縦")
    axes.set_title("題")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    return figure


def draw_with_helpers() -> Figure:
    """draw_by_hand と同じ図を new_axes と label_axes で。"""
    figure, axes = figures.new_axes((3, 2))
    axes.plot([0, 1, 2], [2, 0, 1], label="きのこ")
    figures.label_axes(
        axes, x="横", y="縦", title="題", legend={"loc": "upper left", "fontsize": 8}
    )
    figure.tight_layout()
    return figure


def test_共通の部品で描いても手で書いた図と同じバイト列になる() -> None:
    by_hand = figures.figure_svg(draw_by_hand, "試しの図", DATA, CREATOR)
    with_helpers = figures.figure_svg(draw_with_helpers, "試しの図", DATA, CREATOR)

    assert with_helpers == by_hand


def test_tight_layoutの済んだ図は1度だけ描いて保存し_同じバイト列になる() -> None:
    draws: list[object] = []
    with figures.load_matplotlib().rc_context(figures.svg_settings(CREATOR)):
        kept = draw_by_hand()  # tight_layout の後の何もしない配置の置き場所が残っている
    kept.canvas.mpl_connect("draw_event", draws.append)

    def draw() -> Figure:
        figure = draw_by_hand()
        figure.canvas.mpl_connect("draw_event", draws.append)
        return figure

    shared = figures.figure_svg(draw, "試しの図", DATA, CREATOR)
    assert len(draws) == 1
    assert figures.svg_text(kept, "試しの図", DATA, CREATOR) == shared
    assert len(draws) == 3  # 置き場所が残っていると、配置のためだけにもう 1 度描く


def test_redrawは図のフォルダに描きリポジトリからの道を示す(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(figures, "PROJECT_ROOT", tmp_path)
    monkeypatch.setattr(figures, "FIGURES_DIR", tmp_path / "chapters" / "figures")
    directories: list[Path] = []

    def write_figures(directory: Path) -> list[Path]:
        directories.append(directory)
        return [figures.write_figure(directory, name, "<svg/>\n") for name in ("a.svg", "b.svg")]

    assert figures.redraw(write_figures) == 0
    assert directories == [tmp_path / "chapters" / "figures"]
    assert capsys.readouterr().out == (
        "書き出しました: chapters/figures/a.svg\n書き出しました: chapters/figures/b.svg\n"
    )


def test_redrawはデータが無ければ何も書かず1行で説明して1を返す(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def write_figures(directory: Path) -> list[Path]:
        raise DataError(f"試し.csv が見つかりません（{directory} に描くつもりでした）")

    assert figures.redraw(write_figures) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("エラー: 試し.csv が見つかりません")
