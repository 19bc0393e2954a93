# --8<-- [start:header]
"""第 15 章を scikit-learn と pandas で書くと: LinearRegression で学習し、同じ形式で保存する。

API の層は何も変えない。変わるのは「誰が学習したか」だけで、係数を同じ JSON の形式に書けば、
第 7 章の自作のモデルと同じアダプター（LinearSalesModel）がそのまま予測に使う。
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from sklearn.linear_model import LinearRegression

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter07 import FEATURES as CINEMA_FEATURES
from getting_started_ml.chapter07 import prepare_cinema
from getting_started_ml.chapter15.infrastructure import SALES_KIND, FileModelStore, envelope

# --8<-- [end:header]


# --8<-- [start:idiomatic]
def train_sales_with_sklearn(table: Table) -> LinearRegression:
    """第 7 章と同じ分け方・同じ補完の訓練データで、scikit-learn の LinearRegression を学習する。"""
    split = prepare_cinema(table)
    rows = [[row.value(name) for name in CINEMA_FEATURES] for row in split.x_train]
    frame = pd.DataFrame(rows, columns=CINEMA_FEATURES)
    return LinearRegression().fit(frame, split.t_train)


def save_sklearn_sales_model(model: LinearRegression, store: FileModelStore) -> Path:
    """切片と係数を、自作のモデルと同じ形式（種類 linear-regression）で保存する。"""
    payload = {
        "intercept": float(model.intercept_),
        "coefficients": {
            name: float(value) for name, value in zip(CINEMA_FEATURES, model.coef_, strict=True)
        },
    }
    path = store.path_of("cinema")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(envelope(SALES_KIND, payload), encoding="utf-8", newline="\n")
    return path


# --8<-- [end:idiomatic]
