"""第 15 章: アプリケーション層。"""

from __future__ import annotations

from getting_started_ml.chapter15.domain import ModelStore, Movie, SalesPrediction


class PredictionService:
    """予測のサービス（仮実装）。"""

    def __init__(self, store: ModelStore) -> None:
        self._store = store

    def predict_sales(self, movie: Movie) -> SalesPrediction:
        return SalesPrediction(1234.5)
