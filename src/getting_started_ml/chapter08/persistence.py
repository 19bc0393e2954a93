# --8<-- [start:header]
"""第 8 章のモデルの保存: 学習済みのパイプラインを、版の番号を付けた JSON に書いて読み戻す。

pickle と違い、読むだけではコードが動かない。形が違えば、どこが違うかを書いて失敗する。
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from getting_started_ml.chapter03 import Leaf, Node, Split, Tree
from getting_started_ml.chapter08.pipeline import (
    AGE_IMPUTER,
    DUMMY_ENCODER,
    EMBARKED_IMPUTER,
    FEATURES,
    FittedPipeline,
)
from getting_started_ml.chapter08.preprocessing import (
    FittedDummyEncoder,
    FittedGroupMedianImputer,
    FittedMostFrequentImputer,
    GroupKey,
)
from getting_started_ml.chapter08.weighted_tree import ClassWeight

# --8<-- [end:header]

# --8<-- [start:json]
SCHEMA_VERSION = 1
KIND = "getting_started_ml.chapter08.FittedPipeline"


class PipelineFormatError(ValueError):
    """読み込んだ JSON が、この版のパイプラインの形ではない。"""

    def __init__(self, problem: str) -> None:
        super().__init__(f"パイプラインの JSON を読めません: {problem}")


def pipeline_to_json(pipeline: FittedPipeline) -> str:
    """学習済みのパイプラインを JSON の文字列にする。float は往復しても同じ値になる。"""
    if not isinstance(pipeline, FittedPipeline):
        raise TypeError(f"pipeline は学習済みの FittedPipeline です（{type(pipeline).__name__}）")
    document = {
        "kind": KIND,
        "schema_version": SCHEMA_VERSION,
        "features": list(FEATURES),
        "age": {
            "column": pipeline.age.column,
            "by": list(pipeline.age.by),
            "medians": [
                {"group": list(key), "median": value} for key, value in pipeline.age.medians.items()
            ],
            "overall_median": pipeline.age.overall_median,
        },
        "embarked": {
            "column": pipeline.embarked.column,
            "most_frequent": pipeline.embarked.most_frequent,
        },
        "dummies": {column: list(values) for column, values in pipeline.dummies.dummies.items()},
        "model": {
            "max_depth": pipeline.max_depth,
            "class_weight": pipeline.class_weight.value,
            "tree": tree_to_json(pipeline.tree),
        },
    }
    return json.dumps(document, ensure_ascii=False, indent=2, allow_nan=False) + "\n"


def tree_to_json(tree: Tree[int]) -> dict[str, Any]:
    """木を入れ子の辞書にする。葉は {"label": …}、節は分割の条件と左右の子。"""
    if not isinstance(tree, Leaf | Node):
        raise TypeError(f"tree は第 3 章の Leaf か Node です（{type(tree).__name__}）")
    if isinstance(tree, Leaf):
        return {"label": tree.label}
    return {
        "feature": tree.split.feature,
        "threshold": tree.split.threshold,
        "impurity": tree.split.impurity,
        "left": tree_to_json(tree.left),
        "right": tree_to_json(tree.right),
    }


def save_pipeline(pipeline: FittedPipeline, path: Path | str) -> Path:
    """学習済みのパイプラインを JSON（UTF-8）で保存し、保存先を返す。"""
    text = pipeline_to_json(pipeline)
    target = Path(path)
    target.write_text(text, encoding="utf-8", newline="\n")
    return target


# --8<-- [end:json]


# --8<-- [start:json-load]
TREE_DEPTH_LIMIT = 100
"""深さの上限の無い木を読むときに許す深さ（壊れたファイルで再帰が尽きないように）。"""


def pipeline_from_json(text: str) -> FittedPipeline:
    """pipeline_to_json の文字列から、学習済みのパイプラインを作り直す。形が違えば失敗する。"""
    reader = Reader(parse_json(text), "文書")
    check_header(reader)
    age = age_from_json(reader.field("age"))
    embarked = embarked_from_json(reader.field("embarked"))
    dummies = dummies_from_json(reader.field("dummies"))
    model = reader.field("model")
    max_depth = model.field("max_depth").optional_integer()
    if max_depth is not None and max_depth < 0:
        raise PipelineFormatError(f"model.max_depth は 0 以上です（{max_depth}）")
    columns = [column for column in FEATURES if column not in dummies.dummies] + dummies.names()
    limit = TREE_DEPTH_LIMIT if max_depth is None else max_depth
    tree = tree_from_json(model.field("tree"), limit, columns)
    class_weight = model.field("class_weight").choice(ClassWeight)
    return FittedPipeline(age, embarked, dummies, tree, max_depth, class_weight)


def parse_json(text: str) -> object:
    """JSON の文法で読む。NaN や Infinity、深すぎる入れ子は失敗にする。"""
    if not isinstance(text, str):
        raise TypeError(f"text は JSON の文字列です（{type(text).__name__}）")
    try:
        return json.loads(text, parse_constant=reject_constant)
    except (json.JSONDecodeError, RecursionError) as error:
        raise PipelineFormatError(f"JSON の文法の誤り（{error}）") from None


def reject_constant(name: str) -> float:
    """JSON に NaN や Infinity があれば失敗にする。"""
    raise PipelineFormatError(f"有限でない数 {name} があります")


def check_header(reader: Reader) -> None:
    """種類、版の番号、入力の列が、この版のものか。"""
    require_reader(reader)
    kind = reader.field("kind").text()
    if kind != KIND:
        raise PipelineFormatError(f"種類 kind が {KIND} ではありません（{kind}）")
    version = reader.field("schema_version").integer()
    if version != SCHEMA_VERSION:
        raise PipelineFormatError(
            f"schema_version {version} は読めません（この版が読めるのは {SCHEMA_VERSION}）"
        )
    if reader.field("features").texts() != list(FEATURES):
        raise PipelineFormatError(f"features が {', '.join(FEATURES)} ではありません")


def age_from_json(reader: Reader) -> FittedGroupMedianImputer:
    """Age の補完器を作り直す。列は Pipeline.fit が使うものと同じでなければならない。"""
    require_reader(reader)
    column, by = reader.field("column").text(), tuple(reader.field("by").texts())
    if (column, by) != (AGE_IMPUTER.column, AGE_IMPUTER.by):
        raise PipelineFormatError(
            f"age の列が {AGE_IMPUTER.column} と {AGE_IMPUTER.by} ではありません"
        )
    medians: dict[GroupKey, float] = {}
    for entry in reader.field("medians").items():
        group = tuple(entry.field("group").texts())
        if len(group) != len(by):
            raise PipelineFormatError(f"{entry.where}.group の長さが by と違います")
        medians[group] = entry.field("median").number()
    return FittedGroupMedianImputer(column, by, medians, reader.field("overall_median").number())


def embarked_from_json(reader: Reader) -> FittedMostFrequentImputer:
    """Embarked の補完器を作り直す。"""
    require_reader(reader)
    column = reader.field("column").text()
    if column != EMBARKED_IMPUTER.column:
        raise PipelineFormatError(f"embarked の列が {EMBARKED_IMPUTER.column} ではありません")
    return FittedMostFrequentImputer(column, reader.field("most_frequent").text())


def dummies_from_json(reader: Reader) -> FittedDummyEncoder:
    """ダミー変数の変換器を作り直す。"""
    require_reader(reader)
    if reader.names() != list(DUMMY_ENCODER.columns):
        raise PipelineFormatError(
            f"dummies の列が {', '.join(DUMMY_ENCODER.columns)} ではありません"
        )
    return FittedDummyEncoder({column: reader.field(column).texts() for column in reader.names()})


def tree_from_json(reader: Reader, depth: int, columns: Sequence[str]) -> Tree[int]:
    """入れ子の辞書から木を作り直す。深さの上限を超える節や、知らない列の節は失敗にする。"""
    require_reader(reader)
    if reader.has("label"):
        return Leaf(reader.field("label").integer())
    if depth == 0:
        raise PipelineFormatError(f"{reader.where} の木が深さの上限を超えています")
    feature = reader.field("feature").text()
    if feature not in columns:
        raise PipelineFormatError(f"{reader.where}.feature の列 {feature} は特徴量にありません")
    split = Split(feature, reader.field("threshold").number(), reader.field("impurity").number())
    return Node(
        split,
        tree_from_json(reader.field("left"), depth - 1, columns),
        tree_from_json(reader.field("right"), depth - 1, columns),
    )


def require_reader(reader: object) -> None:
    """JSON から部品を作り直す関数が受け取るのは Reader（JSON の値と、その場所）。"""
    if not isinstance(reader, Reader):
        raise TypeError(f"reader は JSON の値を包んだ Reader です（{type(reader).__name__}）")


def load_pipeline(path: Path | str) -> FittedPipeline:
    """save_pipeline で保存したファイルを読む。pickle と違い、読むだけでコードは動かない。"""
    return pipeline_from_json(Path(path).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Reader:
    """JSON の値と、その場所（エラーメッセージ用）。型が違えば場所を書いて失敗する。"""

    value: object
    where: str

    def mapping(self) -> dict[str, object]:
        if not isinstance(self.value, dict):
            raise PipelineFormatError(f"{self.where} はオブジェクトではありません")
        return self.value

    def has(self, key: str) -> bool:
        return key in self.mapping()

    def names(self) -> list[str]:
        return list(self.mapping())

    def field(self, key: str) -> Reader:
        mapping = self.mapping()
        if key not in mapping:
            raise PipelineFormatError(f"{self.where} に {key} がありません")
        return Reader(mapping[key], f"{self.where}.{key}" if self.where != "文書" else key)

    def items(self) -> list[Reader]:
        if not isinstance(self.value, list):
            raise PipelineFormatError(f"{self.where} は配列ではありません")
        return [Reader(item, f"{self.where}[{i}]") for i, item in enumerate(self.value)]

    def text(self) -> str:
        if not isinstance(self.value, str):
            raise PipelineFormatError(f"{self.where} は文字列ではありません")
        return self.value

    def texts(self) -> list[str]:
        return [item.text() for item in self.items()]

    def integer(self) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise PipelineFormatError(f"{self.where} は整数ではありません")
        return self.value

    def optional_integer(self) -> int | None:
        return None if self.value is None else self.integer()

    def number(self) -> float:
        if isinstance(self.value, bool) or not isinstance(self.value, int | float):
            raise PipelineFormatError(f"{self.where} は数ではありません")
        try:
            value = float(self.value)
        except OverflowError:
            value = math.inf
        if not math.isfinite(value):
            raise PipelineFormatError(f"{self.where} は有限の数ではありません")
        return value

    def choice(self, kind: type[ClassWeight]) -> ClassWeight:
        name = self.text()
        try:
            return kind(name)
        except ValueError:
            known = ", ".join(member.value for member in kind)
            raise PipelineFormatError(f"{self.where} は {known} のどれかです（{name}）") from None


# --8<-- [end:json-load]
