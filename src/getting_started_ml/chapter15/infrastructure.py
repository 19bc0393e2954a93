# --8<-- [start:header]
"""第 15 章: インフラストラクチャ層。モデルをファイルに保存して読み、ドメインの約束に合わせる。

モデルのファイルは JSON で、種類・形式の版・中身の SHA-256 を添える。pickle は使わない
（読み込むだけで、ファイルに書かれたコードが動くからである）。壊れたファイル、書き換えられた
ファイル、版の違うファイルは、無いファイルと同じく ModelNotFoundError にし、理由はログに残す。
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, cast

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import Leaf, Node, Tree, predict_one
from getting_started_ml.chapter07 import FEATURES as CINEMA_FEATURES
from getting_started_ml.chapter07 import LinearModel
from getting_started_ml.chapter08 import FEATURES as SURVIVED_FEATURES
from getting_started_ml.chapter08 import (
    FittedPipeline,
    PipelineFormatError,
    json_text,
    json_value,
    pipeline_from_json,
    pipeline_to_json,
)
from getting_started_ml.chapter15.domain import (
    LOGGER,
    MODEL_NAMES,
    PCLASSES,
    PORTS,
    SALES_MODEL,
    SEXES,
    SURVIVAL_MODEL,
    ModelNotFoundError,
    Movie,
    Passenger,
)

_T = TypeVar("_T")


FORMAT = "getting_started_ml.chapter15.model"
FORMAT_VERSION = 1
SALES_KIND = "linear-regression"
SURVIVAL_KIND = "survived-pipeline"
MAX_MAGNITUDE = 1e15
"""モデルの数（切片、係数、境界、年齢）の絶対値の上限。これを超える数は学習の結果ではない。"""
MAX_MODEL_BYTES = 8 * 1024 * 1024
"""モデルのファイルの大きさの上限。読むのはイベントループの上なので、大きすぎるファイルは読まない。"""
SETTLE_SECONDS = 2.0
"""ファイルの ctime がこれより新しいうちは、stat が同じでも読み直す（時刻の刻みの粗さへの備え）。"""


# --8<-- [end:header]


# --8<-- [start:envelope]
def envelope(kind: str, payload: Any) -> str:
    """中身に種類・形式の版・SHA-256 を添えた JSON の文字列（第 8 章の json_text で書く）。"""
    document = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "kind": kind,
        "sha256": digest(payload),
        "payload": payload,
    }
    return json_text(document) + "\n"


def digest(payload: Any) -> str:
    """キーを並べ替え、空白を入れない JSON にした中身の SHA-256。"""
    return hashlib.sha256(canonical_json(payload).encode("utf-8")).hexdigest()


def canonical_json(value: object) -> str:
    """json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) と同じ文字列。

    json.dumps は入れ子を 1 段ごとに再帰するので、深い木では RecursionError になる。第 8 章の
    json_text と同じく、これから書くもの（文字列か、値を入れた組）を逆順にスタックへ積んで書く。
    """
    parts: list[str] = []
    waiting: list[str | tuple[object]] = [(value,)]
    while waiting:
        item = waiting.pop()
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item[0], dict):
            waiting += reversed(["{", *_canonical_members(item[0]), "}"])
        elif isinstance(item[0], list | tuple):
            children = [part for child in item[0] for part in (",", (child,))][1:]
            waiting += reversed(["[", *children, "]"])
        else:
            parts.append(json.dumps(item[0], ensure_ascii=False))
    return "".join(parts)


def _canonical_members(mapping: dict[Any, Any]) -> list[str | tuple[object]]:
    """辞書の中身を、名前の順に書く順で並べる（「,"名前":」の文字列と、値を入れた組）。"""
    if not all(isinstance(key, str) for key in mapping):
        raise TypeError("JSON のオブジェクトの名前は文字列です")
    members: list[str | tuple[object]] = []
    for position, key in enumerate(sorted(mapping)):
        name = json.dumps(key, ensure_ascii=False)
        members += [("," if position else "") + f"{name}:", (mapping[key],)]
    return members


class ModelFileError(ValueError):
    """モデルのファイルが、この版の形になっていない。"""


def open_envelope(text: str, kind: str) -> Any:
    """envelope の逆。形、版、種類、SHA-256 のどれかが合わなければ ModelFileError。"""
    try:
        document = json_value(text)  # 第 8 章の、再帰しない読み込み
    except json.JSONDecodeError as error:
        raise ModelFileError(f"JSON として読めません（{error}）") from None
    except PipelineFormatError:  # json_value は NaN と Infinity を第 8 章の失敗にする
        raise ModelFileError("有限でない数（NaN か Infinity）があります") from None
    if not isinstance(document, dict):
        raise ModelFileError("JSON のオブジェクトではありません")
    for name, expected in (("format", FORMAT), ("format_version", FORMAT_VERSION), ("kind", kind)):
        found = document.get(name)
        if type(found) is not type(expected) or found != expected:  # true == 1 も 1.0 == 1 も違う
            raise ModelFileError(f"{name} が {expected!r} ではありません（{found!r}）")
    if "payload" not in document or document.get("sha256") != digest(document["payload"]):
        raise ModelFileError("中身の SHA-256 が記録と違います（書き換えられたか壊れています）")
    return document["payload"]


# --8<-- [end:envelope]


# --8<-- [start:meaning]
def linear_model_to_payload(model: LinearModel) -> dict[str, Any]:
    """線形回帰の切片と、列の順の係数。"""
    if not isinstance(model, LinearModel):
        raise TypeError(f"model は LinearModel です（{type(model).__name__}）")
    return {"intercept": model.intercept, "coefficients": dict(model.coefficients)}


def linear_model_from_payload(payload: Any) -> LinearModel:
    """linear_model_to_payload の逆。列と数を確かめる。"""
    if not isinstance(payload, dict) or set(payload) != {"intercept", "coefficients"}:
        raise ModelFileError("線形回帰の中身は intercept と coefficients です")
    coefficients = payload["coefficients"]
    if not isinstance(coefficients, dict) or list(coefficients) != list(CINEMA_FEATURES):
        raise ModelFileError(f"係数の列は {', '.join(CINEMA_FEATURES)} の順です")
    values = [payload["intercept"], *coefficients.values()]
    if not all(_is_bounded_number(value) for value in values):
        raise ModelFileError(f"切片と係数は絶対値が {MAX_MAGNITUDE:g} 以下の数です")
    return LinearModel(float(payload["intercept"]), {k: float(v) for k, v in coefficients.items()})


def _is_bounded_number(value: object) -> bool:
    """真偽値でない数で、絶対値が MAX_MAGNITUDE 以下（NaN は比べると偽なので外れる）。

    大きな整数も float にせずに比べるので、10**400 でも OverflowError にならない。
    """
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and abs(value) <= MAX_MAGNITUDE
    )


def check_pipeline(pipeline: FittedPipeline) -> FittedPipeline:
    """第 8 章の形の検査に加えて、意味を確かめる。葉は 0 か 1、カテゴリは API の選べる値、
    ダミー変数は並べ替え済みで重ならず、年齢と境界は有限で大きすぎない。"""
    if not isinstance(pipeline, FittedPipeline):
        raise TypeError(f"pipeline は学習済みの FittedPipeline です（{type(pipeline).__name__}）")
    _check_categories(pipeline)
    _check_ages(pipeline)
    _check_tree(pipeline.tree)
    return pipeline


def _check_categories(pipeline: FittedPipeline) -> None:
    """ダミー変数と乗船港の最頻値は、API の選べる値から。"""
    for column, categories in (("Sex", SEXES), ("Embarked", PORTS)):
        values = list(pipeline.dummies.dummies[column])
        if values != sorted(set(values)) or not set(values) <= set(categories):
            allowed = "、".join(categories)
            raise ModelFileError(
                f"dummies.{column} は {allowed} から選んで並べ、重ねません（{values}）"
            )
    if pipeline.embarked.most_frequent not in PORTS:
        raise ModelFileError(f"embarked.most_frequent は {'、'.join(PORTS)} のどれかです")


def _check_ages(pipeline: FittedPipeline) -> None:
    """年齢の中央値の組は等級と性別、値は 0 以上で大きすぎない。"""
    groups = {(str(pclass), sex) for pclass in PCLASSES for sex in SEXES}
    if not set(pipeline.age.medians) <= groups:
        raise ModelFileError("年齢の中央値の組は、等級（1、2、3）と性別（female、male）です")
    ages = [*pipeline.age.medians.values(), pipeline.age.overall_median]
    if not all(0 <= age <= MAX_MAGNITUDE for age in ages):
        raise ModelFileError(f"年齢の中央値は 0 以上 {MAX_MAGNITUDE:g} 以下です")


def _check_tree(tree: Tree[int]) -> None:
    """葉のラベルは 0 か 1、境界は大きすぎない数。"""
    for subtree in _subtrees(tree):
        if isinstance(subtree, Leaf) and subtree.label not in (0, 1):
            raise ModelFileError(f"木の葉のラベルは 0 か 1 です（{subtree.label!r}）")
        if isinstance(subtree, Node) and not _is_bounded_number(subtree.split.threshold):
            raise ModelFileError(f"木の境界は絶対値が {MAX_MAGNITUDE:g} 以下の数です")


def _subtrees(tree: Tree[int]) -> Iterator[Tree[int]]:
    """木のすべての節と葉（再帰を使わない）。"""
    stack = [tree]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, Node):
            stack += [current.right, current.left]


# --8<-- [end:meaning]


# --8<-- [start:store]
class FileState(NamedTuple):
    """ファイルの stat のうち、中身が変われば変わるもの。ctime は利用者が戻せない。"""

    device: int
    inode: int
    size: int
    mtime_ns: int
    ctime_ns: int

    @classmethod
    def of(cls, path: Path) -> FileState:
        """path の今の状態。無ければ FileNotFoundError。"""
        stat = os.stat(path)
        return cls(stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)


@dataclass(frozen=True)
class Loaded:
    """読んだときのファイルの状態と、作ったモデル（読めなかったなら None）。"""

    state: FileState
    model: object | None


class FileModelStore:
    """フォルダに cinema.json と survived.json を置く、モデルの置き場。

    読んだモデルは覚えておき、次からはファイルの stat（装置、inode、大きさ、mtime、ctime）を見て、
    変わっていなければ覚えたものを使う。消されたファイル、置き換えられたファイル、書き換えられた
    ファイルは、次の 1 回の読み込みで気づく。
    """

    def __init__(self, directory: Path | str, settle_seconds: float = SETTLE_SECONDS) -> None:
        if isinstance(settle_seconds, bool) or not isinstance(settle_seconds, int | float):
            raise TypeError(f"settle_seconds は秒数です（{settle_seconds!r}）")
        if not 0 <= settle_seconds < float("inf"):
            raise ValueError(f"settle_seconds は 0 以上の有限の秒数です（{settle_seconds!r}）")
        self.directory = Path(directory)
        self._paths = {model: self.directory / f"{model}.json" for model in MODEL_NAMES}
        self.settle_ns = settle_seconds * 1e9
        self._loaded: dict[str, Loaded | None] = {}  # None は「ファイルが無かった」

    def path_of(self, model: str) -> Path:
        """モデルのファイルの場所。"""
        return self._paths.get(model) or self.directory / f"{model}.json"

    def save_sales_model(self, model: LinearModel) -> Path:
        """線形回帰を保存する。"""
        return self._write(SALES_MODEL, envelope(SALES_KIND, linear_model_to_payload(model)))

    def save_survival_model(self, pipeline: FittedPipeline) -> Path:
        """第 8 章のパイプラインを、第 8 章の JSON を中身にして保存する。"""
        payload = json_value(pipeline_to_json(pipeline))
        return self._write(SURVIVAL_MODEL, envelope(SURVIVAL_KIND, payload))

    def load_sales_model(self) -> LinearSalesModel:
        """保存した線形回帰を読む。"""
        return self._load(SALES_MODEL, SALES_KIND, _sales_model_from_payload)

    def load_survival_model(self) -> PipelineSurvivalModel:
        """保存したパイプラインを読む。"""
        return self._load(SURVIVAL_MODEL, SURVIVAL_KIND, _survival_model_from_payload)

    def _load(self, model: str, kind: str, build: Callable[[Any], _T]) -> _T:
        """stat が前と同じなら覚えたモデル（または失敗）を使い、違えば読み直す。"""
        path = self.path_of(model)
        try:
            state = FileState.of(path)
        except OSError:
            self._forget(model, path)
            raise ModelNotFoundError(model) from None
        loaded = self._loaded.get(model)
        if loaded is None or loaded.state != state:
            loaded = Loaded(state, self._read(model, kind, build, state.size))
            if time.time_ns() - state.ctime_ns > self.settle_ns:
                self._loaded[model] = loaded
            else:  # 書かれたばかり: 同じ時刻の刻みの中の書き換えは stat に出ないので、覚えない
                self._loaded.pop(model, None)
        if loaded.model is None:
            raise ModelNotFoundError(model)
        return cast(_T, loaded.model)

    def _forget(self, model: str, path: Path) -> None:
        """ファイルが無い。覚えたモデルを捨て、ログには状態が変わったときに 1 度だけ書く。"""
        already_missing = model in self._loaded and self._loaded[model] is None
        self._loaded[model] = None
        if not already_missing:
            LOGGER.warning("モデル %s のファイルがありません: %s", model, path)

    def _read(self, model: str, kind: str, build: Callable[[Any], _T], size: int) -> _T | None:
        """読んでモデルを作る。使えなければ理由と場所をログに書いて None。"""
        path = self.path_of(model)
        try:
            if size > MAX_MODEL_BYTES:
                raise ModelFileError(f"{size} バイトは大きすぎます（{MAX_MODEL_BYTES} バイトまで）")
            return build(open_envelope(path.read_text(encoding="utf-8"), kind))
        except Exception as error:  # どんな理由でも、読めないモデルは使わない（500 にしない）
            LOGGER.error("モデル %s のファイルを使いません: %s（%s）", model, path, error)
        return None

    def _write(self, model: str, text: str) -> Path:
        """一時ファイルに書いてから置き換える。読む側が書きかけのファイルを見ることはない。"""
        self.directory.mkdir(parents=True, exist_ok=True)
        target = self.path_of(model)
        handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=f".{model}-", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        Path(temporary).replace(target)
        return target


def _sales_model_from_payload(payload: Any) -> LinearSalesModel:
    return LinearSalesModel(linear_model_from_payload(payload))


def _survival_model_from_payload(payload: Any) -> PipelineSurvivalModel:
    """形は第 8 章の読み込み（PipelineFormatError）に任せ、意味を check_pipeline で確かめる。"""
    pipeline = pipeline_from_json(json_text(payload))
    return PipelineSurvivalModel(check_pipeline(pipeline))


# --8<-- [end:store]


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
    """第 8 章の学習済みパイプラインを、ドメインの SurvivalModel に合わせる。

    予測は 1 人ずつなので、表を作らずに、第 8 章の変換（年齢と港の補完、ダミー変数）と同じ数を
    乗客の欄から直接作る。第 8 章の表の変換と同じ値になることは、テストが確かめる。
    """

    def __init__(self, pipeline: FittedPipeline) -> None:
        if not isinstance(pipeline, FittedPipeline):
            raise TypeError(f"pipeline は FittedPipeline です（{type(pipeline).__name__}）")
        self.pipeline = pipeline
        self.kept = tuple(
            name for name in SURVIVED_FEATURES if name not in pipeline.dummies.dummies
        )
        self.columns = (*self.kept, *pipeline.dummies.names())

    def survives(self, passenger: Passenger) -> bool:
        """特徴量の 1 行を作り、決定木をたどる。"""
        return predict_one(self.pipeline.tree, self.features(passenger)) == 1

    def features(self, passenger: Passenger) -> Features:
        """決定木に渡す数の行（第 8 章の FittedPipeline.features と同じ列、同じ値）。"""
        age = passenger.age
        if age is None:
            key = (str(passenger.pclass), passenger.sex)  # 第 8 章の鍵は文字列の組
            age = self.pipeline.age.medians.get(key, self.pipeline.age.overall_median)
        numbers = {
            "Pclass": float(passenger.pclass),
            "Age": float(age),
            "SibSp": float(passenger.sib_sp),
            "Parch": float(passenger.parch),
            "Fare": float(passenger.fare),
        }
        categories = {
            "Sex": passenger.sex,
            "Embarked": passenger.embarked or self.pipeline.embarked.most_frequent,
        }
        dummies = [
            1.0 if categories[column] == value else 0.0
            for column, values in self.pipeline.dummies.dummies.items()
            for value in values
        ]
        return Features(self.columns, (*(numbers[name] for name in self.kept), *dummies))


# --8<-- [end:adapters]


# --8<-- [start:raw-row]
def raw_row(passenger: Passenger) -> list[str]:
    """第 8 章の生の表の 1 行（Pclass, Sex, Age, SibSp, Parch, Fare, Embarked の文字列）。

    予測には使わない。表を作らない近道が第 8 章と同じ数を作ることを、テストがこの行で確かめる。
    無い値は空の文字列にし、整数は小数点を付けずに書く（年齢の補完の鍵が文字列の組だから）。
    """
    if not isinstance(passenger, Passenger):
        raise TypeError(f"passenger は Passenger です（{type(passenger).__name__}）")
    return [
        str(passenger.pclass),
        passenger.sex,
        "" if passenger.age is None else repr(float(passenger.age)),
        str(passenger.sib_sp),
        str(passenger.parch),
        repr(float(passenger.fare)),
        passenger.embarked or "",
    ]


# --8<-- [end:raw-row]
