"""第 15 章: インフラストラクチャ層。モデルをファイルに保存して読み、ドメインの約束に合わせる。

モデルのファイルは JSON で、種類・形式の版・中身の SHA-256 を添える。pickle は使わない
（読み込むだけで、ファイルに書かれたコードが動くからである）。壊れたファイル、書き換えられた
ファイル、版の違うファイルは、無いファイルと同じく ModelNotFoundError にし、理由はログに残す。
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from getting_started_ml.chapter02 import Features, Table
from getting_started_ml.chapter07 import FEATURES as CINEMA_FEATURES
from getting_started_ml.chapter07 import LinearModel
from getting_started_ml.chapter08 import FEATURES as SURVIVED_FEATURES
from getting_started_ml.chapter08 import FittedPipeline, pipeline_from_json, pipeline_to_json
from getting_started_ml.chapter15.domain import (
    SALES_MODEL,
    SURVIVAL_MODEL,
    ModelNotFoundError,
    Movie,
    Passenger,
)

T = TypeVar("T")

LOGGER = logging.getLogger("getting_started_ml.chapter15")

FORMAT = "getting_started_ml.chapter15.model"
FORMAT_VERSION = 1
SALES_KIND = "linear-regression"
SURVIVAL_KIND = "survived-pipeline"


# --8<-- [start:adapters]
class LinearSalesModel:
    """第 7 章の線形回帰を、ドメインの SalesModel に合わせる。"""

    def __init__(self, model: LinearModel) -> None:
        self.model = model

    def predict_sales(self, movie: Movie) -> float:
        """切片から始め、SNS1・SNS2・actor・original の順に係数 × 値を足す（Java 版と同じ順）。"""
        row = Features(
            tuple(CINEMA_FEATURES),
            (movie.sns1, movie.sns2, movie.actor, float(movie.original)),
        )
        return self.model.predict_one(row)


class PipelineSurvivalModel:
    """第 8 章の学習済みパイプラインを、ドメインの SurvivalModel に合わせる。"""

    def __init__(self, pipeline: FittedPipeline) -> None:
        self.pipeline = pipeline

    def survives(self, passenger: Passenger) -> bool:
        """CSV と同じ文字列の 1 行を作って予測する。整数は小数点を付けずに書く。"""
        return self.pipeline.predict(Table.of(SURVIVED_FEATURES, [raw_row(passenger)]))[0] == 1


def raw_row(passenger: Passenger) -> list[str]:
    """Pclass, Sex, Age, SibSp, Parch, Fare, Embarked の文字列。無い値は空の文字列にする。"""
    return [
        str(passenger.pclass),
        passenger.sex,
        "" if passenger.age is None else repr(float(passenger.age)),
        str(passenger.sib_sp),
        str(passenger.parch),
        repr(float(passenger.fare)),
        passenger.embarked or "",
    ]


# --8<-- [end:adapters]


# --8<-- [start:envelope]
def envelope(kind: str, payload: Any) -> str:
    """中身に種類・形式の版・SHA-256 を添えた JSON の文字列。"""
    return (
        json.dumps(
            {
                "format": FORMAT,
                "format_version": FORMAT_VERSION,
                "kind": kind,
                "sha256": digest(payload),
                "payload": payload,
            },
            ensure_ascii=False,
            indent=2,
            allow_nan=False,
        )
        + "\n"
    )


def digest(payload: Any) -> str:
    """キーを並べ替え、空白を入れない JSON にした中身の SHA-256。"""
    canonical = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ModelFileError(ValueError):
    """モデルのファイルが、この版の形になっていない。"""


def open_envelope(text: str, kind: str) -> Any:
    """envelope の逆。形、版、種類、SHA-256 のどれかが合わなければ ModelFileError。"""
    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ModelFileError(f"JSON として読めません（{error}）") from None
    if not isinstance(document, dict):
        raise ModelFileError("JSON のオブジェクトではありません")
    for name, expected in (("format", FORMAT), ("format_version", FORMAT_VERSION), ("kind", kind)):
        if document.get(name) != expected:
            raise ModelFileError(f"{name} が {expected!r} ではありません（{document.get(name)!r}）")
    if "payload" not in document or document.get("sha256") != digest(document["payload"]):
        raise ModelFileError("中身の SHA-256 が記録と違います（書き換えられたか壊れています）")
    return document["payload"]


def _reject_constant(name: str) -> float:
    raise ModelFileError(f"有限でない数 {name} があります")


# --8<-- [end:envelope]


def linear_model_to_payload(model: LinearModel) -> dict[str, Any]:
    """線形回帰の切片と、列の順の係数。"""
    return {"intercept": model.intercept, "coefficients": dict(model.coefficients)}


def linear_model_from_payload(payload: Any) -> LinearModel:
    """linear_model_to_payload の逆。列と数を確かめる。"""
    if not isinstance(payload, dict) or set(payload) != {"intercept", "coefficients"}:
        raise ModelFileError("線形回帰の中身は intercept と coefficients です")
    coefficients = payload["coefficients"]
    if not isinstance(coefficients, dict) or list(coefficients) != list(CINEMA_FEATURES):
        raise ModelFileError(f"係数の列は {', '.join(CINEMA_FEATURES)} の順です")
    values = [payload["intercept"], *coefficients.values()]
    if not all(_is_finite_number(value) for value in values):
        raise ModelFileError("切片と係数は有限の数です")
    return LinearModel(float(payload["intercept"]), {k: float(v) for k, v in coefficients.items()})


def _is_finite_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


# --8<-- [start:store]
class FileModelStore:
    """フォルダに cinema.json と survived.json を置く、モデルの置き場。"""

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)

    def path_of(self, model: str) -> Path:
        """モデルのファイルの場所。"""
        return self.directory / f"{model}.json"

    def save_sales_model(self, model: LinearModel) -> Path:
        """線形回帰を保存する。"""
        return self._write(SALES_MODEL, envelope(SALES_KIND, linear_model_to_payload(model)))

    def save_survival_model(self, pipeline: FittedPipeline) -> Path:
        """第 8 章のパイプラインを、第 8 章の JSON を中身にして保存する。"""
        payload = json.loads(pipeline_to_json(pipeline))
        return self._write(SURVIVAL_MODEL, envelope(SURVIVAL_KIND, payload))

    def load_sales_model(self) -> LinearSalesModel:
        """保存した線形回帰を読む。"""
        return LinearSalesModel(self._read(SALES_MODEL, SALES_KIND, linear_model_from_payload))

    def load_survival_model(self) -> PipelineSurvivalModel:
        """保存したパイプラインを読む。"""
        return PipelineSurvivalModel(
            self._read(SURVIVAL_MODEL, SURVIVAL_KIND, _pipeline_from_payload)
        )

    def _read(self, model: str, kind: str, build: Callable[[Any], T]) -> T:
        """読めなければ理由をログに書き、場所を含まない ModelNotFoundError にする。"""
        path = self.path_of(model)
        try:
            return build(open_envelope(path.read_text(encoding="utf-8"), kind))
        except FileNotFoundError:
            LOGGER.warning("モデル %s のファイルがありません: %s", model, path)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            LOGGER.error("モデル %s のファイルを使いません: %s（%s）", model, path, error)
        raise ModelNotFoundError(model)

    def _write(self, model: str, text: str) -> Path:
        """一時ファイルに書いてから置き換える。読む側が書きかけのファイルを見ることはない。"""
        self.directory.mkdir(parents=True, exist_ok=True)
        target = self.path_of(model)
        handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=f".{model}-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        Path(temporary).replace(target)
        return target


# --8<-- [end:store]


def _pipeline_from_payload(payload: Any) -> FittedPipeline:
    """第 8 章の読み込みに任せる。形の誤りは第 8 章の PipelineFormatError（ValueError）になる。"""
    return pipeline_from_json(json.dumps(payload, ensure_ascii=False))
