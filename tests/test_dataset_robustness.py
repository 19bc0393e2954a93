"""頑健さのテスト（dataset）: 公開関数に、悪い入力を生成して渡す。

許される結果は、正しい値か、どの引数が悪いかを書いた ValueError / TypeError だけ
（tests/support/robustness.py の call_safely）。止まらない、NaN の無い入力に NaN を返す、
ほかの例外で落ちる、のどれも失敗にする。
getting_started_ml.datasetの公開関数はすべてこのファイルで呼ぶか、除く理由を EXEMPT に
書く（最後のテストが確かめる）。

すべての章と付録の公開関数に悪い値を 1 つずつ渡すのは tests/test_book_robustness_probe.py。
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.robustness import (
    WRONG_TYPES,
    call_safely,
    uncalled_names,
    wrong_types,
)

from getting_started_ml import dataset
from getting_started_ml.dataset import DataError

fuzz = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


DATA_ERRORS = (ValueError, TypeError, DataError)


@fuzz
@given(
    text=st.one_of(st.text(alphabet="a,b\t\n1 ", max_size=30), wrong_types()),
    separator=st.sampled_from([",", "\t", "", None]),
)
def test_parse_records_and_require_text(text: Any, separator: Any) -> None:
    records = call_safely(
        lambda: dataset.parse_records(text, separator, "試し"),
        names=["text", "separator", "試し"],
    )
    if records is not None:
        assert all(len(row) == len(records.header) for row in records.rows)
    call_safely(lambda: dataset.require_text(text, separator), names=["text", "separator"])


@fuzz
@given(
    name=st.one_of(st.sampled_from([*dataset.DATA_FILES, "x.csv"]), wrong_types()),
    content=st.one_of(st.binary(max_size=20), wrong_types()),
)
def test_data_file_decode_and_checksum(name: Any, content: Any) -> None:
    names = ["name", "content", "データファイル", str(name)]
    call_safely(lambda: dataset.data_file(name), names=names, allowed=DATA_ERRORS)
    call_safely(lambda: dataset.sha256_of(content), names=["content"])
    call_safely(lambda: dataset.require_bytes(content), names=["content"])
    call_safely(lambda: dataset.decode(name, content, "試し"), names=names, allowed=DATA_ERRORS)
    call_safely(
        lambda: dataset.verify_checksum(name, content, "試し"), names=names, allowed=DATA_ERRORS
    )


def test_データの場所の関数は今の環境で値を返す(tmp_path: Path) -> None:
    location = dataset.data_location()
    assert dataset.data_dir() == location.directory
    assert dataset.is_checkout(dataset.PROJECT_ROOT)
    assert "iris.csv" in dataset.missing_file_message("iris.csv", tmp_path / "absent")
    assert "ファイル" in dataset.not_a_folder_message(tmp_path)
    dataset.require_folder(tmp_path)
    dataset.require_path(tmp_path)
    for wrong in WRONG_TYPES:
        call_safely(lambda w=wrong: dataset.require_folder(w), names=["directory"])  # type: ignore[misc]


# --- すべての公開関数が上のどれかで呼ばれていること ---------------------------------------

EXEMPT: dict[str, str] = {
    "DataError": "例外の型",
    "MissingDataFileError": "例外の型",
    "ChecksumMismatchError": "例外の型",
    "MalformedDataError": "例外の型",
    "DataFile": "値を持つだけのデータクラス",
    "DataLocation": "値を持つだけのデータクラス",
    "Records": "値を持つだけのデータクラス",
    "read_text": "ファイルを読む（test_dataset）",
    "read_records": "ファイルを読む（test_dataset）",
    "data_path": "ファイルを探す（test_dataset）",
}
"""呼ばずに外す名前と理由（ほかのテストが受け持つ）。"""


def test_公開関数はすべてこのファイルで呼ぶか除く理由を書く() -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    assert uncalled_names("getting_started_ml.dataset", source, EXEMPT) == []
