# --8<-- [start:header]
"""付録 B: 回帰の損失（Huber・Smooth L1）と言語モデルの指標（パープレキシティ・BLEU）。"""

from __future__ import annotations

import math
import sys
from collections import Counter
from collections.abc import Sequence

from getting_started_ml.checks import (
    require_count,
    require_finite,
    require_numbers,
    require_sequence,
)

# --8<-- [end:header]


# --8<-- [start:huber]
def huber(error: float, delta: float = 1.0) -> float:
    """誤差が delta 未満なら二乗の半分、それ以上なら delta に比例する線形の損失。"""
    x = require_finite(error, "error")
    d = require_finite(delta, "delta")
    if d <= 0:
        raise ValueError(f"delta は正の数です（delta={delta}）")
    if abs(x) < d:
        return 0.5 * x * x
    return d * (abs(x) - 0.5 * d)


def smooth_l1(error: float) -> float:
    """Smooth L1 損失: delta = 1 の Huber 損失（物体検出の座標の回帰で使う）。"""
    return huber(error, 1.0)


# --8<-- [end:huber]


# --8<-- [start:perplexity]
def cross_entropy(probabilities: Sequence[float]) -> float:
    """正解に割り当てた確率の列から、1 語あたりの交差エントロピー（自然対数）を求める。"""
    values = require_numbers(probabilities, "probabilities")
    if not values:
        raise ValueError("probabilities が空なので平均できません")
    if any(not 0.0 < p <= 1.0 for p in values):
        raise ValueError("probabilities の要素は 0 より大きく 1 以下です")
    return -math.fsum(math.log(p) for p in values) / len(values)


def perplexity(probabilities: Sequence[float]) -> float:
    """交差エントロピーの指数。平均して何択から選んでいるのと同じくらい迷っているか。"""
    entropy = cross_entropy(probabilities)
    if entropy > math.log(sys.float_info.max):
        raise ValueError(
            f"probabilities が小さすぎ、パープレキシティが float に収まりません（{entropy=}）"
        )
    return math.exp(entropy)


# --8<-- [end:perplexity]


# --8<-- [start:bleu]
def ngrams(words: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    """長さ n の連続した語の組を数える。"""
    return Counter(tuple(words[i : i + n]) for i in range(len(words) - n + 1))


def clipped_precision(
    candidate: Sequence[str], references: Sequence[Sequence[str]], n: int
) -> float:
    """n-gram の適合率。参照文に現れる回数の最大値を超えた分は数えない（クリップ）。"""
    counts = ngrams(candidate, n)
    if not counts:
        return 0.0
    ceiling: Counter[tuple[str, ...]] = Counter()
    for reference in references:
        ceiling |= ngrams(reference, n)
    matched = sum(min(count, ceiling[gram]) for gram, count in counts.items())
    return matched / sum(counts.values())


def brevity_penalty(candidate_length: int, reference_length: int) -> float:
    """生成文が参照文より短いときの罰則 exp(1 − r/c)。長ければ 1。"""
    require_count(candidate_length, "candidate_length")
    require_count(reference_length, "reference_length")
    if candidate_length == 0:
        return 0.0
    if candidate_length > reference_length:
        return 1.0
    return math.exp(1 - reference_length / candidate_length)


def closest_reference_length(candidate: Sequence[str], references: Sequence[Sequence[str]]) -> int:
    """生成文の長さにいちばん近い参照文の長さ（同じ近さなら短いほう）。"""
    return min((abs(len(r) - len(candidate)), len(r)) for r in references)[1]


def bleu(candidate: Sequence[str], references: Sequence[Sequence[str]], max_n: int = 4) -> float:
    """BLEU: 1〜max_n-gram の適合率の幾何平均に、短さの罰則を掛ける（重みは均等）。"""
    words = [str(w) for w in require_sequence(candidate, "candidate")]
    refs = [
        [str(w) for w in require_sequence(r, "references の要素")]
        for r in require_sequence(references, "references")
    ]
    if not refs:
        raise ValueError("references が空です")
    if isinstance(max_n, bool) or not isinstance(max_n, int) or max_n < 1:
        raise ValueError(f"max_n は 1 以上の整数です（max_n={max_n!r}）")
    precisions = [clipped_precision(words, refs, n) for n in range(1, max_n + 1)]
    if min(precisions) == 0.0:
        return 0.0
    mean_log = math.fsum(math.log(p) for p in precisions) / max_n
    return brevity_penalty(len(words), closest_reference_length(words, refs)) * math.exp(mean_log)


# --8<-- [end:bleu]


# --8<-- [start:rouge]
def rouge_n(candidate: Sequence[str], references: Sequence[Sequence[str]], n: int = 1) -> float:
    """ROUGE-N（再現率）: 参照文の n-gram のうち、生成文にも現れるものの割合。

    分子も分母も参照文ごとに足す。数えてよいのは生成文に現れる回数まで（BLEU のクリップの逆向き）。
    """
    words = [str(w) for w in require_sequence(candidate, "candidate")]
    refs = [
        [str(w) for w in require_sequence(r, "references の要素")]
        for r in require_sequence(references, "references")
    ]
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n は 1 以上の整数です（n={n!r}）")
    found = ngrams(words, n)
    matched = total = 0
    for reference in refs:
        wanted = ngrams(reference, n)
        matched += sum(min(count, found[gram]) for gram, count in wanted.items())
        total += sum(wanted.values())
    if total == 0:
        raise ValueError(f"references に {n}-gram が 1 つもないので、再現率が決まりません")
    return matched / total


# --8<-- [end:rouge]
