# --8<-- [start:header]
"""付録 A: 総合演習（Bank.csv）。

訓練・検証・テストの 3 つに分け、第 8 章の補完器とダミー変数と釣り合いの重みの決定木を
つないだパイプラインで、深さを検証データの F 値で選び、訓練＋検証で学習し直して
テストデータで 1 回だけ評価する。
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING

# --8<-- [end:header]
# --8<-- [start:imports-fast-tree]
from getting_started_ml.appendix_a.fast_tree import (
    Rows,
    grow_weighted_numpy,
    predict_rows,
    to_matrix,
    truncate,
)

# --8<-- [end:imports-fast-tree]
# --8<-- [start:header-rest]
from getting_started_ml.chapter02 import Row, Table, split_train_test
from getting_started_ml.chapter03 import FeatureRow, NotFittedError, Tree, check_depth
from getting_started_ml.chapter08 import (
    ClassWeight,
    DummyEncoder,
    FittedDummyEncoder,
    FittedGroupMedianImputer,
    GroupMedianImputer,
    binary_label,
    class_weights,
    require_columns,
    require_labels,
    select_columns,
    to_features,
)
from getting_started_ml.checks import require_candidates, require_same_length
from getting_started_ml.numeric import format_fixed

# --8<-- [end:header-rest]


# --8<-- [start:split]
@dataclass(frozen=True)
class ThreeWaySplit:
    """訓練・検証・テストの 3 つ。行は生のまま（補完の前）、正解は 0/1 の int。"""

    x_train: Table
    x_valid: Table
    x_test: Table
    t_train: list[int]
    t_valid: list[int]
    t_test: list[int]


def split_three_way(
    x: Table, t: Sequence[int], test_size: float, validation_size: float, seed: int
) -> ThreeWaySplit:
    """まずテストデータを分け、残り（並べ替えた順のまま）を同じ種でもう一度分ける。"""
    if not isinstance(x, Table):
        raise TypeError(f"x は第 2 章の Table です（{type(x).__name__}）")
    require_same_length(x.rows, t, "特徴量", "正解")
    outer = split_train_test(list(x.rows), list(t), test_size, seed)
    inner = split_train_test(outer.x_train, outer.t_train, validation_size, seed)
    if not inner.x_train:
        raise ValueError(
            f"n={len(t)} 件を test_size={test_size}、validation_size={validation_size} で分けると、"
            "訓練データが 0 件です"
        )
    return ThreeWaySplit(
        Table(x.columns, tuple(inner.x_train)),
        Table(x.columns, tuple(inner.x_test)),
        Table(x.columns, tuple(outer.x_test)),
        inner.t_train,
        inner.t_test,
        outer.t_test,
    )


# --8<-- [end:split]


# --8<-- [start:constants]
if TYPE_CHECKING:
    from getting_started_ml.chapter11 import ConfusionMatrix

BANK = "Bank.csv"
TARGET = "y"
UNUSED = ("id", "day")
NUMERIC = ("age", "amount", "duration", "campaign", "previous")
CATEGORICAL = ("job", "marital", "education", "default", "housing", "loan", "contact", "month")
FEATURES = (
    "age",
    "job",
    "marital",
    "education",
    "default",
    "amount",
    "housing",
    "loan",
    "contact",
    "month",
    "duration",
    "campaign",
    "previous",
)
TEST_SIZE = 0.1
VALIDATION_SIZE = 0.2
SEED = 0
MAX_DEPTHS = tuple(range(1, 16))
POSITIVE = 1
# --8<-- [end:constants]


# --8<-- [start:pipeline]
DURATION_IMPUTER = GroupMedianImputer("duration", ("housing", "loan"))
DUMMY_ENCODER = DummyEncoder(CATEGORICAL)


@dataclass(frozen=True)
class FittedPreprocessor:
    """学習済みの前処理。duration の補完と、8 つのカテゴリの列のダミー変数。"""

    duration: FittedGroupMedianImputer
    dummies: FittedDummyEncoder

    def columns(self) -> tuple[str, ...]:
        """決定木に渡す列。数の列のあとに、ダミー変数の列が CATEGORICAL の順に並ぶ。"""
        return (*NUMERIC, *self.dummies.names())

    def rows(self, x: Table) -> list[FeatureRow]:
        """FEATURES の列を取り出し、補完してダミー変数にした、決定木に渡す数の行。

        第 8 章の transform を 2 つつなぐと、2 万行の表を 2 回作り直す。同じ値を、表を作らずに
        行ごとに直接求める（number_row）。読めないセルや欠損の残る行があれば、第 8 章の
        transform と number_rows に任せて、何行目のどの列が悪いのかを書いて失敗させる。
        """
        table = feature_columns(x)
        position = {column: k for k, column in enumerate(table.columns)}
        try:
            return [self.number_row(row.cells, row, position) for row in table.rows]
        except ValueError:
            return number_rows(self.dummies.transform(self.duration.transform(table)))

    def number_row(self, cells: tuple[str, ...], row: Row, position: dict[str, int]) -> FeatureRow:
        """1 行ぶんの数。duration の欠損は中央値の文字列（transform と同じ）を読む。"""
        numbers = []
        for column in NUMERIC:
            cell = cells[position[column]]
            if column == self.duration.column and not cell.strip():
                cell = str(self.duration.fill_value(row))
            numbers.append(float(cell))
        if not all(map(math.isfinite, numbers)):
            raise ValueError("有限でない値があります")
        for column, categories in self.dummies.dummies.items():
            cell = cells[position[column]]
            if not cell.strip():
                raise ValueError(f"列 {column} に欠損値があります")
            dummies = [0.0] * len(categories)
            if cell in categories:  # 学習したカテゴリなら、その列だけ 1
                dummies[categories.index(cell)] = 1.0
            numbers += dummies
        return tuple(numbers)


def feature_columns(x: Table) -> Table:
    """FEATURES の列だけの表。すでにその列の順なら、作り直さずにそのまま使う。"""
    return x if isinstance(x, Table) and x.columns == FEATURES else select_columns(x, FEATURES)


def number_rows(table: Table) -> list[FeatureRow]:
    """すべてのセルを float にした行。欠損値や数でないセルは第 8 章の to_features で報告する。

    to_features は 1 セルずつ列の名前で引くので、2 万行では遅い。セルの並びをそのまま読む。
    """
    require_columns(table, ())
    try:
        rows = [tuple(map(float, row.cells)) for row in table.rows]
    except ValueError:
        rows = []
    if len(rows) != len(table.rows) or not all(map(math.isfinite, chain.from_iterable(rows))):
        to_features(table)  # 何が悪いか（行と列）を書いて失敗する
        raise ValueError("数でないセルがあります")
    return rows


def fit_preprocessor(x: Table) -> FittedPreprocessor:
    """補完器とダミー変数を、渡された行（訓練データ）だけから学習する。"""
    table = feature_columns(x)
    duration = DURATION_IMPUTER.fit(table)
    dummies = DUMMY_ENCODER.fit(table)  # 補完は duration だけを変え、カテゴリの列は変えない
    return FittedPreprocessor(duration, dummies)


def fit_tree(rows: Rows, t: Sequence[int], columns: tuple[str, ...], max_depth: int) -> Tree[int]:
    """釣り合いの重みの決定木を、numpy の分割探索で育てる。

    WeightedTreeClassifier.fit と同じく、訓練データのラベルで重みを決めてから育てる。
    Features に包み直さずに、数の行をそのまま渡す。正解は int（NaN や bool は失敗）。
    """
    require_labels(t)
    weights = class_weights(t, ClassWeight.BALANCED)
    return grow_weighted_numpy(rows, list(t), columns, weights, check_depth(max_depth))


@dataclass(frozen=True)
class FittedBankPipeline:
    """学習済みのパイプライン。生の行（欠損値のある文字列の表）からそのまま予測する。"""

    preprocessor: FittedPreprocessor
    tree: Tree[int]
    max_depth: int

    def predict(self, x: Table) -> list[int]:
        """行ごとに 0 か 1 を予測する。"""
        return predict_rows(self.tree, self.preprocessor.rows(x), self.preprocessor.columns())


@dataclass(frozen=True)
class BankPipeline:
    """前処理と、釣り合いの重みの決定木をつないだもの。fit は渡された行だけから学習する。"""

    max_depth: int

    def fit(self, x: Table, t: Sequence[int]) -> FittedBankPipeline:
        """前処理を学習して変換し、その数の行で決定木を育てる。"""
        require_columns(x, FEATURES)
        require_same_length(x.rows, t, "特徴量", "正解")
        require_labels(t)
        preprocessor = fit_preprocessor(x)
        tree = fit_tree(preprocessor.rows(x), t, preprocessor.columns(), self.max_depth)
        return FittedBankPipeline(preprocessor, tree, self.max_depth)

    def predict(self, x: Table) -> list[int]:
        """学習前のパイプラインでは予測できない。"""
        raise NotFittedError(
            "このパイプラインはまだ学習していません。fit が返すもので predict します"
        )


def build_pipeline(max_depth: int) -> BankPipeline:
    """深さの上限を決めてパイプラインを作る（上限は 0 以上の int。0 なら葉 1 枚の木）。"""
    return BankPipeline(check_depth_value(max_depth))


# --8<-- [end:pipeline]


# --8<-- [start:scores]
@dataclass(frozen=True)
class Scores:
    """正例を 1 とした、正解率・適合率・再現率・F 値。"""

    accuracy: float
    precision: float
    recall: float
    f1: float


def score(actual: Sequence[int], predicted: Sequence[int]) -> Scores:
    """第 11 章の定義で 4 つの指標をまとめて求める。

    第 11 章のパッケージは読み込むと scikit-learn も読み込むので、データが無いときに
    コマンドがすぐ答えられるよう、使うときに読み込む。
    """
    from getting_started_ml.chapter11 import (  # noqa: PLC0415  遅く読み込む
        accuracy,
        confusion_matrix,
        f1_score,
        precision,
        recall,
    )

    cm = confusion_matrix(actual, predicted, POSITIVE)
    return Scores(accuracy(actual, predicted), precision(cm), recall(cm), f1_score(cm))


# --8<-- [end:scores]


# --8<-- [start:tuning]
@dataclass(frozen=True)
class DepthResult:
    """1 つの深さの、訓練データと検証データでのスコア。"""

    max_depth: int
    train: Scores
    valid: Scores


def tune_max_depth(split: ThreeWaySplit, depths: Sequence[int]) -> list[DepthResult]:
    """深さごとに訓練データで学習し、訓練データと検証データで採点する。

    前処理は深さによらないので、訓練データで 1 回だけ学習して変換する。木もいちばん深いものを
    1 本だけ育て、浅い木はそれを切り詰めて作る（深さごとに育てたのと同じ木になる）。
    """
    if not isinstance(split, ThreeWaySplit):
        raise TypeError(f"split は ThreeWaySplit です（{type(split).__name__}）")
    checked = [check_depth_value(depth) for depth in depths]
    if not checked:
        raise ValueError("調べる深さ depths が 1 つもありません")
    require_labels(split.t_train)
    preprocessor = fit_preprocessor(split.x_train)
    columns = preprocessor.columns()
    x_train = to_matrix(preprocessor.rows(split.x_train), columns)  # 何度も使うので 1 回だけ配列に
    x_valid = to_matrix(preprocessor.rows(split.x_valid), columns)
    deepest = fit_tree(x_train, split.t_train, columns, max(checked))
    weights = class_weights(split.t_train, ClassWeight.BALANCED)
    results = []
    for depth in checked:
        tree = truncate(deepest, depth, x_train, split.t_train, columns=columns, weights=weights)
        results.append(
            DepthResult(
                depth,
                score(split.t_train, predict_rows(tree, x_train, columns)),
                score(split.t_valid, predict_rows(tree, x_valid, columns)),
            )
        )
    return results


def check_depth_value(depth: int) -> int:
    """深さは第 3 章の check_depth と同じ 0 以上の int。ただし None（制限なし）は不可。

    付録 A は深さを選ぶ実験なので、制限なしの木は候補にしない（いちばん深い木を切り詰めるため、
    深さは数で決まっている必要がある）。
    """
    checked = check_depth(depth)
    if checked is None:
        raise TypeError("深さ max_depth は 0 以上の int です（None は選べません）")
    return checked


def select_best(results: Sequence[DepthResult]) -> DepthResult:
    """検証データの F 値がいちばん高い深さ。同点なら浅いほう。"""
    results = require_candidates(results, DepthResult, "results")
    unscored = [result.max_depth for result in results if math.isnan(result.valid.f1)]
    if unscored:  # NaN は比べると常に偽なので、max の答えが並び順で変わってしまう
        raise ValueError(f"results の検証データの F 値が NaN です（max_depth={unscored}）")
    return max(results, key=lambda result: (result.valid.f1, -result.max_depth))


def fit_final(split: ThreeWaySplit, max_depth: int) -> FittedBankPipeline:
    """訓練データの後ろに検証データを続けた行で、選んだ深さのパイプラインを学習し直す。"""
    if not isinstance(split, ThreeWaySplit):
        raise TypeError(f"split は ThreeWaySplit です（{type(split).__name__}）")
    rows = Table(split.x_train.columns, split.x_train.rows + split.x_valid.rows)
    return build_pipeline(max_depth).fit(rows, split.t_train + split.t_valid)


# --8<-- [end:tuning]


# --8<-- [start:prepare]
def bank_label(row: Row) -> int:
    """y のセルを 0 か 1 にする（第 8 章の binary_label）。"""
    return binary_label(row, TARGET)


def prepare_bank(table: Table, seed: int = SEED) -> ThreeWaySplit:
    """id・day・y を除いた列を特徴量に、y を正解にして、3 つに分ける。"""
    require_columns(table, (TARGET, *FEATURES))
    if not table.rows:
        raise ValueError("行が 1 つもない表は分けられません")
    features = [column for column in table.columns if column not in (TARGET, *UNUSED)]
    x = select_columns(table, features)
    t = [bank_label(row) for row in table.rows]
    return split_three_way(x, t, TEST_SIZE, VALIDATION_SIZE, seed)


# --8<-- [end:prepare]


# --8<-- [start:main]
@dataclass(frozen=True)
class Experiment:
    """付録 A の実験の結果。表示と図の両方がこれを使う。"""

    split: ThreeWaySplit
    results: list[DepthResult]
    best: DepthResult
    test: Scores
    test_matrix: ConfusionMatrix


def run_experiment(table: Table) -> Experiment:
    """分けて、深さを選び、学習し直して、テストデータで 1 回だけ採点する。"""
    split = prepare_bank(table)
    results = tune_max_depth(split, MAX_DEPTHS)
    best = select_best(results)
    final = fit_final(split, best.max_depth)
    predicted = final.predict(split.x_test)
    from getting_started_ml.chapter11 import confusion_matrix  # noqa: PLC0415

    return Experiment(
        split,
        results,
        best,
        score(split.t_test, predicted),
        confusion_matrix(split.t_test, predicted, POSITIVE),
    )


def report_lines(experiment: Experiment) -> list[str]:
    """件数、深さの表（タブ区切り）、選んだ深さ、テストデータのスコアと混同行列。"""
    if not isinstance(experiment, Experiment):
        raise TypeError(f"experiment は Experiment です（{type(experiment).__name__}）")
    split = experiment.split
    lines = [
        f"訓練データ: {len(split.t_train)} 件, 検証データ: {len(split.t_valid)} 件, "
        f"テストデータ: {len(split.t_test)} 件",
        "深さ\t訓練 正解率\t訓練 F値\t検証 正解率\t検証 再現率\t検証 F値",
    ]
    for result in experiment.results:
        train, valid = result.train, result.valid
        cells = (train.accuracy, train.f1, valid.accuracy, valid.recall, valid.f1)
        lines.append("\t".join([str(result.max_depth), *(format_fixed(v, 4) for v in cells)]))
    test, cm = experiment.test, experiment.test_matrix
    lines += [
        "",
        f"選んだ深さ: {experiment.best.max_depth}",
        f"テストデータ: 正解率 {format_fixed(test.accuracy, 4)}, "
        f"適合率 {format_fixed(test.precision, 4)}, 再現率 {format_fixed(test.recall, 4)}, "
        f"F値 {format_fixed(test.f1, 4)}",
        f"テストデータの混同行列: TP {cm.tp}, FP {cm.fp}, FN {cm.fn}, TN {cm.tn}",
    ]
    return lines


def main() -> None:
    """Bank.csv で付録 A の実験をして、結果を表示する。"""
    for line in report_lines(run_experiment(Table.load(BANK))):
        print(line)


# --8<-- [end:main]
