# --8<-- [start:header]
"""第 15 章: ドメイン層。映画と乗客、予測、モデルが無いという失敗、モデルと置き場の約束。

ここは何にも依存しない。ファイルも HTTP も、この層からは見えない。
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass
from typing import Protocol

SALES_MODEL = "cinema"
SURVIVAL_MODEL = "survived"
MODEL_NAMES = (SALES_MODEL, SURVIVAL_MODEL)
PCLASSES = (1, 2, 3)
SEXES = ("female", "male")
PORTS = ("C", "Q", "S")
LOGGER = logging.getLogger("getting_started_ml.chapter15")
"""この章のログ（どの層も同じ名前に書く。ファイルの場所など、応答に書かない事情はここにだけ書く）。"""


# --8<-- [end:header]


# --8<-- [start:domain]
@dataclass(frozen=True)
class Movie:
    """興行収入を予測したい映画。"""

    sns1: float
    sns2: float
    actor: float
    original: int


@dataclass(frozen=True)
class Passenger:
    """生き残れたかを予測したい乗客。年齢と乗船した港は分からなくてもよい。"""

    pclass: int
    sex: str
    age: float | None
    sib_sp: int
    parch: int
    fare: float
    embarked: str | None


@dataclass(frozen=True)
class SalesPrediction:
    """予測した興行収入。有限の数でなければ PredictionNotFiniteError。"""

    sales: float

    def __post_init__(self) -> None:
        if not math.isfinite(self.sales):
            raise PredictionNotFiniteError()


@dataclass(frozen=True)
class SurvivalPrediction:
    """予測した生死。"""

    survived: bool


class ModelNotFoundError(Exception):
    """学習済みモデルを使えない。ファイルの場所は、利用者に見せる文に入れない。"""

    def __init__(self, model: str) -> None:
        super().__init__(f"学習済みモデル {model} が見つかりません")
        self.model = model


class PredictionNotFiniteError(ValueError):
    """入力は決まりに合うが、値が大きすぎて予測が有限の数（JSON で書ける数）にならない。"""

    def __init__(self) -> None:
        super().__init__("値が大きすぎて、予測が有限の数になりません")


class SalesModel(Protocol):
    """映画から興行収入を予測するもの。"""

    def predict_sales(self, movie: Movie) -> float: ...


class SurvivalModel(Protocol):
    """乗客が生き残れたかを予測するもの。"""

    def survives(self, passenger: Passenger) -> bool: ...


class ModelStore(Protocol):
    """学習済みモデルの置き場。読めなければ ModelNotFoundError を投げる。"""

    def load_sales_model(self) -> SalesModel: ...

    def load_survival_model(self) -> SurvivalModel: ...


# --8<-- [end:domain]
