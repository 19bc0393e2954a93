"""第 1 章: 機械学習と最初のテスト（KvsT.csv）のテスト。"""

from __future__ import annotations

from getting_started_ml.chapter01 import Person, parse_people

HEADER = "\ufeff身長,体重,年代,派閥\n"


def test_BOM付きのCSVの1行を1人として読む() -> None:
    text = "\ufeff身長,体重,年代,派閥\n165,58,30,きのこ\n"
    assert parse_people(text) == [Person(165, 58, 30, "きのこ")]


def test_複数の行はファイルの順に読む() -> None:
    text = HEADER + "170,60,20,たけのこ\n150,45,10,きのこ\n"
    assert parse_people(text) == [
        Person(170, 60, 20, "たけのこ"),
        Person(150, 45, 10, "きのこ"),
    ]


def test_学習用_BOMはutf8では文字として残りutf8sigでは消える() -> None:
    content = "\ufeff身長,体重".encode()
    assert content[:3] == b"\xef\xbb\xbf"
    as_utf8 = content.decode("utf-8")
    assert as_utf8.split(",")[0] == "\ufeff身長"
    assert as_utf8.split(",")[0] != "身長"
    assert content.decode("utf-8-sig").split(",")[0] == "身長"
    # BOM の無いバイト列も utf-8-sig で読める。
    assert "身長".encode().decode("utf-8-sig") == "身長"
