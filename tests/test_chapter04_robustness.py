"""第 4 章の頑健さ: どんな入力にも、正しい値か、何が悪いかを書いた失敗を返す。"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.chapter04 import held_out_rows, report_ignore_rules

FAST = settings(max_examples=40, deadline=None)
FILES = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
NAMES = ["rows", "seed", "特徴量", "test_size"]


@FAST
@given(st.lists(st.integers(), max_size=12), st.integers(-(2**70), 2**70))
def test_分け方は行と種がどんな値でも答えるか名前を挙げて失敗する(
    rows: list[int], seed: int
) -> None:
    call_safely(lambda: held_out_rows(rows, seed), names=NAMES)


@FILES
@given(st.text(max_size=40))
def test_無視の規則の報告はどんな_gitignore_でも表示して終わる(
    tmp_path: Path, gitignore: str
) -> None:
    path = tmp_path / "any.gitignore"
    path.write_text(gitignore, encoding="utf-8")
    call_safely(lambda: report_ignore_rules(path), names=NAMES)
