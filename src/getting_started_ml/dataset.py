"""書籍のデータファイルを探し、確かめ、読む。

データは『スッキリわかる Python による機械学習入門』の購入者だけに許諾されているので、
このリポジトリには含めない。読者は書籍のサポートページから sukkiri-ml-codes.zip を入手し、
`python -m getting_started_ml.data install sukkiri-ml-codes.zip` で置く。
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

DATA_DIR_VARIABLE = "ML_DATA_DIR"
ARCHIVE_NAME = "sukkiri-ml-codes.zip"
PROJECT_ROOT = Path(__file__).resolve().parents[2]
USER_DATA_FOLDER = "getting_started_ml_data"
"""リポジトリの外から使うときの、ホームの下のデータのフォルダ（scikit_learn_data と同じ考え）。"""


class DataError(Exception):
    """データファイルにまつわる、読者が直せる問題。"""


class MissingDataFileError(DataError, FileNotFoundError):
    """データファイルが置かれていない。"""


class ChecksumMismatchError(DataError):
    """データファイルの中身が書籍のものと違う。"""


class MalformedDataError(DataError, ValueError):
    """データファイルの形が崩れている（列の数が合わない、文字コードが違う）。"""


# --8<-- [start:data-files]
@dataclass(frozen=True)
class DataFile:
    """書籍のデータファイル 1 つの、読み方と期待する中身。"""

    name: str
    encoding: str
    separator: str
    sha256: str
    chapters: str


DATA_FILES: dict[str, DataFile] = {
    file.name: file
    for file in [
        DataFile(
            "KvsT.csv",
            "utf-8-sig",
            ",",
            "56bf77c25675bd22a2d3a3ac578ae08bd48b27089a96de64fc90c8593448cdea",
            "第 1 章",
        ),
        DataFile(
            "iris.csv",
            "utf-8-sig",
            ",",
            "60990c0ae3826c58dbab506ad78c6c8eef60c23b47752200bcf15a616d8d7059",
            "第 2・3・10 章",
        ),
        DataFile(
            "cinema.csv",
            "utf-8",
            ",",
            "c7db5fb08e4bff259b16ba206ec6882e920d40beaaf0c5fd74f352669d9f94a5",
            "第 7・11・15 章",
        ),
        DataFile(
            "Survived.csv",
            "utf-8-sig",
            ",",
            "62e2811a0fdbd24f1afdf6503d9b0091565d757bcbb9a1d519e355e325fcdbe2",
            "第 8・11・15 章",
        ),
        DataFile(
            "Boston.csv",
            "utf-8",
            ",",
            "a15f1804635e10df1116c881e8f2ac3aa25da2e75ab200284df6d83da8eed998",
            "第 9・12・13 章",
        ),
        DataFile(
            "bike.tsv",
            "utf-8",
            "\t",
            "9ca4ea22061800a6d8e8779f698100cbc899ee11cb4db82b5c376bdae6ca5541",
            "第 9 章",
        ),
        DataFile(
            "weather.csv",
            "cp932",
            ",",
            "4bb22355d48a1ac48340e24c63fea9be022c8d593092d99ad89794f61425b02c",
            "第 9 章",
        ),
        DataFile(
            "Wholesale.csv",
            "utf-8",
            ",",
            "d0213b7d856bc7f98f2f52a86bedb5cb57d5b8e19959605e75bd4532d4ee0896",
            "第 14 章",
        ),
        DataFile(
            "Bank.csv",
            "utf-8",
            ",",
            "34b6229ca768acaa349a55f706d04cc43da08a17ad7a173d3635458a036a8f9b",
            "付録 A",
        ),
    ]
}
# --8<-- [end:data-files]


# --8<-- [start:data-dir]
@dataclass(frozen=True)
class DataLocation:
    """データのフォルダと、そこに決まった理由。"""

    directory: Path
    reason: str
    from_variable: bool


def data_location() -> DataLocation:
    """データのフォルダを sklearn.datasets.get_data_home と同じ順で決める。

    1. 環境変数 ML_DATA_DIR（~ は利用者のホームに展開する）
    2. リポジトリから動かしているなら、リポジトリの data/（カレントディレクトリには依らない）
    3. それ以外（pip でインストールしたパッケージ）なら、ホームの下の getting_started_ml_data/
    """
    configured = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    if configured:
        return DataLocation(
            Path(configured).expanduser(),
            f"環境変数 {DATA_DIR_VARIABLE} で指定されています（{DATA_DIR_VARIABLE}={configured}）",
            from_variable=True,
        )
    if is_checkout(PROJECT_ROOT):
        return DataLocation(
            PROJECT_ROOT / "data",
            f"{DATA_DIR_VARIABLE} が無く、リポジトリ（{PROJECT_ROOT}）から動かしているので、"
            "リポジトリの data/ を使います",
            from_variable=False,
        )
    return DataLocation(
        Path.home() / USER_DATA_FOLDER,
        f"{DATA_DIR_VARIABLE} が無く、リポジトリの外（インストールしたパッケージ）から"
        "動かしているので、利用者ごとのフォルダを使います",
        from_variable=False,
    )


def is_checkout(root: Path) -> bool:
    """root がこのリポジトリの取り出し（pyproject.toml と src/getting_started_ml がある）か。"""
    return (root / "pyproject.toml").is_file() and (root / "src" / "getting_started_ml").is_dir()


def data_dir() -> Path:
    """データのフォルダ（決め方は data_location）。"""
    return data_location().directory


# --8<-- [end:data-dir]


def data_file(name: str) -> DataFile:
    """名前からデータファイルの情報を引く。知らない名前なら、知っている名前を並べて失敗する。"""
    if not isinstance(name, str):
        raise TypeError(f"name（データファイルの名前）は str です（{type(name).__name__}）")
    try:
        return DATA_FILES[name]
    except KeyError:
        known = ", ".join(DATA_FILES)
        raise DataError(
            f"{name} は書籍のデータファイルではありません（あるのは {known}）"
        ) from None


def missing_file_message(name: str, directory: Path) -> str:
    """ファイルが無いときに、何をすればよいかまで書いた説明。フォルダが無ければそうと書く。"""
    require_path(directory)
    where = f"探した場所: {directory}"
    if not directory.exists():
        location = data_location()
        configured = location.from_variable and location.directory == directory
        named = f"環境変数 {DATA_DIR_VARIABLE} で指定した" if configured else ""
        where = f"{named}フォルダ {directory} がありません"
    return (
        f"データファイル {name} が見つかりません（{where}）。"
        f"書籍のサポートページから {ARCHIVE_NAME} を入手し、"
        f"`python -m getting_started_ml.data install {ARCHIVE_NAME}` で展開するか、"
        f"ファイルのあるフォルダを環境変数 {DATA_DIR_VARIABLE} で指定してください。"
    )


def not_a_folder_message(directory: Path) -> str:
    """データのフォルダとして指定した場所がファイルだったときの説明。"""
    return (
        f"データのフォルダ {directory} はフォルダではなくファイルです。"
        f"環境変数 {DATA_DIR_VARIABLE} には、データファイルを置くフォルダを指定してください。"
    )


def require_path(directory: object) -> None:
    """directory（フォルダの場所）が Path でなければ、型を書いた TypeError を投げる。"""
    if not isinstance(directory, Path):
        raise TypeError(f"directory（フォルダの場所）は Path です（{type(directory).__name__}）")


def require_folder(directory: Path) -> None:
    """データのフォルダの場所がファイルなら、そうと書いて失敗する（無いだけなら通す）。"""
    require_path(directory)
    if directory.exists() and not directory.is_dir():
        raise DataError(not_a_folder_message(directory))


def data_path(name: str) -> Path:
    """データファイルの場所。置かれていなければ MissingDataFileError。"""
    data_file(name)
    directory = data_dir()
    require_folder(directory)
    path = directory / name
    if not path.is_file():
        raise MissingDataFileError(missing_file_message(name, directory))
    return path


def require_bytes(content: object) -> None:
    """content（ファイルの中身）が bytes でなければ、型を書いた TypeError を投げる。"""
    if not isinstance(content, bytes):
        raise TypeError(f"content（ファイルの中身）は bytes です（{type(content).__name__}）")


def sha256_of(content: bytes) -> str:
    """中身の SHA-256 を 16 進で返す。"""
    require_bytes(content)
    return hashlib.sha256(content).hexdigest()


def verify_checksum(name: str, content: bytes, source: Path | str) -> None:
    """中身が書籍のファイルと同じでなければ、両方のハッシュを書いて失敗する。"""
    expected = data_file(name).sha256
    actual = sha256_of(content)
    if actual != expected:
        raise ChecksumMismatchError(
            f"{name} の中身が書籍のファイルと違います（{source}）。"
            f"期待する SHA-256 は {expected}、実際は {actual} です。"
            f"{ARCHIVE_NAME} から取り出し直してください（改行コードを変えるエディターにも注意）。"
        )


# --8<-- [start:read-text]
def decode(name: str, content: bytes, source: Path | str) -> str:
    """ファイルごとの文字コードで厳密に読む。UTF-8 の BOM は取り除く。"""
    encoding = data_file(name).encoding
    require_bytes(content)
    try:
        return content.decode(encoding)
    except UnicodeDecodeError as error:
        raise MalformedDataError(
            f"{name} を {encoding} として読めません（{source}、{error.start} バイト目）"
        ) from error


def read_text(name: str) -> str:
    """データファイルを探し、SHA-256 を確かめ、文字列として返す。"""
    path = data_path(name)
    content = path.read_bytes()
    verify_checksum(name, content, path)
    return decode(name, content, path)


# --8<-- [end:read-text]


@dataclass(frozen=True)
class Records:
    """見出しと、文字列のままのセルの行。"""

    header: list[str]
    rows: list[list[str]]


def require_text(text: object, separator: object) -> None:
    """表の文字列と区切り文字が str で、区切り文字が空でないことを確かめる。"""
    if not isinstance(text, str):
        raise TypeError(f"text（表の文字列）は str です（{type(text).__name__} が渡されました）")
    if not isinstance(separator, str) or not separator:
        raise TypeError(f"separator（区切り文字）は空でない str です（{separator!r}）")


# --8<-- [start:parse-records]
def parse_records(text: str, separator: str, source: str) -> Records:
    """区切り文字で分けた表を読む。空行は飛ばし、行末の空のセルも 1 つのセルとして残す。"""
    require_text(text, separator)
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise MalformedDataError(f"{source} に見出しの行がありません")
    (_, header_line), *body = lines
    header = [cell.strip() for cell in header_line.lstrip("\ufeff").split(separator)]
    rows = []
    for number, line in body:
        cells = line.split(separator)
        if len(cells) != len(header):
            raise MalformedDataError(
                f"{source} の {number} 行目のセルの数が {len(cells)} で、"
                f"見出しの {len(header)} と違います"
            )
        rows.append(cells)
    return Records(header, rows)


# --8<-- [end:parse-records]


def read_records(name: str) -> Records:
    """データファイルを、そのファイルの文字コードと区切り文字で読む。"""
    return parse_records(read_text(name), data_file(name).separator, name)
