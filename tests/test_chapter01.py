"""第 1 章: 機械学習と最初のテスト（KvsT.csv）のテスト。"""

from __future__ import annotations

# --8<-- [start:imports]
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import Completed
from sklearn.metrics import accuracy_score

from getting_started_ml.chapter01 import (
    KINOKO,
    KINOKO_AGE_GROUP,
    TAKENOKO,
    Features,
    Person,
    accuracy,
    load_people,
    parse_people,
    predict_by_rule,
    split_features_and_labels,
)
from getting_started_ml.dataset import MalformedDataError

# --8<-- [end:imports]
# --8<-- [start:header]
HEADER = "\ufeff身長,体重,年代,派閥\n"

# --8<-- [end:header]


# --8<-- [start:test-parse-one]
def test_BOM付きのCSVの1行を1人として読む() -> None:
    text = "\ufeff身長,体重,年代,派閥\n165,58,30,きのこ\n"
    assert parse_people(text) == [Person(165, 58, 30, "きのこ")]


# --8<-- [end:test-parse-one]


# --8<-- [start:test-parse-many]
def test_複数の行はファイルの順に読む() -> None:
    text = HEADER + "170,60,20,たけのこ\n150,45,10,きのこ\n"
    assert parse_people(text) == [
        Person(170, 60, 20, "たけのこ"),
        Person(150, 45, 10, "きのこ"),
    ]


# --8<-- [end:test-parse-many]


# --8<-- [start:test-parse-details]
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


# --8<-- [end:test-parse-details]


# --8<-- [start:test-parse-errors]
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


# --8<-- [end:test-parse-errors]


# --8<-- [start:test-split]
def test_特徴量と正解に同じ順で分ける() -> None:
    people = [Person(165, 58, 30, "きのこ"), Person(170, 60, 20, "たけのこ")]
    features, labels = split_features_and_labels(people)
    assert features == [Features(165, 58, 30), Features(170, 60, 20)]
    assert labels == ["きのこ", "たけのこ"]


# --8<-- [end:test-split]


# --8<-- [start:test-predict-kinoko]
def test_20代はきのこ派と判定する() -> None:
    assert predict_by_rule(Features(165, 58, 20)) == "きのこ"


# --8<-- [end:test-predict-kinoko]


# --8<-- [start:test-predict-takenoko]
@pytest.mark.parametrize("age_group", [10, 30, 40, 50])
def test_20代以外はたけのこ派と判定する(age_group: int) -> None:
    assert predict_by_rule(Features(165, 58, age_group)) == "たけのこ"


# --8<-- [end:test-predict-takenoko]


# --8<-- [start:test-predict-only-age]
def test_判定に使うのは年代だけ() -> None:
    assert predict_by_rule(Features(120, 30, KINOKO_AGE_GROUP)) == KINOKO
    assert predict_by_rule(Features(200, 120, KINOKO_AGE_GROUP)) == KINOKO
    assert predict_by_rule(Features(200, 120, KINOKO_AGE_GROUP + 10)) == TAKENOKO


# --8<-- [end:test-predict-only-age]


# --8<-- [start:test-accuracy-first]
def test_4件中3件が一致すれば正解率は075() -> None:
    labels = ["きのこ", "たけのこ", "たけのこ", "たけのこ"]
    predicted = ["きのこ", "きのこ", "たけのこ", "たけのこ"]
    assert accuracy(labels, predicted) == 0.75


# --8<-- [end:test-accuracy-first]


# --8<-- [start:test-accuracy-more]
def test_すべて一致すれば正解率は1() -> None:
    assert accuracy(["きのこ", "たけのこ"], ["きのこ", "たけのこ"]) == 1.0


def test_1件も一致しなければ正解率は0() -> None:
    assert accuracy(["きのこ", "きのこ"], ["たけのこ", "たけのこ"]) == 0.0


def test_ラベルは文字列でなくてもよい() -> None:
    assert accuracy([1, 0, 1], [1, 1, 1]) == 2 / 3


# --8<-- [end:test-accuracy-more]


# --8<-- [start:test-accuracy-length]
def test_件数が違えば両方の件数を書いて失敗する() -> None:
    with pytest.raises(ValueError, match="正解 2 件、予測 3 件"):
        accuracy(["きのこ", "たけのこ"], ["きのこ", "きのこ", "たけのこ"])


# --8<-- [end:test-accuracy-length]


def test_学習用_zipは短いほうに合わせて黙って止まる() -> None:
    labels, predicted = ["きのこ", "たけのこ"], ["きのこ", "きのこ", "たけのこ"]
    pairs = list(zip(labels, predicted))  # noqa: B905
    assert pairs == [("きのこ", "きのこ"), ("たけのこ", "きのこ")]
    assert sum(truth == guess for truth, guess in pairs) / len(pairs) == 0.5


