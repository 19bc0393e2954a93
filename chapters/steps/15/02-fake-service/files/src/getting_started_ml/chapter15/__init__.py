"""第 15 章: 機械学習 API とモジュール設計。"""

from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.domain import (
    MODEL_NAMES,
    SALES_MODEL,
    SURVIVAL_MODEL,
    ModelNotFoundError,
    ModelStore,
    Movie,
    Passenger,
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
    "PredictionService",
    "SalesModel",
    "SalesPrediction",
    "SurvivalModel",
    "SurvivalPrediction",
]
