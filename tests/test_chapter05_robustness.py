"""第 5 章の頑健さ: どんな入力にも、正しい値か、何が悪いかを書いた失敗を返す。"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.robustness import call_safely

from getting_started_ml.chapter05 import (
    entries_without_hash,
    lock_disagreements,
    locked_versions,
    pinned_requirements,
    report_bom,
    report_lock,
)

FAST = settings(max_examples=40, deadline=None)
NAMES = ["pyproject", "lock", "版を == で固定していない"]

toml_like = st.one_of(
    st.text(max_size=60),
    st.builds(
        lambda deps, extra: (
            f"[project]\ndependencies = {deps}\n[project.optional-dependencies]\nx = {extra}\n"
        ),
        st.sampled_from(['["a==1"]', '["b>=2"]', "[1]", '"numpy"', "[]"]),
        st.sampled_from(["[\"c==3; python_version < '4'\"]", "3", "[]", '["D_e[x]==0.1"]']),
    ),
    st.sampled_from(["project = 1\n", "[project]\noptional-dependencies = 2\n"]),
)
lock_like = st.lists(
    st.sampled_from(["a==1 \\", "    --hash=sha256:00", "b==2", "# via a", "", "c==3; x"]),
    max_size=8,
).map("\n".join)


@FAST
@given(toml_like)
def test_pyproject_の文字列がどんな形でも名前を挙げて失敗する(text: str) -> None:
    call_safely(lambda: pinned_requirements(text), names=NAMES)


@FAST
@given(st.one_of(lock_like, st.text(max_size=40), st.integers()))
def test_ロックファイルの文字列がどんな形でも答えるか名前を挙げて失敗する(lock: object) -> None:
    call_safely(lambda: locked_versions(lock), names=NAMES)  # type: ignore[arg-type]
    call_safely(lambda: entries_without_hash(lock), names=NAMES)  # type: ignore[arg-type]


@FAST
@given(
    st.dictionaries(st.sampled_from("abc"), st.sampled_from(["1", "2"])),
    st.dictionaries(st.sampled_from("abcd"), st.sampled_from(["1", "2"])),
)
def test_食い違いはいつも固定した名前ごとに高々_1_行(
    pins: dict[str, str], locked: dict[str, str]
) -> None:
    problems = call_safely(lambda: lock_disagreements(pins, locked), names=NAMES)
    assert problems is not None
    assert len(problems) == sum(locked.get(name) != version for name, version in pins.items())


FILES = settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FILES
@given(toml_like, lock_like)
def test_ロックの報告はどんなファイルでも真偽を返すか名前を挙げて失敗する(
    tmp_path: Path, pyproject: str, lock: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    (tmp_path / "requirements.lock").write_text(lock, encoding="utf-8")
    result = call_safely(lambda: report_lock(tmp_path), names=NAMES)
    assert result in (True, False, None)


def test_ロックの報告はファイルが無ければ名前と場所を書いて偽を返す(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert report_lock(tmp_path) is False
    missing = "pyproject.toml、requirements.lock がありません"
    assert capsys.readouterr().out == f"ロックファイルの検査: {missing}（探した場所: {tmp_path}）\n"


def test_BOM_の報告は_git_の作業ツリーでなければそう書いて真を返す(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert report_bom(tmp_path) is True
    assert "確かめられません" in capsys.readouterr().out
