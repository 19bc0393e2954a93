"""データファイルを確かめる・置く・場所を示すコマンド（python -m getting_started_ml.data）のテスト。

作りもののファイルは tests/support/dataset.py の fake_files が用意する。
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from support.dataset import SHIFT_JIS, TAB_SEPARATED, UTF8_WITH_BOM, write_fake_files

from getting_started_ml import data, dataset


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
