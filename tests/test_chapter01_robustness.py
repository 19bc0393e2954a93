"""頑健さのテスト（第 1 章）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
第 1 章の公開関数はすべてこのファイルで呼ぶか、除く理由を EXEMPT に
書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.robustness import (
    call_safely,
    labels,
    uncalled_names,
    wrong_types,
)

from getting_started_ml import chapter01

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@fuzz
@given(text=st.one_of(st.text(alphabet="身長体重年代派閥,\n1x ", max_size=40), wrong_types()))
def test_chapter01_parse_people(text: Any) -> None:
    header = ",".join(chapter01.COLUMNS) + "\n"
    call_safely(lambda: chapter01.parse_people(text), names=["text", "文字列", "列"])
    if isinstance(text, str):
        call_safely(lambda: chapter01.parse_people(header + text), names=["文字列", "列"])


@fuzz
@given(header=st.lists(st.sampled_from([*chapter01.COLUMNS, "x"]), max_size=5))
def test_chapter01_column_positions_and_person_from(header: list[str]) -> None:
    positions = call_safely(lambda: chapter01.column_positions(header, "試し"), names=["列"])
    if positions is None:
        return
    cells = ["170", "60", "20", "きのこ", ""][: len(header)]
    call_safely(lambda: chapter01.person_from(cells, positions, "試し"), names=["試し", "cells"])
    call_safely(
        lambda: chapter01.integer_cell(cells, positions, chapter01.HEIGHT, "試し"),
        names=["試し", "cells"],
    )


@fuzz
@given(
    argument=st.one_of(
        wrong_types(), st.builds(chapter01.Features, st.integers(), st.integers(), st.integers())
    )
)
def test_chapter01_predict_and_split(argument: Any) -> None:
    label = call_safely(lambda: chapter01.predict_by_rule(argument), names=["features"])
    if label is not None:
        assert label in (chapter01.KINOKO, chapter01.TAKENOKO)
    people = [chapter01.Person(170, 60, 20, "きのこ")]
    assert chapter01.split_features_and_labels(people) == (
        [chapter01.Features(170, 60, 20)],
        ["きのこ"],
    )
    call_safely(lambda: chapter01.split_features_and_labels([argument]), names=["people", "Person"])


@fuzz
@given(truth=st.one_of(labels(), wrong_types()), predicted=st.one_of(labels(), wrong_types()))
def test_chapter01_accuracy(truth: Any, predicted: Any) -> None:
    value = call_safely(lambda: chapter01.accuracy(truth, predicted), names=["正解", "予測"])
    if value is not None:
        assert value == sum(t == p for t, p in zip(truth, predicted, strict=True)) / len(truth)


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

EXEMPT: dict[str, str] = {
    "Person": "値を持つだけのデータクラス",
    "main": "章のコマンド（データの有無は test_cli_startup と黄金ファイルのテスト）",
    "load_people": "ファイルを読む（data テスト）",
}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names("getting_started_ml.chapter01", source, EXEMPT) == []
