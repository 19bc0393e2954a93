"""データの場所・確認・読み込み（getting_started_ml.dataset）のテスト。

確かめて置くコマンド（getting_started_ml.data）のテストは tests/test_data.py。
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.dataset import SHIFT_JIS, UTF8_WITH_BOM, write_fake_files

from getting_started_ml import dataset
from getting_started_ml.dataset import (
    ChecksumMismatchError,
    DataError,
    DataFile,
    MalformedDataError,
    MissingDataFileError,
    data_dir,
    data_location,
    data_path,
    parse_records,
    read_records,
    read_text,
    sha256_of,
)


def test_環境変数があればそのフォルダを使う(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ML_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path


def test_環境変数が無いか空ならリポジトリのdataを使いカレントディレクトリには依らない(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ML_DATA_DIR", raising=False)
    expected = Path(__file__).resolve().parents[1] / "data"
    assert data_dir() == expected
    monkeypatch.setenv("ML_DATA_DIR", "  ")
    assert data_dir() == expected


def test_無いファイルはファイル名と探した場所と直し方を書いて失敗する(fake_files: Path) -> None:
    with pytest.raises(MissingDataFileError) as raised:
        data_path("bom.csv")
    message = str(raised.value)
    assert "bom.csv" in message
    assert str(fake_files) in message
    assert "ML_DATA_DIR" in message
    assert "sukkiri-ml-codes.zip" in message
    assert isinstance(raised.value, FileNotFoundError)


def test_書籍に無い名前は知っている名前を並べて失敗する(fake_files: Path) -> None:
    with pytest.raises(DataError, match=r"nothing\.csv .*bom\.csv, sjis\.csv, tab\.tsv"):
        read_text("nothing.csv")


def test_BOMは取り除かれ見出しで引ける(fake_files: Path) -> None:
    write_fake_files(fake_files)
    assert read_text("bom.csv").startswith("名前,")
    records = read_records("bom.csv")
    assert records.header == ["名前", "値"]
    assert records.rows == [["あ", "1"], ["い", ""]]


def test_ShiftJISのファイルはcp932で読みタブ区切りはタブで分ける(fake_files: Path) -> None:
    write_fake_files(fake_files)
    assert read_records("sjis.csv").rows == [["1", "晴れ"]]
    assert read_records("tab.tsv").rows == [["1", "2"]]


def test_文字コードが違えば黙って置き換えずに失敗する(
    fake_files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_fake_files(fake_files)
    wrong = DataFile("sjis.csv", "utf-8", ",", sha256_of(SHIFT_JIS), "試し")
    monkeypatch.setitem(dataset.DATA_FILES, "sjis.csv", wrong)
    with pytest.raises(MalformedDataError, match=r"sjis\.csv を utf-8 として読めません"):
        read_text("sjis.csv")


def test_中身が違えば期待と実際のハッシュを書いて失敗する(fake_files: Path) -> None:
    (fake_files / "bom.csv").write_bytes(UTF8_WITH_BOM.replace(b"\n", b"\r\n"))
    with pytest.raises(ChecksumMismatchError) as raised:
        read_text("bom.csv")
    message = str(raised.value)
    assert sha256_of(UTF8_WITH_BOM) in message
    assert sha256_of(UTF8_WITH_BOM.replace(b"\n", b"\r\n")) in message


def test_行末の空のセルも1つのセルとして残り空行は飛ばす() -> None:
    records = parse_records("a,b,c\n1,,\n\n2,3,4\n", ",", "試し")
    assert records.rows == [["1", "", ""], ["2", "3", "4"]]


def test_セルの数が見出しと違う行は行番号を書いて失敗する() -> None:
    with pytest.raises(
        MalformedDataError, match=r"試し の 3 行目のセルの数が 2 で、見出しの 3 と違います"
    ):
        parse_records("a,b,c\n1,2,3\n4,5\n", ",", "試し")


def test_見出しの無い表は失敗する() -> None:
    with pytest.raises(MalformedDataError, match="見出しの行がありません"):
        parse_records("\n\n", ",", "試し")


@pytest.mark.data("weather.csv")
def test_本物のweatherはShiftJISでUTF8としては読めない() -> None:
    assert read_records("weather.csv").rows == [["1", "晴れ"], ["2", "曇り"], ["3", "雨"]]
    with pytest.raises(UnicodeDecodeError):
        data_path("weather.csv").read_bytes().decode("utf-8")


def test_環境変数のチルダは利用者のホームに展開する(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("ML_DATA_DIR", "~/sukkiri")
    assert data_dir() == tmp_path / "sukkiri"
    assert "ML_DATA_DIR" in data_location().reason


def test_リポジトリの外から動かすと利用者ごとのフォルダを使う(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # pip install . で入れると、パッケージは仮想環境の lib/ の下にあり、pyproject.toml は無い。
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("ML_DATA_DIR", raising=False)
    monkeypatch.setattr(dataset, "PROJECT_ROOT", tmp_path / "venv" / "lib" / "python3.11")
    assert data_dir() == home / "getting_started_ml_data"
    assert "利用者ごと" in data_location().reason


def test_リポジトリから動かすとリポジトリのdataを使い理由にそう書く(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ML_DATA_DIR", raising=False)
    assert "リポジトリ" in data_location().reason


def test_環境変数で指定したフォルダが無ければそう書いて失敗する(
    fake_files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ML_DATA_DIR", str(fake_files / "absent"))
    with pytest.raises(MissingDataFileError, match=r"指定したフォルダ .*absent がありません"):
        data_path("bom.csv")


def test_環境変数がファイルを指していればそう書いて失敗する(
    fake_files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a_file = fake_files / "bom.csv"
    a_file.write_bytes(UTF8_WITH_BOM)
    monkeypatch.setenv("ML_DATA_DIR", str(a_file))
    with pytest.raises(DataError, match="フォルダではなくファイルです"):
        data_path("bom.csv")
