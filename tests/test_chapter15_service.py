# --8<-- [start:header]
"""第 15 章: アプリケーション層（予測のサービス）と、ファイルの置き場のテスト。"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support.chapter15 import (
    PASSENGERS,
    StubSalesModel,
    StubStore,
    StubSurvivalModel,
    invented_linear_model,
    invented_pipeline,
    store_with_invented_models,
)

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter03 import Leaf, Node, Split
from getting_started_ml.chapter07 import LinearModel
from getting_started_ml.chapter08 import FEATURES, pipeline_to_json
from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.domain import ModelNotFoundError, Movie, Passenger
from getting_started_ml.chapter15.infrastructure import (
    FileModelStore,
    PipelineSurvivalModel,
    canonical_json,
    digest,
    raw_row,
)

MOVIE = Movie(100.0, 200.0, 300.0, 1)
FEMALE = Passenger(1, "female", None, 0, 0, 50.0, None)
MALE = Passenger(3, "male", 30.0, 0, 0, 8.0, "S")


# --8<-- [end:header]


# --8<-- [start:test-service]
def test_売上はモデルの予測をそのまま返す() -> None:
    service = PredictionService(StubStore(sales=StubSalesModel(1234.5)))
    assert service.predict_sales(MOVIE).sales == 1234.5


def test_生死はモデルの予測をそのまま返す() -> None:
    service = PredictionService(StubStore(survival=StubSurvivalModel(True)))
    assert service.predict_survival(FEMALE).survived is True


def test_モデルが無ければModelNotFoundError() -> None:
    service = PredictionService(StubStore())
    with pytest.raises(ModelNotFoundError) as error:
        service.predict_sales(MOVIE)
    assert error.value.model == "cinema"
    with pytest.raises(ModelNotFoundError, match="学習済みモデル survived が見つかりません"):
        service.predict_survival(FEMALE)


def test_健康状態はいま読めるかを順に答える() -> None:
    assert PredictionService(StubStore()).health() == {"cinema": False, "survived": False}
    store = StubStore(sales=StubSalesModel())
    assert list(PredictionService(store).health().items()) == [
        ("cinema", True),
        ("survived", False),
    ]


# --8<-- [end:test-service]


# --8<-- [start:test-store]
def test_保存した線形回帰を読んで売上を予測する(tmp_path: Path) -> None:
    store = FileModelStore(tmp_path)
    store.save_sales_model(invented_linear_model())
    # 100 + 1×10 + 2×20 + 0.5×100 + 10×1
    assert store.load_sales_model().predict_sales(Movie(10.0, 20.0, 100.0, 1)) == pytest.approx(
        210.0, abs=1e-9
    )


def test_保存したパイプラインを読んで生死を予測する(tmp_path: Path) -> None:
    store = FileModelStore(tmp_path)
    store.save_survival_model(invented_pipeline())
    model = store.load_survival_model()
    assert model.survives(FEMALE) is True
    assert model.survives(MALE) is False


def test_ファイルが無ければ場所を書かずにModelNotFoundError(tmp_path: Path) -> None:
    with pytest.raises(ModelNotFoundError) as error:
        FileModelStore(tmp_path).load_sales_model()
    assert error.value.model == "cinema"
    assert str(tmp_path) not in str(error.value)


def test_書き換えられたファイルは使わずにログに理由を書く(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = store_with_invented_models(tmp_path)
    path = store.path_of("cinema")
    document = json.loads(path.read_text(encoding="utf-8"))
    document["payload"]["intercept"] = 1e6  # SHA-256 はそのまま
    path.write_text(json.dumps(document), encoding="utf-8")
    with caplog.at_level(logging.ERROR), pytest.raises(ModelNotFoundError):
        store.load_sales_model()
    assert "SHA-256" in caplog.text
    assert str(path) in caplog.text  # ログには場所を書く（利用者への応答には書かない）


# --8<-- [end:test-store]


# --8<-- [start:test-deep]
DEEP = 1_000
"""保存する木の深さ（入れ子は、再帰の既定の上限 1,000 段より深くなる）。"""

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
)


@settings(max_examples=30)
@given(JSON_VALUES)
@example([])  # 空の入れ子
@example({"z": [[]], "é": {}, "Z": 1, "": None})  # 名前の順（ASCII の外と空の名前も）
@example([None, True, False, 0, -0.0, 10**30, 1e300, 5e-324, float("nan"), float("-inf")])
@example({"a": ['"\\\n\x00\ud800あ', {"b": [{"c": "d"}]}]})  # 逃がす文字と深い入れ子
def test_正規のJSONは標準のjsonで書いたものと1文字も変わらない(value: object) -> None:
    standard = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    assert canonical_json(value) == standard


def test_再帰の上限より深い木のモデルも保存して読む(tmp_path: Path) -> None:
    pipeline = invented_pipeline()
    tree = pipeline.tree
    for level in range(DEEP):  # Age で 1 段ずつ切る。左は葉、右が 1 段深い木
        tree = Node(Split("Age", float(level), 0.5), Leaf(level % 2), tree)
    deep = dataclasses.replace(pipeline, tree=tree, max_depth=None)
    store = FileModelStore(tmp_path)
    try:
        store.save_survival_model(deep)
        model: PipelineSurvivalModel | None = store.load_survival_model()
    except (RecursionError, ModelNotFoundError):  # トレースバックの 1,000 段を比べ続けないよう外で
        model = None
    assert model is not None, "保存か読み込みが再帰の上限に届きました"
    assert pipeline_to_json(model.pipeline) == pipeline_to_json(deep)
    young, old = dataclasses.replace(MALE, age=0.0), dataclasses.replace(MALE, age=5000.0)
    assert (model.survives(young), model.survives(old)) == (True, False)


# --8<-- [end:test-deep]


# --8<-- [start:test-files]
@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda text: text[: len(text) // 2], "JSON として読めません"),
        (lambda text: text.replace('"format_version": 1', '"format_version": 2'), "format_version"),
        (lambda text: text.replace('"linear-regression"', '"survived-pipeline"'), "kind"),
        (lambda text: "[1, 2]", "オブジェクトではありません"),
        (lambda text: text.replace('"intercept": 100.0', '"intercept": NaN'), "有限でない数"),
    ],
)
def test_壊れたファイルや版の違うファイルは使わない(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, change: object, reason: str
) -> None:
    store = store_with_invented_models(tmp_path)
    path = store.path_of("cinema")
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    with caplog.at_level(logging.ERROR), pytest.raises(ModelNotFoundError):
        store.load_sales_model()
    assert reason in caplog.text


def test_保存は置き換えで行い一時ファイルを残さない(tmp_path: Path) -> None:
    store_with_invented_models(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cinema.json", "survived.json"]


def test_大きすぎるファイルは読まずに使わない(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = store_with_invented_models(tmp_path)
    with store.path_of("cinema").open("a", encoding="utf-8") as file:
        file.write(" " * (8 * 1024 * 1024))  # JSON としては正しい（末尾の空白）
    with caplog.at_level(logging.ERROR), pytest.raises(ModelNotFoundError):
        store.load_sales_model()
    assert "大きすぎます" in caplog.text


def reseal(path: Path, edit: Callable[[dict[str, Any]], None]) -> None:
    """中身を書き換え、SHA-256 を計算し直して封筒に入れ直す（形は正しく、意味がおかしい）。"""
    document = json.loads(path.read_text(encoding="utf-8"))
    edit(document["payload"])
    document["sha256"] = digest(document["payload"])
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")


def set_in(*keys: str, value: object) -> Callable[[dict[str, Any]], None]:
    """payload[keys[0]][keys[1]]… を value にする編集。"""

    def edit(payload: dict[str, Any]) -> None:
        for key in keys[:-1]:
            payload = payload[key]
        payload[keys[-1]] = value

    return edit


def first_leaf(tree: dict[str, Any]) -> dict[str, Any]:
    while "label" not in tree:
        tree = tree["left"]
    return tree


# --8<-- [end:test-files]


# --8<-- [start:test-meaning]
@pytest.mark.parametrize(
    ("model", "edit", "reason"),
    [
        ("cinema", set_in("intercept", value=10**400), "切片と係数"),
        ("cinema", set_in("coefficients", "SNS1", value=1e308), "切片と係数"),
        ("survived", set_in("dummies", "Sex", value=["male", "male"]), "dummies.Sex"),
        ("survived", set_in("dummies", "Embarked", value=["Q", "X"]), "dummies.Embarked"),
        ("survived", set_in("embarked", "most_frequent", value="X"), "most_frequent"),
        ("survived", lambda payload: first_leaf(payload["model"]["tree"]).update(label=7), "葉"),
        ("survived", set_in("age", "overall_median", value=-30.0), "年齢"),
        ("survived", set_in("age", "medians", value=[{"group": ["4", "x"], "median": 1}]), "組"),
    ],
)
def test_意味のおかしいファイルはSHA_256が合っていても使わない(
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    model: str,
    edit: Callable[[dict[str, Any]], None],
    reason: str,
) -> None:
    store = store_with_invented_models(tmp_path)
    reseal(store.path_of(model), edit)
    with caplog.at_level(logging.ERROR):
        health = PredictionService(store).health()
    assert health == {"cinema": model != "cinema", "survived": model != "survived"}
    assert reason in caplog.text


@pytest.mark.parametrize("version", ["true", "1.0", '"1"'])
def test_版の番号は整数の1だけを読む(tmp_path: Path, version: str) -> None:
    store = store_with_invented_models(tmp_path)
    path = store.path_of("cinema")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"format_version": 1', f'"format_version": {version}'), "utf-8")
    with pytest.raises(ModelNotFoundError):
        store.load_sales_model()


# --8<-- [end:test-meaning]


# --8<-- [start:test-cache]
def test_読んだモデルはstatが同じあいだ使い回す(tmp_path: Path) -> None:
    store = FileModelStore(tmp_path, settle_seconds=0)
    store.save_sales_model(invented_linear_model())
    first = store.load_sales_model()
    assert store.load_sales_model() is first
    store.save_sales_model(
        LinearModel(0.0, dict.fromkeys(("SNS1", "SNS2", "actor", "original"), 1.0))
    )
    assert store.load_sales_model().predict_sales(Movie(1.0, 2.0, 3.0, 1)) == 7.0


def test_書いたばかりのファイルは覚えずに毎回読む(tmp_path: Path) -> None:
    store = FileModelStore(tmp_path, settle_seconds=3600)
    store.save_sales_model(invented_linear_model())
    assert store.load_sales_model() is not store.load_sales_model()


def test_大きさとmtimeを戻した書き換えにもctimeで気づく(tmp_path: Path) -> None:
    store = FileModelStore(tmp_path, settle_seconds=0.2)
    path = store.save_sales_model(invented_linear_model())
    time.sleep(0.3)  # 書いてから settle_seconds より後: 覚えたモデルを使う
    assert store.load_sales_model() is store.load_sales_model()
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"intercept": 100.0', '"intercept": 900.0'), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size,
        before.st_mtime_ns,
        before.st_ino,
    )
    with pytest.raises(ModelNotFoundError):  # SHA-256 が合わないので使わない
        store.load_sales_model()


# --8<-- [end:test-cache]


# --8<-- [start:test-shortcut]
def test_乗客の行は整数に小数点を付けず無い値は空にする() -> None:
    assert raw_row(Passenger(1, "female", None, 0, 2, 50.0, None)) == [
        "1",
        "female",
        "",
        "0",
        "2",
        "50.0",
        "",
    ]


@settings(max_examples=60, deadline=None)
@given(PASSENGERS)
@example(Passenger(1, "female", None, 0, 0, 0.0, None))  # 年齢と港が無い
@example(Passenger(2, "male", -0.0, 10**300, 10, -0.0, "Q"))  # -0.0 と桁の多い整数
@example(Passenger(3, "female", 1e308, 0, 0, 5e-324, "C"))  # 極端な尺度
@example(Passenger(3, "male", 10**300, 1, 2, 1e308, "S"))
def test_表を作らない予測は第8章の表の変換と同じ数を作る(passenger: Passenger) -> None:
    pipeline = invented_pipeline()
    table = Table.of(FEATURES, [raw_row(passenger)])
    model = PipelineSurvivalModel(pipeline)
    assert model.features(passenger) == pipeline.features(table)[0]
    assert model.survives(passenger) == (pipeline.predict(table)[0] == 1)


# --8<-- [end:test-shortcut]
