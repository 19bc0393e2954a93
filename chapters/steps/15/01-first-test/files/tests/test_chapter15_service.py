"""第 15 章: アプリケーション層（予測のサービス）のテスト。"""

from __future__ import annotations

from dataclasses import dataclass

from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.domain import Movie


@dataclass
class StubSalesModel:
    """いつも同じ売上を返す。"""

    sales: float

    def predict_sales(self, movie: Movie) -> float:
        return self.sales


@dataclass
class StubStore:
    """メモリの上の置き場。"""

    sales: StubSalesModel

    def load_sales_model(self) -> StubSalesModel:
        return self.sales


def test_売上はモデルの予測をそのまま返す() -> None:
    service = PredictionService(StubStore(StubSalesModel(1234.5)))
    assert service.predict_sales(Movie(100.0, 200.0, 300.0, 1)).sales == 1234.5


def test_別のモデルなら別の売上() -> None:
    service = PredictionService(StubStore(StubSalesModel(99.0)))
    assert service.predict_sales(Movie(100.0, 200.0, 300.0, 1)).sales == 99.0
