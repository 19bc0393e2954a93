"""第 1 章: 機械学習と最初のテスト（KvsT.csv）のテスト。"""

from __future__ import annotations

import pytest

from getting_started_ml.chapter01 import (
    KINOKO,
    KINOKO_AGE_GROUP,
    TAKENOKO,
    Features,
    Person,
    accuracy,
    parse_people,
    predict_by_rule,
    split_features_and_labels,
)
from getting_started_ml.dataset import MalformedDataError

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


def test_列は見出しの名前で探すので順番が違っても読める() -> None:
    text = "派閥,年代,体重,身長\nきのこ,40,70,180\n"
    assert parse_people(text) == [Person(180, 70, 40, "きのこ")]


def test_BOMが無くても同じように読める() -> None:
    assert parse_people(HEADER.lstrip("\ufeff") + "165,58,30,きのこ\n") == parse_people(
        HEADER + "165,58,30,きのこ\n"
    )


def test_空行は読み飛ばす() -> None:
    text = HEADER + "\n165,58,30,きのこ\n\n170,60,20,たけのこ\n\n"
    assert len(parse_people(text)) == 2


def test_見出しだけなら0人() -> None:
    assert parse_people(HEADER) == []


def test_列が足りなければ足りない列の名前を書いて失敗する() -> None:
    with pytest.raises(MalformedDataError, match="列 年代 がありません"):
        parse_people("身長,体重,派閥\n165,58,きのこ\n")


def test_整数でないセルは列名と中身を書いて失敗する() -> None:
    with pytest.raises(MalformedDataError, match=r"2 件目: 列 体重 のセル '58\.5'"):
        parse_people(HEADER + "165,58,30,きのこ\n170,58.5,20,たけのこ\n")


def test_派閥が空の行は失敗する() -> None:
    with pytest.raises(MalformedDataError, match="列 派閥 が空です"):
        parse_people(HEADER + "165,58,30, \n")


def test_セルの数が見出しと違う行は失敗する() -> None:
    with pytest.raises(MalformedDataError, match="セルの数が 3"):
        parse_people(HEADER + "165,58,30\n")


def test_特徴量と正解に同じ順で分ける() -> None:
    people = [Person(165, 58, 30, "きのこ"), Person(170, 60, 20, "たけのこ")]
    features, labels = split_features_and_labels(people)
    assert features == [Features(165, 58, 30), Features(170, 60, 20)]
    assert labels == ["きのこ", "たけのこ"]


def test_20代はきのこ派と判定する() -> None:
    assert predict_by_rule(Features(165, 58, 20)) == "きのこ"


@pytest.mark.parametrize("age_group", [10, 30, 40, 50])
def test_20代以外はたけのこ派と判定する(age_group: int) -> None:
    assert predict_by_rule(Features(165, 58, age_group)) == "たけのこ"


def test_判定に使うのは年代だけ() -> None:
    assert predict_by_rule(Features(120, 30, KINOKO_AGE_GROUP)) == KINOKO
    assert predict_by_rule(Features(200, 120, KINOKO_AGE_GROUP)) == KINOKO
    assert predict_by_rule(Features(200, 120, KINOKO_AGE_GROUP + 10)) == TAKENOKO


def test_4件中3件が一致すれば正解率は075() -> None:
    labels = ["きのこ", "たけのこ", "たけのこ", "たけのこ"]
    predicted = ["きのこ", "きのこ", "たけのこ", "たけのこ"]
    assert accuracy(labels, predicted) == 0.75


def test_すべて一致すれば正解率は1() -> None:
    assert accuracy(["きのこ", "たけのこ"], ["きのこ", "たけのこ"]) == 1.0


def test_1件も一致しなければ正解率は0() -> None:
    assert accuracy(["きのこ", "きのこ"], ["たけのこ", "たけのこ"]) == 0.0


def test_ラベルは文字列でなくてもよい() -> None:
    assert accuracy([1, 0, 1], [1, 1, 1]) == 2 / 3


def test_件数が違えば両方の件数を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="正解 2 件、予測 3 件"):
        accuracy(["きのこ", "たけのこ"], ["きのこ", "きのこ", "たけのこ"])


def test_0件なら割り算の前に失敗する() -> None:
    with pytest.raises(ValueError, match="0 件なので正解率を求められません"):
        accuracy([], [])
