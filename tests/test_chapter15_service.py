"""第 15 章: アプリケーション層（予測のサービス）と、ファイルの置き場のテスト。"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from chapter15_support import (
    StubSalesModel,
    StubStore,
    StubSurvivalModel,
    invented_linear_model,
    invented_pipeline,
    store_with_invented_models,
)

from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.domain import ModelNotFoundError, Movie, Passenger
from getting_started_ml.chapter15.infrastructure import FileModelStore, raw_row

MOVIE = Movie(100.0, 200.0, 300.0, 1)
FEMALE = Passenger(1, "female", None, 0, 0, 50.0, None)
MALE = Passenger(3, "male", 30.0, 0, 0, 8.0, "S")


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
