"""データファイルのテストの道具: 本物の代わりの小さなファイル（BOM 付き、Shift_JIS、タブ区切り）。

fake_files はフィクスチャなので、conftest.py がプラグインとして読み込む。
"""

from __future__ import annotations

from pathlib import Path

import pytest

from getting_started_ml import dataset
from getting_started_ml.dataset import DataFile, sha256_of

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
