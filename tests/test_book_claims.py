"""本文が数えた数や書いた決まりを、本文が載せる実行結果と突き合わせる。

途中の一歩の出力（chapters/steps/.../expected.txt）は、リプレイのテストが本物の実行と比べている。
ここでは、本文がその出力について言っていること（落ちたテストの数など）を確かめる。
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from getting_started_ml.chapter07 import mean_absolute_error, root_mean_squared_error
from getting_started_ml.java_random import JavaRandom

ROOT = Path(__file__).resolve().parents[1]
STEPS = ROOT / "chapters" / "steps"
OUTPUTS = ROOT / "chapters" / "outputs"


def printed_value(output: str, label: str) -> float:
    """黄金ファイルの「label: 数」の行から数を読む。"""
    [value] = re.findall(rf"^\s*{label}: ([0-9.]+)$", (OUTPUTS / output).read_text("utf-8"), re.M)
    return float(value)


# 第 11 章
LIST_STEP_OUTPUT = STEPS / "11" / "07-cross-validate-list" / "expected.txt"


def test_リストで返す版では取り出しのテストと分け方の検査のテスト4つが落ちる() -> None:
    lines = LIST_STEP_OUTPUT.read_text(encoding="utf-8").splitlines()
    failed = [line.split("::")[1].split(" ")[0] for line in lines if line.startswith("FAILED")]

    # 本文（11.9 節）が数える落ちたテストの数と、本文が載せる実行結果を突き合わせる
    assert failed[0] == "test_取り出すまで学習しない"
    assert failed[1:] == [
        "test_行の範囲の外の位置は失敗する",
        "test_訓練とテストが重なる分割は失敗する",
        "test_空の分割は失敗する",
        "test_Foldでない分け方は型を書いて失敗する",
    ]
    assert lines[-1].startswith("5 failed")


def test_正規分布の誤差ではRMSEはMAEのおよそルート2分のπ倍() -> None:
    random = JavaRandom(0)
    errors = [random.next_gaussian() for _ in range(100_000)]
    zeros = [0.0] * len(errors)

    ratio = root_mean_squared_error(errors, zeros) / mean_absolute_error(errors, zeros)

    assert ratio == pytest.approx(math.sqrt(math.pi / 2), abs=0.01)


def test_cinemaのRMSEとMAEの比は正規分布の誤差で見込む比とほぼ同じ() -> None:
    ratio = printed_value("chapter11.txt", "RMSE") / printed_value("chapter11.txt", "MAE")

    assert round(ratio, 2) == 1.26
    assert abs(ratio - math.sqrt(math.pi / 2)) < 0.01


def test_1件の大きな外れがあると比は1_75まで開く() -> None:
    errors, zeros = [1.0, 0.0, 2.0, 20.0], [0.0] * 4

    ratio = root_mean_squared_error(errors, zeros) / mean_absolute_error(errors, zeros)

    assert round(ratio, 2) == 1.75


# 第 13 章
def chapter_text(name: str) -> str:
    return (ROOT / "chapters" / name).read_text(encoding="utf-8")


def section_body(text: str, number: str) -> str:
    """「## number 」で始まる節の本文（次の「## 」の手前まで）。"""
    start = text.index(f"\n## {number} ")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def test_第13章が予告するLAPACKの話は予告した節にある() -> None:
    text = chapter_text("13-pca.md")
    [number] = re.findall(r"LAPACK が裏で何をしているかを (\d+\.\d+) 節で調べます", text)

    assert "**LAPACK はヤコビ法を使わない。**" in section_body(text, number)


def test_kahan_meanは第2章が載せる道具で第1章には無い() -> None:
    include = '--8<-- "src/getting_started_ml/numeric.py:kahan"'
    source = (ROOT / "src" / "getting_started_ml" / "numeric.py").read_text(encoding="utf-8")
    kahan = source[source.index("[start:kahan]") : source.index("[end:kahan]")]

    assert "def kahan_mean(" in kahan
    assert include in chapter_text("02-data-preprocessing-and-triangulation.md")
    assert include not in chapter_text("01-machine-learning-and-first-test.md")
    assert "第 2 章からの `kahan_mean`" in chapter_text("13-pca.md")
