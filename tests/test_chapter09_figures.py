# --8<-- [start:header]
"""第 9 章の図: 数値の埋め込みと、リポジトリにある図と実データの照合。"""

from __future__ import annotations

from pathlib import Path

import pytest

from getting_started_ml import figures
from getting_started_ml.chapter02 import Features, Table, TrainTestSplit
from getting_started_ml.chapter07 import r2_score
from getting_started_ml.chapter09 import BOSTON, prepare_boston
from getting_started_ml.chapter09 import figures as chapter09_figures
from getting_started_ml.chapter09.figures import (
    PREDICTIONS_FIGURE,
    PredictionData,
    prediction_data,
    predictions_svg,
)
from getting_started_ml.figures import FIGURES_DIR, embedded_data

EXAMPLE = PredictionData(
    labels=["元の特徴量（3 列）", "2 乗の項を追加（6 列）"],
    actual=[10.0, 20.0, 30.0],
    predicted=[[12.0, 19.0, 26.0], [10.5, 20.0, 29.0]],
    test_r2=[0.895, 0.99375],
)
# --8<-- [end:header]


@pytest.fixture(scope="module")
def example_svg() -> str:
    """EXAMPLE を描いた SVG（モジュールで 1 度だけ描き、描いたものを読むテストが使い回す）。"""
    return predictions_svg(EXAMPLE)


def test_描いた数値を_SVG_に埋め込んで読み出せる(example_svg: str) -> None:
    assert embedded_data(example_svg) == EXAMPLE


def test_描き直しても同じバイト列になる(example_svg: str) -> None:
    assert predictions_svg(EXAMPLE) == example_svg  # 同じプロセスで新しく描き直したもの
    assert "<dc:date>" not in example_svg
    assert "getting_started_ml.chapter09.figures" in example_svg


def test_例の_R2_は定義どおり() -> None:
    for values, r2 in zip(EXAMPLE["predicted"], EXAMPLE["test_r2"], strict=True):
        assert r2_score(EXAMPLE["actual"], values) == pytest.approx(r2, rel=1e-12)


# --8<-- [start:test-figure]
@pytest.mark.data(BOSTON)
def test_図の数値はデータから求め直した数値と一致する() -> None:
    split: TrainTestSplit[Features, float] = prepare_boston(Table.load(BOSTON))
    embedded = embedded_data((FIGURES_DIR / PREDICTIONS_FIGURE).read_text(encoding="utf-8"))
    computed = prediction_data(split)

    assert embedded["labels"] == computed["labels"]
    assert embedded["actual"] == computed["actual"] == split.t_test
    for mine, theirs in zip(embedded["predicted"], computed["predicted"], strict=True):
        assert mine == pytest.approx(theirs, rel=1e-12)
    assert embedded["test_r2"] == pytest.approx(computed["test_r2"], rel=1e-12)
    assert embedded["test_r2"] == pytest.approx([0.6949863611461261, 0.8627755090728412], rel=1e-12)


# --8<-- [end:test-figure]


def test_データが無ければ図を描かずに_1_行で失敗する(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ML_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(figures, "FIGURES_DIR", tmp_path / "figures")

    assert figures.redraw(chapter09_figures.write_figures) == 1
    assert BOSTON in capsys.readouterr().err
    assert not (tmp_path / "figures").exists()
