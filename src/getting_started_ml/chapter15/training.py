"""第 15 章: 実データで 2 つのモデルを学習し、置き場に保存する（第 7 章と第 8 章の条件のまま）。"""

from __future__ import annotations

from pathlib import Path

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter07 import CINEMA, fit_linear_regression, prepare_cinema
from getting_started_ml.chapter08 import MAX_DEPTH, SURVIVED, ClassWeight, Pipeline, split_survived
from getting_started_ml.chapter15.infrastructure import FileModelStore


# --8<-- [start:train]
def train_and_save_models(store: FileModelStore) -> list[Path]:
    """cinema は第 7 章（外れ値を除き 8 対 2、種 0）、Survived は第 8 章（深さ 5、重みあり）。"""
    cinema = prepare_cinema(Table.load(CINEMA))
    survived = split_survived(Table.load(SURVIVED))
    sales_model = fit_linear_regression(cinema.x_train, cinema.t_train)
    pipeline = Pipeline.build(MAX_DEPTH, ClassWeight.BALANCED).fit(
        survived.x_train, survived.t_train
    )
    return [store.save_sales_model(sales_model), store.save_survival_model(pipeline)]


# --8<-- [end:train]
