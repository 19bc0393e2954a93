"""第 10 章: ランダムフォレスト。第 3 章の決定木を、行と列を引き直して何本も育てて多数決する。"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Self, TypeVar

from getting_started_ml.chapter02 import Features
from getting_started_ml.chapter03 import (
    NotFittedError,
    Tree,
    build_tree,
    check_depth,
    majority,
    predict_one,
)
from getting_started_ml.chapter10.models import check_rows, training_columns
from getting_started_ml.checks import require_count, require_same_length
from getting_started_ml.java_random import JavaRandom, require_int, shuffle

L = TypeVar("L", bound=Hashable)


# --8<-- [start:majority-vote]
def majority_vote(predictions_per_tree: Sequence[Sequence[L]]) -> list[L]:
    """行ごとに、木の順に票を数えて多数決する。同数なら先に現れたラベル。"""
    if not predictions_per_tree:
        raise ValueError("木の予測が 1 つもないので多数決できません")
    n_rows = len(predictions_per_tree[0])
    for number, predictions in enumerate(predictions_per_tree, 1):
        if len(predictions) != n_rows:
            raise ValueError(
                "木ごとの予測の件数が違います"
                f"（1 本目 {n_rows} 件、{number} 本目 {len(predictions)} 件）"
            )
    return [
        majority([predictions[row] for predictions in predictions_per_tree])
        for row in range(n_rows)
    ]


# --8<-- [end:majority-vote]


# --8<-- [start:bootstrap]
def bootstrap_sample(n: int, rnd: JavaRandom) -> list[int]:
    """0 から n-1 の位置を、戻しながら n 回引く（同じ位置が何度も出てよい）。"""
    require_count(n, "n", minimum=1)
    if not isinstance(rnd, JavaRandom):
        raise TypeError(f"rnd は JavaRandom です（{type(rnd).__name__}）")
    return [rnd.next_int(n) for _ in range(n)]


def chosen_columns(columns: Sequence[str], max_features: int, rnd: JavaRandom) -> tuple[str, ...]:
    """列名を並べ替えて先頭の max_features 個を選び、元の列の順に戻す。"""
    chosen = set(shuffle(columns, rnd)[:max_features])
    return tuple(column for column in columns if column in chosen)


# --8<-- [end:bootstrap]


# --8<-- [start:fitted-tree]
@dataclass(frozen=True)
class FittedTree:
    """森の 1 本の木。使った列、ブートストラップで引いた行の位置、育てた木。"""

    columns: tuple[str, ...]
    rows: tuple[int, ...]
    tree: Tree[str]

    def sample(self, x: Sequence[Features], t: Sequence[str]) -> tuple[list[Features], list[str]]:
        """この木を育てたデータ（引いた順の行を、使った列だけにしたもの）を作り直す。"""
        require_same_length(x, t, "特徴量", "正解")
        if self.rows and max(self.rows) >= len(x):
            raise ValueError(
                f"木が引いた行の位置 {max(self.rows)} が、渡された {len(x)} 行を超えています"
            )
        check_rows(x, self.columns)
        return bootstrap_data(x, t, self.columns, self.rows)


def bootstrap_data(
    x: Sequence[Features], t: Sequence[str], columns: tuple[str, ...], rows: Sequence[int]
) -> tuple[list[Features], list[str]]:
    """引いた順の行を、columns の列だけにして並べる。"""
    sample_x = [
        Features(columns, tuple(x[row].value(column) for column in columns)) for row in rows
    ]
    return sample_x, [t[row] for row in rows]


# --8<-- [end:fitted-tree]


# --8<-- [start:random-forest]
class RandomForest:
    """ランダムフォレスト。木ごとにブートストラップの行と max_features 個の列を引いて育てる。"""

    def __init__(
        self, n_estimators: int, max_features: int, max_depth: int | None, seed: int
    ) -> None:
        self._n_estimators = require_count(n_estimators, "n_estimators", minimum=1)
        self._max_features = require_count(max_features, "max_features", minimum=1)
        self._max_depth = check_depth(max_depth)
        self._seed = require_int(seed, "seed")
        self._trees: tuple[FittedTree, ...] = ()

    @classmethod
    def of(cls, n_estimators: int, max_features: int, seed: int) -> Self:
        """深さを制限しない木の森。"""
        return cls(n_estimators, max_features, None, seed)

    @classmethod
    def with_max_depth(
        cls, n_estimators: int, max_features: int, max_depth: int, seed: int
    ) -> Self:
        """深さが max_depth までの木の森。負の深さなら ValueError。"""
        return cls(n_estimators, max_features, max_depth, seed)

    @property
    def trees(self) -> tuple[FittedTree, ...]:
        """育てた木（育てた順）。fit の前は空。"""
        return self._trees

    def fit(self, x: Sequence[Features], t: Sequence[str]) -> Self:
        """1 つの乱数から、木ごとに行を引き、列を引き、第 3 章の木を育てる。"""
        columns = training_columns(x, t)
        if self._max_features > len(columns):
            raise ValueError(
                f"max_features（{self._max_features}）が列の数（{len(columns)}）より多いです"
            )
        rnd = JavaRandom(self._seed)
        self._trees = tuple(self.grow_one(x, t, columns, rnd) for _ in range(self._n_estimators))
        return self

    def grow_one(
        self, x: Sequence[Features], t: Sequence[str], columns: Sequence[str], rnd: JavaRandom
    ) -> FittedTree:
        """行を引き、続けて同じ乱数で列を引いて、1 本の木を育てる。"""
        rows = tuple(bootstrap_sample(len(x), rnd))
        chosen = chosen_columns(columns, self._max_features, rnd)
        sample_x, sample_t = bootstrap_data(x, t, chosen, rows)
        return FittedTree(chosen, rows, build_tree(sample_x, sample_t, chosen, self._max_depth))

    def predict(self, x: Sequence[Features]) -> list[str]:
        """木ごとに予測し、行ごとに多数決する。"""
        if not self._trees:
            raise NotFittedError("predict の前に fit で学習してください")
        check_rows(x, tuple(dict.fromkeys(c for fitted in self._trees for c in fitted.columns)))
        return majority_vote(
            [[predict_one(fitted.tree, row) for row in x] for fitted in self._trees]
        )


# --8<-- [end:random-forest]
