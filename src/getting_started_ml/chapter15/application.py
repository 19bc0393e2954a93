# --8<-- [start:header]
"""第 15 章: アプリケーション層。置き場からモデルを読み、予測し、健康状態を答える。"""

from __future__ import annotations

from collections.abc import Callable

from getting_started_ml.chapter15.domain import (
    SALES_MODEL,
    SURVIVAL_MODEL,
    ModelNotFoundError,
    ModelStore,
    Movie,
    Passenger,
    SalesPrediction,
    SurvivalPrediction,
)

# --8<-- [end:header]


# --8<-- [start:service]
class PredictionService:
    """予測のサービス。モデルはリクエストのたびに置き場に求める（ファイルの入れ替えがすぐ効く）。"""

    def __init__(self, store: ModelStore) -> None:
        self._store = store

    def predict_sales(self, movie: Movie) -> SalesPrediction:
        """映画の興行収入を予測する。モデルが無ければ ModelNotFoundError。"""
        return SalesPrediction(self._store.load_sales_model().predict_sales(movie))

    def predict_survival(self, passenger: Passenger) -> SurvivalPrediction:
        """乗客が生き残れたかを予測する。モデルが無ければ ModelNotFoundError。"""
        return SurvivalPrediction(self._store.load_survival_model().survives(passenger))

    def health(self) -> dict[str, bool]:
        """2 つのモデルが、いま読めるか。順は cinema、survived。"""
        return {
            SALES_MODEL: self._can_load(self._store.load_sales_model),
            SURVIVAL_MODEL: self._can_load(self._store.load_survival_model),
        }

    @staticmethod
    def _can_load(load: Callable[[], object]) -> bool:
        try:
            load()
        except ModelNotFoundError:
            return False
        return True


# --8<-- [end:service]
