"""データの場所・確認・読み込み（dataset）と、確かめて置くコマンド（data）のテスト。"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed

from getting_started_ml import data, dataset
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

UTF8_WITH_BOM = "\ufeff名前,値\nあ,1\nい,\n".encode()
SHIFT_JIS = "weather_id,weather\n1,晴れ\n".encode("cp932")
TAB_SEPARATED = b"a\tb\n1\t2\n"


@pytest.fixture
def fake_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """本物の代わりに、小さな作りもののファイル 3 つを知っている状態にする。"""
    files = {
        "bom.csv": DataFile("bom.csv", "utf-8-sig", ",", sha256_of(UTF8_WITH_BOM), "試し"),
        "sjis.csv": DataFile("sjis.csv", "cp932", ",", sha256_of(SHIFT_JIS), "試し"),
        "tab.tsv": DataFile("tab.tsv", "utf-8", "\t", sha256_of(TAB_SEPARATED), "試し"),
    }
    monkeypatch.setattr(dataset, "DATA_FILES", files)
    monkeypatch.setenv("ML_DATA_DIR", str(tmp_path))
    return tmp_path


def write_fake_files(directory: Path) -> None:
    (directory / "bom.csv").write_bytes(UTF8_WITH_BOM)
    (directory / "sjis.csv").write_bytes(SHIFT_JIS)
    (directory / "tab.tsv").write_bytes(TAB_SEPARATED)


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


def test_checkはファイルごとの状態を表示しすべてOKのときだけ0を返す(
    fake_files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_fake_files(fake_files)
    assert data.main(["check"]) == 0
    assert capsys.readouterr().out.count("\nOK") == 3

    (fake_files / "tab.tsv").unlink()
    (fake_files / "sjis.csv").write_bytes(b"changed")
    assert data.main(["check"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("OK") and "bom.csv" in line for line in lines)
    assert any(line.startswith("checksum mismatch") and "sjis.csv" in line for line in lines)
    assert any(line.startswith("missing") and "tab.tsv" in line for line in lines)


def make_archive(path: Path, files: dict[str, bytes]) -> Path:
    """書籍の ZIP と同じく datafiles/ の下にファイルを入れた ZIP を作る。"""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("sukkiri-ml-codes/README.txt", "説明")
        for name, content in files.items():
            archive.writestr(f"sukkiri-ml-codes/datafiles/{name}", content)
    return path


def test_installはZIPから取り出してハッシュを確かめてから置く(
    fake_files: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = make_archive(
        tmp_path_factory.mktemp("zip") / "sukkiri-ml-codes.zip",
        {"bom.csv": UTF8_WITH_BOM, "sjis.csv": SHIFT_JIS, "tab.tsv": TAB_SEPARATED},
    )
    target = fake_files / "new" / "data"
    monkeypatch.setenv("ML_DATA_DIR", str(target))
    assert data.main(["install", str(archive)]) == 0
    assert data.main(["check"]) == 0
    assert (target / "sjis.csv").read_bytes() == SHIFT_JIS


def test_installは中身の違うファイルを置かず無いファイルを報告して1を返す(
    fake_files: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    archive = make_archive(
        tmp_path_factory.mktemp("zip") / "broken.zip",
        {"bom.csv": UTF8_WITH_BOM, "sjis.csv": b"not the book's file"},
    )
    assert data.main(["install", str(archive)]) == 1
    output = capsys.readouterr().out
    assert (fake_files / "bom.csv").is_file()
    assert not (fake_files / "sjis.csv").exists()
    assert "checksum mismatch" in output
    assert "tab.tsv" in output


def test_installはZIPでないファイルや無いファイルを説明して1を返す(
    fake_files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_zip = fake_files / "notes.zip"
    not_a_zip.write_text("zip ではない")
    assert data.main(["install", str(not_a_zip)]) == 1
    assert data.main(["install", str(fake_files / "absent.zip")]) == 1
    errors = capsys.readouterr().err
    assert "ZIP ファイルとして読めません" in errors
    assert "ZIP ファイルがありません" in errors


@pytest.mark.data(*dataset.DATA_FILES)
def test_本物のデータはすべて書籍のファイルと一致する(capsys: pytest.CaptureFixture[str]) -> None:
    assert data.main(["check"]) == 0
    assert capsys.readouterr().out.count("\nOK") == len(dataset.DATA_FILES)


@pytest.mark.data("weather.csv")
def test_本物のweatherはShiftJISでUTF8としては読めない() -> None:
    assert read_records("weather.csv").rows == [["1", "晴れ"], ["2", "曇り"], ["3", "雨"]]
    with pytest.raises(UnicodeDecodeError):
        data_path("weather.csv").read_bytes().decode("utf-8")


def test_データが無いときの章のコマンドの表示はサイトに載せたものと同じ(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    result = run_module(
        "getting_started_ml.chapter02", env={"ML_DATA_DIR": "/nonexistent/sukkiri-ml"}
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == golden("chapter02-missing-data")


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


def test_whereはデータのフォルダとそこに決まった理由を表示する(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ML_DATA_DIR", str(tmp_path))
    assert data.main(["where"]) == 0
    output = capsys.readouterr().out
    assert str(tmp_path) in output
    assert "環境変数 ML_DATA_DIR" in output

    monkeypatch.delenv("ML_DATA_DIR")
    assert data.main(["where"]) == 0
    output = capsys.readouterr().out
    assert str(Path(__file__).resolve().parents[1] / "data") in output
    assert "リポジトリ" in output


def test_whereは指定したフォルダが無いことやファイルであることを書く(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ML_DATA_DIR", str(tmp_path / "absent"))
    assert data.main(["where"]) == 0
    assert "まだありません" in capsys.readouterr().out

    a_file = tmp_path / "notes.txt"
    a_file.write_text("フォルダではない")
    monkeypatch.setenv("ML_DATA_DIR", str(a_file))
    assert data.main(["where"]) == 1
    captured = capsys.readouterr()
    assert "フォルダではなくファイルです" in captured.err


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


def test_環境変数がファイルを指していればcheckもinstallも1行で説明して1を返す(
    fake_files: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    archive = make_archive(
        tmp_path_factory.mktemp("zip") / "full.zip",
        {"bom.csv": UTF8_WITH_BOM, "sjis.csv": SHIFT_JIS, "tab.tsv": TAB_SEPARATED},
    )
    a_file = fake_files / "notes.txt"
    a_file.write_text("フォルダではない")
    monkeypatch.setenv("ML_DATA_DIR", str(a_file))
    assert data.main(["install", str(archive)]) == 1
    assert data.main(["check"]) == 1
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 2
    assert all("フォルダではなくファイルです" in line for line in errors)
    assert a_file.read_text() == "フォルダではない"


def corrupt_member(archive: Path, content: bytes) -> None:
    """無圧縮で入れたファイルの中身を 1 バイト変え、CRC が合わない ZIP にする。"""
    raw = archive.read_bytes()
    position = raw.index(content)
    archive.write_bytes(raw[:position] + bytes([raw[position] ^ 0xFF]) + raw[position + 1 :])


def test_CRCの合わないZIPは1行で説明し何も置かない(
    fake_files: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    archive = make_archive(
        tmp_path_factory.mktemp("zip") / "crc.zip",
        {"bom.csv": UTF8_WITH_BOM, "sjis.csv": SHIFT_JIS, "tab.tsv": TAB_SEPARATED},
    )
    corrupt_member(archive, TAB_SEPARATED)
    target = fake_files / "new"
    monkeypatch.setenv("ML_DATA_DIR", str(target))
    assert data.main(["install", str(archive)]) == 1
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 1
    assert "tab.tsv" in errors[0]
    assert "壊れて" in errors[0]
    assert not target.exists()


def test_置けないフォルダなら1行で説明し書きかけを残さない(
    fake_files: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    archive = make_archive(
        tmp_path_factory.mktemp("zip") / "full.zip",
        {"bom.csv": UTF8_WITH_BOM, "sjis.csv": SHIFT_JIS, "tab.tsv": TAB_SEPARATED},
    )
    a_file = fake_files / "notes.txt"
    a_file.write_text("フォルダではない")
    monkeypatch.setenv("ML_DATA_DIR", str(a_file / "data"))
    assert data.main(["install", str(archive)]) == 1
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 1
    assert errors[0].startswith("エラー: ")
    assert sorted(path.name for path in fake_files.iterdir()) == ["notes.txt"]


def test_置くときは一時フォルダに書いて確かめてから移し一時フォルダを残さない(
    fake_files: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    archive = make_archive(
        tmp_path_factory.mktemp("zip") / "full.zip",
        {"bom.csv": UTF8_WITH_BOM, "sjis.csv": SHIFT_JIS, "tab.tsv": TAB_SEPARATED},
    )
    assert data.main(["install", str(archive)]) == 0
    assert sorted(path.name for path in fake_files.iterdir()) == ["bom.csv", "sjis.csv", "tab.tsv"]


def test_無いファイルにだけ置き方を案内し中身の違うファイルには入手し直しを勧める(
    fake_files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_fake_files(fake_files)
    (fake_files / "sjis.csv").write_bytes(b"changed")
    assert data.main(["check"]) == 1
    output = capsys.readouterr().out
    assert "置けます" not in output
    assert "入手し直" in output

    (fake_files / "tab.tsv").unlink()
    assert data.main(["check"]) == 1
    assert "置けます" in capsys.readouterr().out


def test_checkは指定したフォルダが無いことを書く(
    fake_files: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ML_DATA_DIR", str(fake_files / "absent"))
    assert data.main(["check"]) == 1
    assert "まだありません" in capsys.readouterr().out


def test_読めないZIPも1行で説明して1を返す(
    fake_files: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    folder_not_zip = tmp_path_factory.mktemp("zip")
    assert data.main(["install", str(folder_not_zip)]) == 1
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 1
    assert errors[0].startswith("エラー: ZIP ファイルがありません")
