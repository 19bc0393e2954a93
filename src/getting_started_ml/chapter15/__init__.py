"""第 15 章: 機械学習 API とモジュール設計（ドメイン・アプリケーション・インフラ・表示の 4 層）。"""

from getting_started_ml.chapter15.domain import (
    MODEL_NAMES,
    SALES_MODEL,
    SURVIVAL_MODEL,
    ModelNotFoundError,
    ModelStore,
    Movie,
    Passenger,
    PredictionNotFiniteError,
    SalesModel,
    SalesPrediction,
    SurvivalModel,
    SurvivalPrediction,
)

__all__ = [
    "MODEL_NAMES",
    "SALES_MODEL",
    "SURVIVAL_MODEL",
    "ModelNotFoundError",
    "ModelStore",
    "Movie",
    "Passenger",
    "PredictionNotFiniteError",
    "SalesModel",
    "SalesPrediction",
    "SurvivalModel",
    "SurvivalPrediction",
]
