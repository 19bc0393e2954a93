"""本文の図を SVG に描く共通の部品: 日本語のフォント、同じバイト列になる設定、描いた数値の埋め込み。

第 11 章の図（chapter11/figures.py）と同じやり方で、第 2・3・7 章と第 11 章の混同行列の図が使う。
描いた数値は SVG のメタデータ（dc:description）に JSON で入れ、データのテストが求め直して比べる。
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import matplotlib
import matplotlib_fontja  # noqa: F401  読み込むだけで IPAex ゴシックを登録する
from matplotlib.figure import Figure
from matplotlib.typing import RcKeyType

from getting_started_ml.chapter11.figures import FIGURES_DIR, FONT_NAME, embedded_data

matplotlib.use("Agg")  # 画面の無い環境でも描く

__all__ = ["FIGURES_DIR", "embedded_data", "figure_svg", "write_figure"]


def svg_settings(creator: str) -> dict[RcKeyType, Any]:
    """描き直しても同じバイト列になり、文字を曲線にする設定（第 11 章の図と同じ）。"""
    return {"font.family": FONT_NAME, "svg.fonttype": "path", "svg.hashsalt": creator}


def figure_svg(
    draw: Callable[[], Figure], title: str, data: Mapping[str, Any], creator: str
) -> str:
    """draw で図を描いて SVG にする。描いた数値を JSON で埋め込み、日時と版の名前は書かない。"""
    metadata = {
        "Title": title,
        "Date": None,
        "Creator": creator,
        "Description": json.dumps(data, ensure_ascii=False, allow_nan=False),
    }
    buffer = io.BytesIO()
    with matplotlib.rc_context(svg_settings(creator)):
        draw().savefig(buffer, format="svg", metadata=metadata)
    return buffer.getvalue().decode("utf-8")


def write_figure(directory: Path, name: str, svg: str) -> Path:
    """SVG を directory/name に書く（改行は LF）。"""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(svg, encoding="utf-8", newline="\n")
    return path