# --8<-- [start:test-accuracy-empty]
def test_0件なら割り算の前に失敗する() -> None:
    with pytest.raises(ValueError, match="0 件なので正解率を求められません"):
        accuracy([], [])


# --8<-- [end:test-accuracy-empty]


# --8<-- [start:learning-bom]
def test_学習用_BOMはutf8では文字として残りutf8sigでは消える() -> None:
    content = "\ufeff身長,体重".encode()
    assert content[:3] == b"\xef\xbb\xbf"
    as_utf8 = content.decode("utf-8")
    assert as_utf8.split(",")[0] == "\ufeff身長"
    assert as_utf8.split(",")[0] != "身長"
    assert content.decode("utf-8-sig").split(",")[0] == "身長"
    # BOM の無いバイト列も utf-8-sig で読める。
    assert "身長".encode().decode("utf-8-sig") == "身長"


# --8<-- [end:learning-bom]


# --8<-- [start:learning-accuracy]
def test_学習用_正解率はscikit_learnのaccuracy_scoreと一致する() -> None:
    predicted = ["きのこ", "たけのこ", "たけのこ", "きのこ", "たけのこ", "たけのこ", "きのこ"]
    labels = ["きのこ", "きのこ", "たけのこ", "たけのこ", "たけのこ", "たけのこ", "たけのこ"]
    # どちらも「一致した件数 ÷ 件数」を float64 で 1 回割るだけなので、許容誤差は要らない。
    assert accuracy(labels, predicted) == accuracy_score(labels, predicted) == 4 / 7


def test_学習用_scikit_learnも件数の違いと0件を失敗にする() -> None:
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        accuracy_score(["きのこ"], ["きのこ", "たけのこ"])
    with pytest.raises(ValueError, match="empty"):
        accuracy_score([], [])


# --8<-- [end:learning-accuracy]


# --8<-- [start:test-data]
@pytest.mark.data("KvsT.csv")
def test_KvsTには19人いて派閥はきのこ8人たけのこ11人() -> None:
    people = load_people()
    assert len(people) == 19
    factions = [person.faction for person in people]
    assert (factions.count(KINOKO), factions.count(TAKENOKO)) == (8, 11)


@pytest.mark.data("KvsT.csv")
def test_KvsTでの規則の正解率は19人中14人() -> None:
    features, labels = split_features_and_labels(load_people())
    predicted = [predict_by_rule(row) for row in features]
    assert accuracy(labels, predicted) == pytest.approx(14 / 19, abs=1e-12)


@pytest.mark.data("KvsT.csv")
def test_章のコマンドは黄金ファイルと同じものを表示する(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    completed = run_module("getting_started_ml.chapter01")
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == golden("chapter01")


def test_データが無ければファイル名を書いた1行で終わる(
    run_module: Callable[..., Completed], tmp_path: Path
) -> None:
    completed = run_module("getting_started_ml.chapter01", env={"ML_DATA_DIR": str(tmp_path)})
    assert completed.returncode == 1
    assert "KvsT.csv" in completed.stderr
    assert "Traceback" not in completed.stderr
    assert completed.stdout == ""


def test_無いフォルダを指定したときの1行は本文に載せたとおり(
    run_module: Callable[..., Completed], golden: Callable[[str], str]
) -> None:
    completed = run_module("getting_started_ml.chapter01", env={"ML_DATA_DIR": "/nonexistent"})
    assert completed.stderr == golden("chapter01-missing-data")


# --8<-- [end:test-data]


def test_NaNのラベルは自分自身とも等しくならないので正解率を求めない() -> None:
    nan = float("nan")
    with pytest.raises(ValueError, match="NaN"):
        accuracy([nan], [nan])
    with pytest.raises(ValueError, match="予測の 1 番目"):
        accuracy([1.0, 1.0], [1.0, nan])


def test_正解が先で予測が後_scikit_learnと同じ順() -> None:
    assert accuracy(actual=["きのこ", "たけのこ"], predicted=["きのこ", "きのこ"]) == 0.5
    with pytest.raises(ValueError, match="正解の 0 番目"):
        accuracy(actual=[float("nan")], predicted=[1.0])


@pytest.mark.parametrize("argument", [None, 3, "きのこ"])
def test_特徴量でないものは判定できない(argument: object) -> None:
    with pytest.raises(TypeError, match="Features"):
        predict_by_rule(argument)  # type: ignore[arg-type]


def test_文字列でないものは表として読めない() -> None:
    with pytest.raises(TypeError, match="text"):
        parse_people(b"\xe8\xba\xab")  # type: ignore[arg-type]
