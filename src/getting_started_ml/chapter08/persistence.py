# --8<-- [start:header]
"""第 8 章のモデルの保存: 学習済みのパイプラインを、版の番号を付けた JSON に書いて読み戻す。

pickle と違い、読むだけではコードが動かない。形が違えば、どこが違うかを書いて失敗する。
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

from getting_started_ml.chapter03 import Leaf, Node, Split, Tree, grow_with_stack
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
    return json_text(document) + "\n"


def tree_to_json(tree: Tree[int]) -> dict[str, Any]:
    """木を入れ子の辞書にする。葉は {"label": …}、節は分割の条件と左右の子（再帰しない）。"""
    root: dict[str, Any] = {}
    waiting: list[tuple[object, dict[str, Any]]] = [(tree, root)]
    while waiting:
        node, target = waiting.pop()
        if not isinstance(node, Leaf | Node):
            raise TypeError(f"tree は第 3 章の Leaf か Node です（{type(node).__name__}）")
        if isinstance(node, Leaf):
            target["label"] = node.label
            continue
        left: dict[str, Any] = {}
        right: dict[str, Any] = {}
        target.update(
            feature=node.split.feature,
            threshold=node.split.threshold,
            impurity=node.split.impurity,
            left=left,
            right=right,
        )
        waiting += [(node.right, right), (node.left, left)]
    return root


def save_pipeline(pipeline: FittedPipeline, path: Path | str) -> Path:
    """学習済みのパイプラインを JSON（UTF-8）で保存し、保存先を返す。"""
    text = pipeline_to_json(pipeline)
    target = Path(path)
    target.write_text(text, encoding="utf-8", newline="\n")
    return target


# --8<-- [end:json]


# --8<-- [start:json-load]
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
    tree = tree_from_json(model.field("tree"), max_depth, columns)
    class_weight = model.field("class_weight").choice(ClassWeight)
    return FittedPipeline(age, embarked, dummies, tree, max_depth, class_weight)


def parse_json(text: str) -> object:
    """JSON の文法で読む。NaN や Infinity、深すぎる入れ子は失敗にする。"""
    if not isinstance(text, str):
        raise TypeError(f"text は JSON の文字列です（{type(text).__name__}）")
    try:
        return json_value(text)
    except json.JSONDecodeError as error:
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


def tree_from_json(reader: Reader, depth: int | None, columns: Sequence[str]) -> Tree[int]:
    """入れ子の辞書から木を作り直す。深さの上限を超える節や、知らない列の節は失敗にする。

    depth が None なら深さを問わない。第 3 章の grow_with_stack で組み立てるので再帰しない。
    """
    require_reader(reader)
    return grow_with_stack((reader, depth), lambda part: _node_from_json(part, columns))


def _node_from_json(
    part: tuple[Reader, int | None], columns: Sequence[str]
) -> Leaf[int] | tuple[Split, tuple[Reader, int | None], tuple[Reader, int | None]]:
    """1 つの節の JSON を、葉か（分割, 左の JSON, 右の JSON）にする。"""
    reader, depth = part
    if reader.has("label"):
        return Leaf(reader.field("label").integer())
    if depth == 0:
        raise PipelineFormatError(f"{reader.where} の木が深さの上限を超えています")
    feature = reader.field("feature").text()
    if feature not in columns:
        raise PipelineFormatError(f"{reader.where}.feature の列 {feature} は特徴量にありません")
    split = Split(feature, reader.field("threshold").number(), reader.field("impurity").number())
    remaining = None if depth is None else depth - 1
    return split, (reader.field("left"), remaining), (reader.field("right"), remaining)


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


# --8<-- [start:json-stack]
def json_text(value: object) -> str:
    """json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False) と同じ文字列を作る。

    json.dumps は入れ子を 1 段ごとに再帰するので、深い木では RecursionError になる。
    これから書くもの（文字列か、字下げの深さつきの値）を逆順にスタックへ積んで書く。
    """
    parts: list[str] = []
    waiting: list[str | tuple[object, int]] = [(value, 0)]
    while waiting:
        item = waiting.pop()
        if isinstance(item, str):
            parts.append(item)
            continue
        node, level = item
        if isinstance(node, dict) and node:
            parts.append("{")
            waiting += reversed(_json_members(node, level))
        elif isinstance(node, list | tuple) and node:
            parts.append("[")
            inner = "\n" + "  " * (level + 1)
            members: list[str | tuple[object, int]] = []
            for position, child in enumerate(node):
                members += [("," if position else "") + inner, (child, level + 1)]
            waiting += reversed([*members, "\n" + "  " * level + "]"])
        else:
            parts.append(json.dumps(node, ensure_ascii=False, allow_nan=False))
    return "".join(parts)


def _json_members(mapping: dict[Any, Any], level: int) -> list[str | tuple[object, int]]:
    """辞書の中身を、書く順に並べる（「"名前": 」の文字列と、字下げの深さつきの値）。"""
    inner = "\n" + "  " * (level + 1)
    members: list[str | tuple[object, int]] = []
    for position, (key, child) in enumerate(mapping.items()):
        if not isinstance(key, str):
            raise TypeError(f"JSON のオブジェクトの名前は文字列です（{key!r}）")
        name = json.dumps(key, ensure_ascii=False)
        members += [("," if position else "") + f"{inner}{name}: ", (child, level + 1)]
    return [*members, "\n" + "  " * level + "}"]


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*"')
_NUMBER = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_CONSTANTS: dict[str, object] = {"true": True, "false": False, "null": None}
_Container: TypeAlias = tuple[list[object] | dict[str, object], str | None]
"""読みかけの配列かオブジェクトと、次の値を入れる名前（配列なら None）。"""


def json_value(text: str) -> object:
    """json.loads と同じ値を、入れ子を自分のスタックに積んで読む（深い木でも再帰しない）。

    json.loads は入れ子を 1 段ごとに再帰する。NaN・Infinity は reject_constant で失敗にする。
    """
    if not isinstance(text, str):
        raise TypeError(f"text は JSON の文字列です（{type(text).__name__}）")
    open_containers: list[_Container] = []
    position = _skip_space(text, 0)
    while True:
        value, position = _scalar_or_open(text, position, open_containers)
        if value is _OPENED:
            continue
        finished, value, position = _store(text, position, value, open_containers)
        if finished:
            return value


def _store(
    text: str, position: int, value: object, open_containers: list[_Container]
) -> tuple[bool, object, int]:
    """読めた値を開いている入れ物に入れる。閉じた入れ物は、それがまた次の値になる。

    続きがあれば (False, None, 次の値の位置)、文書が終われば (True, 文書全体の値, 位置)。
    """
    while open_containers:
        container, key = open_containers[-1]
        _put(container, key, value)
        position = _skip_space(text, position)
        if text.startswith(",", position):
            return False, None, _next_member(text, position + 1, open_containers)
        position = _close(text, position, container)
        open_containers.pop()
        value = container
    return True, _whole_document(text, position, value), position


def _next_member(text: str, position: int, open_containers: list[_Container]) -> int:
    """, のあと: オブジェクトなら次の名前を読んで覚え、次の値の位置を返す。"""
    position = _skip_space(text, position)
    container, _ = open_containers[-1]
    if isinstance(container, dict):
        name, position = _member_name(text, position)
        open_containers[-1] = (container, name)
    return position


def _close(text: str, position: int, container: list[object] | dict[str, object]) -> int:
    """入れ物を閉じる } か ] を読む（無ければ失敗）。"""
    closing = "}" if isinstance(container, dict) else "]"
    if not text.startswith(closing, position):
        raise json.JSONDecodeError(f"{closing} か , がありません", text, position)
    return position + 1


def _whole_document(text: str, position: int, value: object) -> object:
    """最後の値のあとには空白しか無いことを確かめて、値を返す。"""
    if _skip_space(text, position) != len(text):
        raise json.JSONDecodeError("値のあとに余分な文字があります", text, position)
    return value


def _put(container: list[object] | dict[str, object], key: str | None, value: object) -> None:
    """読めた値を、配列なら末尾に、オブジェクトなら key の名前で入れる。"""
    if isinstance(container, dict):
        container[str(key)] = value
    else:
        container.append(value)


_OPENED = object()
"""_scalar_or_open が、値ではなく入れ物を開いたことを知らせる印。"""


def _scalar_or_open(
    text: str, position: int, open_containers: list[_Container]
) -> tuple[object, int]:
    """position から 1 つの値を読む。{ か [ なら入れ物を開いて _OPENED を返す（空なら空の値）。"""
    first = text[position : position + 1]
    if first in ("{", "["):
        after = _skip_space(text, position + 1)
        if text.startswith("}" if first == "{" else "]", after):
            return ({} if first == "{" else []), after + 1
        if first == "[":
            open_containers.append(([], None))
            return _OPENED, after
        name, after = _member_name(text, after)
        open_containers.append(({}, name))
        return _OPENED, after
    return _json_scalar(text, position)


def _json_scalar(text: str, position: int) -> tuple[object, int]:
    """文字列・true・false・null・数を 1 つ読む。"""
    if text.startswith('"', position):
        return _json_string(text, position)
    for word, constant in _CONSTANTS.items():
        if text.startswith(word, position):
            return constant, position + len(word)
    for word in ("NaN", "Infinity", "-Infinity"):
        if text.startswith(word, position):
            reject_constant(word)
    return _json_number(text, position)


def _json_number(text: str, position: int) -> tuple[object, int]:
    """数を 1 つ読む。小数点も指数も無ければ int、あれば float（json.loads と同じ）。"""
    number = _NUMBER.match(text, position)
    if number is None:
        raise json.JSONDecodeError("値がありません", text, position)
    integer, fraction, exponent = number.groups()
    try:
        value = float(number.group()) if fraction or exponent else int(integer)
    except ValueError as error:  # 桁の多すぎる整数
        raise json.JSONDecodeError(str(error), text, position) from None
    return value, number.end()


def _member_name(text: str, position: int) -> tuple[str, int]:
    """オブジェクトの「"名前":」を読み、値の始まりの位置を返す。"""
    if not text.startswith('"', position):
        raise json.JSONDecodeError("オブジェクトの名前（文字列）がありません", text, position)
    name, position = _json_string(text, position)
    position = _skip_space(text, position)
    if not text.startswith(":", position):
        raise json.JSONDecodeError(": がありません", text, position)
    return str(name), _skip_space(text, position + 1)


def _json_string(text: str, position: int) -> tuple[str, int]:
    """position の " から始まる文字列を読む（エスケープは json.loads に任せる）。"""
    found = _STRING.match(text, position)
    if found is None:
        raise json.JSONDecodeError("文字列が閉じていません", text, position)
    return str(json.loads(found.group())), found.end()


def _skip_space(text: str, position: int) -> int:
    """空白を飛ばした位置。"""
    found = _WHITESPACE.match(text, position)
    return position if found is None else found.end()


# --8<-- [end:json-stack]
