# --8<-- [start:header]
"""java.util.Random の移植（JavaRandom）と Collections.shuffle の移植（shuffle）のテスト。"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from getting_started_ml.java_random import JavaRandom, shuffle, shuffled_positions

VECTORS = Path(__file__).parent / "vectors"
LONG_MIN = -(2**63)
LONG_MAX = 2**63 - 1


def load_vectors(name: str) -> dict[str, Any]:
    """tests/vectors の JSON を読む。"""
    loaded: dict[str, Any] = json.loads((VECTORS / name).read_text(encoding="utf-8"))
    return loaded


BOOK_VECTORS = load_vectors("java-random-vectors.json")
JDK_VECTORS = load_vectors("jdk-extra-seed-vectors.json")
# --8<-- [end:header]


# --8<-- [start:triangulation]
def test_種0で10個を並べ替えるとJavaと同じ順になる() -> None:
    assert shuffle(range(10), 0) == [4, 8, 9, 6, 3, 5, 2, 1, 7, 0]


def test_種1で10個を並べ替えるとJavaと同じ順になる() -> None:
    assert shuffle(range(10), 1) == [6, 9, 7, 8, 4, 2, 0, 3, 1, 5]


# --8<-- [end:triangulation]


# --8<-- [start:known-vectors]
@pytest.mark.parametrize(
    ("n", "seed", "expected"),
    [
        (10, 0, [4, 8, 9, 6, 3, 5, 2, 1, 7, 0]),
        (10, 1, [6, 9, 7, 8, 4, 2, 0, 3, 1, 5]),
        (10, 42, [4, 6, 2, 1, 7, 9, 8, 5, 3, 0]),
        (2, 0, [0, 1]),
        (3, 0, [2, 1, 0]),
        (4, 0, [3, 0, 1, 2]),
        (5, 0, [4, 2, 1, 3, 0]),
        (20, 0, [6, 1, 15, 17, 4, 18, 12, 11, 14, 7, 19, 3, 16, 9, 8, 10, 2, 13, 5, 0]),
    ],
)
def test_既知の並べ替えと一致する(n: int, seed: int, expected: list[int]) -> None:
    assert shuffled_positions(n, seed) == expected


@pytest.mark.parametrize(
    ("n", "seed", "expected_prefix"),
    [
        (150, 0, [43, 76, 49, 85, 134, 122, 110, 130, 82, 78, 132, 91]),
        (99, 0, [89, 26, 91, 93, 9, 79, 35, 77, 60, 64, 47, 30]),
        (891, 0, [7, 395, 53, 373, 58, 425, 548, 693, 55, 42, 143, 293, 452, 451, 665, 218]),
        (440, 0, [279, 70, 247, 170, 110, 415, 88, 411, 112, 325]),
        (440, 1, [143, 259, 319, 327, 202, 212, 182, 408, 310, 274]),
    ],
)
def test_既知の並べ替えの先頭と一致する(n: int, seed: int, expected_prefix: list[int]) -> None:
    assert shuffled_positions(n, seed)[: len(expected_prefix)] == expected_prefix


# --8<-- [end:known-vectors]


# --8<-- [start:more-known-values]
def test_100個を種0で並べ替えた全体が既知の値と一致する() -> None:
    expected = [
        *[24, 54, 94, 80, 47, 40, 63, 97, 42, 96, 99, 44, 43, 22, 69, 79, 34, 41, 85, 37],
        *[89, 93, 15, 17, 62, 76, 2, 45, 67, 8, 18, 58, 71, 29, 46, 78, 11, 7, 4, 27],
        *[68, 9, 81, 95, 70, 75, 39, 72, 13, 19, 55, 83, 64, 28, 86, 6, 5, 31, 14, 20],
        *[30, 0, 65, 82, 32, 56, 91, 98, 88, 35, 90, 92, 66, 49, 10, 48, 53, 74, 12, 23],
        *[38, 21, 26, 52, 84, 3, 1, 57, 50, 77, 16, 51, 36, 73, 33, 59, 87, 25, 61, 60],
    ]
    assert shuffled_positions(100, 0) == expected


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        (0, [-1155484576, -723955400, 1033096058, -1690734402, -1557280266]),
        (42, [-1170105035, 234785527, -1360544799, 205897768, 1325939940]),
    ],
)
def test_上限なしのnext_intは符号付き32ビットの値になる(seed: int, expected: list[int]) -> None:
    random_ = JavaRandom(seed)
    assert [random_.next_int() for _ in expected] == expected


@pytest.mark.parametrize(
    ("seed", "bounds", "expected"),
    [
        (0, [10, 10, 10, 10, 10], [0, 8, 9, 7, 5]),
        (42, [10, 10, 10, 10, 10], [0, 3, 8, 4, 0]),
        (0, [891, 890, 889], [726, 408, 802]),
    ],
)
def test_上限つきのnext_intが既知の値と一致する(
    seed: int, bounds: list[int], expected: list[int]
) -> None:
    random_ = JavaRandom(seed)
    assert [random_.next_int(bound) for bound in bounds] == expected


# --8<-- [end:more-known-values]


# --8<-- [start:next-31]
def test_31ビットの値は2の30乗を超えても正のまま() -> None:
    random_ = JavaRandom(0)
    assert [random_.next_bits(31) for _ in range(5)] == [
        1569741360,
        1785505948,
        516548029,
        1302116447,
        1368843515,
    ]


# --8<-- [end:next-31]


# --8<-- [start:known-doubles]
def test_next_doubleとnext_gaussianが既知の値と一致する() -> None:
    doubles = JavaRandom(0)
    gaussians = JavaRandom(0)
    assert [doubles.next_double() for _ in range(3)] == [
        0.730967787376657,
        0.24053641567148587,
        0.6374174253501083,
    ]
    assert [gaussians.next_gaussian() for _ in range(6)] == [
        0.8025330637390305,
        -0.9015460884175122,
        2.080920790428163,
        0.7637707684364894,
        0.9845745328825128,
        -1.6834122587673428,
    ]


# --8<-- [end:known-doubles]


# --8<-- [start:book-vectors]
@pytest.mark.parametrize(
    "vector",
    BOOK_VECTORS["shuffle"],
    ids=lambda vector: f"seed={vector['seed']},n={vector['n']}",
)
def test_ベクタファイルの並べ替えと一致する(vector: dict[str, Any]) -> None:
    assert shuffled_positions(vector["n"], vector["seed"]) == vector["order"]


def draw_documented_stream(random_: JavaRandom, bounds: list[int]) -> dict[str, Any]:
    """ベクタファイルに書かれた順（引き直さずに 1 つの乱数から）で引く。"""
    return {
        "nextInt": [random_.next_int() for _ in range(20)],
        "nextIntBounded": {
            "bounds": bounds,
            "values": [random_.next_int(bound) for bound in bounds],
        },
        "nextDouble": [random_.next_double() for _ in range(10)],
        "nextGaussian": [random_.next_gaussian() for _ in range(6)],
        "nextLong": [random_.next_long() for _ in range(5)],
        "nextBoolean": [random_.next_boolean() for _ in range(8)],
    }


@pytest.mark.parametrize(
    "stream", BOOK_VECTORS["streams"], ids=lambda stream: f"seed={stream['seed']}"
)
def test_ベクタファイルの乱数列を順に引くと一致する(stream: dict[str, Any]) -> None:
    drawn = draw_documented_stream(JavaRandom(stream["seed"]), stream["nextIntBounded"]["bounds"])
    assert {"seed": stream["seed"], **drawn} == stream


# --8<-- [end:book-vectors]


# --8<-- [start:jdk-vectors]
def hex_floats(values: list[str]) -> list[float]:
    """Double.toHexString の表記を、丸めずに float に戻す。"""
    return [float.fromhex(value) for value in values]


@pytest.mark.parametrize("entry", JDK_VECTORS["seeds"], ids=lambda entry: f"seed={entry['seed']}")
def test_負の種や大きな種でも本物のJDKと一致する(entry: dict[str, Any]) -> None:
    for shuffled in entry["shuffle"]:
        assert shuffled_positions(shuffled["n"], entry["seed"]) == shuffled["order"]
    drawn = draw_documented_stream(JavaRandom(entry["seed"]), entry["nextIntBounded"]["bounds"])
    # 浮動小数は 16 進表記から正確に戻して、== で（1 ビットも違わないことを）確かめる
    expected = {
        **entry,
        "nextDouble": hex_floats(entry["nextDouble"]),
        "nextGaussian": hex_floats(entry["nextGaussian"]),
    }
    assert {"seed": entry["seed"], "shuffle": entry["shuffle"], **drawn} == expected


def test_JDKの種にはLongの両端と負の数が含まれる() -> None:
    seeds = {entry["seed"] for entry in JDK_VECTORS["seeds"]}
    assert {-1, -42, 2**53 + 1, LONG_MAX, LONG_MIN} <= seeds


# --8<-- [end:jdk-vectors]


# --8<-- [start:counting-random]
class CountingRandom(JavaRandom):
    """next_bits を何回呼んだかを数える JavaRandom。"""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws = 0

    def next_bits(self, bits: int) -> int:
        self.draws += 1
        return super().next_bits(bits)


# --8<-- [end:counting-random]


# --8<-- [start:rejection]
def test_棄却が起きる上限でも本物のJDKと一致する() -> None:
    vector = JDK_VECTORS["rejection"]
    random_ = CountingRandom(vector["seed"])
    assert [random_.next_int(vector["bound"]) for _ in vector["values"]] == vector["values"]
    # 上限 2**30 + 1 では 31 ビットの値のおよそ半分が捨てられ、引き直しになる
    assert random_.draws > len(vector["values"])


# --8<-- [end:rejection]


# --8<-- [start:shuffle-behaviour-tests]
def test_1つの乱数で続けて並べ替えると本物のJDKの2回目と一致する() -> None:
    random_ = JavaRandom(0)
    first = shuffle(range(10), random_)
    second = shuffle(range(10), random_)
    assert [first, second] == JDK_VECTORS["consecutive_shuffles"]


def test_JavaRandomを渡すと種を渡したときと違い乱数を使い続ける() -> None:
    random_ = JavaRandom(0)
    shuffle(range(10), random_)
    assert shuffle(range(10), random_) != shuffle(range(10), 0)


def test_JavaRandomを渡すと同じ種の新しい乱数と同じ順から始まる() -> None:
    assert shuffle(["a", "b", "c", "d"], JavaRandom(7)) == shuffle(["a", "b", "c", "d"], 7)


@pytest.mark.parametrize("bound", [0, -1, -(2**31)])
def test_上限が正でなければnext_intは失敗する(bound: int) -> None:
    with pytest.raises(ValueError, match=f"bound={bound}"):
        JavaRandom(0).next_int(bound)


@pytest.mark.parametrize("bits", [0, 33])
def test_ビット数が1から32の外ならnext_bitsは失敗する(bits: int) -> None:
    with pytest.raises(ValueError, match=f"bits={bits}"):
        JavaRandom(0).next_bits(bits)


@pytest.mark.parametrize("seed", [1.5, "0", None, True])
def test_種が整数でもJavaRandomでもなければshuffleは失敗する(seed: object) -> None:
    with pytest.raises(TypeError, match="種は int か JavaRandom"):
        shuffle([1, 2, 3], seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1.5, "0", True])
def test_種が整数でなければJavaRandomは失敗する(seed: object) -> None:
    with pytest.raises(TypeError, match="種は整数です"):
        JavaRandom(seed)  # type: ignore[arg-type]


def test_件数が負ならshuffled_positionsは失敗する() -> None:
    with pytest.raises(ValueError, match="n=-1"):
        shuffled_positions(-1, 0)


@pytest.mark.parametrize("n", [0, 1])
def test_1個以下なら乱数を引かずにそのまま返す(n: int) -> None:
    random_ = CountingRandom(0)
    assert shuffle(list(range(n)), random_) == list(range(n))
    assert random_.draws == 0


def test_n個の並べ替えは上限nから2まででn引く1回引く() -> None:
    bounds: list[int] = []

    class RecordingRandom(JavaRandom):
        def next_int(self, bound: int | None = None) -> int:
            assert bound is not None
            bounds.append(bound)
            return super().next_int(bound)

    shuffle(range(6), RecordingRandom(0))
    assert bounds == [6, 5, 4, 3, 2]


# --8<-- [end:shuffle-behaviour-tests]


# --8<-- [start:properties]
@given(items=st.lists(st.integers()), seed=st.integers(LONG_MIN, LONG_MAX))
def test_並べ替えは並び順を変えるだけ(items: list[int], seed: int) -> None:
    assert sorted(shuffle(items, seed)) == sorted(items)


@given(items=st.lists(st.text()), seed=st.integers())
def test_同じ種なら同じ順になり入力は書き換えない(items: list[str], seed: int) -> None:
    original = list(items)
    assert shuffle(items, seed) == shuffle(items, seed)
    assert items == original


@given(seed=st.integers(LONG_MIN, LONG_MAX))
def test_種は64ビットなので2の64乗ずらしても同じ列になる(seed: int) -> None:
    assert shuffled_positions(30, seed) == shuffled_positions(30, seed + 2**64)
    assert JavaRandom(seed).next_long() == JavaRandom(seed - 2**64).next_long()


@given(seed=st.integers(LONG_MIN, LONG_MAX), k=st.integers(-(2**16), 2**16))
def test_混ぜた後に残るのは下位48ビットだけ(seed: int, k: int) -> None:
    assert shuffled_positions(30, seed) == shuffled_positions(30, seed + k * 2**48)


@given(seed=st.one_of(st.integers(max_value=-1), st.integers(min_value=2**53 + 1)))
def test_負の種や2の53乗を超える種でも31ビットの値は範囲に収まる(seed: int) -> None:
    random_ = JavaRandom(seed)
    assert all(0 <= random_.next_bits(31) < 2**31 for _ in range(20))


# --8<-- [end:properties]


# --8<-- [start:more-properties]
@given(seed=st.integers(LONG_MIN, LONG_MAX), bound=st.integers(1, 2**31 - 1))
def test_上限つきのnext_intは0以上上限未満(seed: int, bound: int) -> None:
    value = JavaRandom(seed).next_int(bound)
    assert 0 <= value < bound


@given(seed=st.integers(LONG_MIN, LONG_MAX))
def test_next_doubleは0以上1未満(seed: int) -> None:
    random_ = JavaRandom(seed)
    assert all(0.0 <= random_.next_double() < 1.0 for _ in range(10))


# --8<-- [end:more-properties]


# --8<-- [start:wrong-port-functions]
def shuffle_with_modulo(n: int, seed: int) -> list[int]:
    """まちがった移植 1: 2 のべき乗でも next(31) % bound を使う。"""
    random_ = JavaRandom(seed)
    result = list(range(n))
    for i in range(n - 1, 0, -1):
        j = random_.next_bits(31) % (i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def shuffle_front_to_back(n: int, seed: int) -> list[int]:
    """まちがった移植 2: Fisher–Yates を前から回す。"""
    random_ = JavaRandom(seed)
    result = list(range(n))
    for i in range(n - 1):
        j = i + random_.next_int(n - i)
        result[i], result[j] = result[j], result[i]
    return result


def shuffle_with_signed_31_bits(n: int, seed: int) -> list[int]:
    """まちがった移植 3: 31 ビットの値を、ビット 30 を符号として読んでしまう。"""
    random_ = JavaRandom(seed)
    result = list(range(n))
    for i in range(n - 1, 0, -1):
        bound = i + 1
        bits = random_.next_bits(31)
        signed = bits - 2**31 if bits >= 2**30 else bits
        j = (bound * signed) >> 31 if bound & (bound - 1) == 0 else signed % bound
        result[i], result[j] = result[j], result[i]
    return result


# --8<-- [end:wrong-port-functions]


# --8<-- [start:wrong-ports]
@pytest.mark.parametrize(
    "wrong_port", [shuffle_with_modulo, shuffle_front_to_back, shuffle_with_signed_31_bits]
)
def test_細部を1つ変えた移植は別の並びになる(wrong_port: Callable[[int, int], list[int]]) -> None:
    assert wrong_port(10, 0) != [4, 8, 9, 6, 3, 5, 2, 1, 7, 0]
    assert sorted(wrong_port(10, 0)) == list(range(10))


# --8<-- [end:wrong-ports]


# --8<-- [start:power-of-two-test]
def test_2のべき乗の上限は下位ではなく上位のビットを使う() -> None:
    high_bits = JavaRandom(0)
    low_bits = JavaRandom(0)
    assert [high_bits.next_int(2) for _ in range(10)] == [1, 1, 0, 1, 1, 0, 1, 0, 1, 1]
    assert [low_bits.next_bits(31) % 2 for _ in range(10)] == [0, 0, 1, 1, 1, 1, 1, 1, 1, 0]


# --8<-- [end:power-of-two-test]


# --8<-- [start:learning-python-numpy]
def test_学習用_Pythonのrandomは種0でも別の並びになる() -> None:
    positions = list(range(10))
    random.Random(0).shuffle(positions)
    assert positions == [7, 8, 1, 5, 3, 4, 2, 0, 9, 6]
    assert positions != shuffled_positions(10, 0)


def test_学習用_numpyのdefault_rngは種0でも別の並びになる() -> None:
    permutation = np.random.default_rng(0).permutation(10).tolist()
    assert permutation == [4, 6, 2, 7, 3, 5, 9, 0, 8, 1]
    assert permutation != shuffled_positions(10, 0) == [4, 8, 9, 6, 3, 5, 2, 1, 7, 0]


# --8<-- [end:learning-python-numpy]


# --8<-- [start:input-error-tests]
@pytest.mark.parametrize("bound", [2**31, 2**31 + 1, 3 * 2**30, 2**40])
def test_上限がJavaのintに収まらなければnext_intはすぐに範囲を書いて失敗する(bound: int) -> None:
    with pytest.raises(ValueError, match=r"1 以上 2147483647 以下"):
        JavaRandom(0).next_int(bound)


def test_上限はJavaのintの最大値まで使える() -> None:
    assert 0 <= JavaRandom(0).next_int(2**31 - 1) < 2**31 - 1


@pytest.mark.parametrize("bound", [True, 2.5, 4.0, "10"])
def test_真偽値や浮動小数は上限ではない(bound: object) -> None:
    with pytest.raises(TypeError, match="bound"):
        JavaRandom(0).next_int(bound)  # type: ignore[arg-type]


@pytest.mark.parametrize("bits", [True, 3.0, "8"])
def test_ビット数が整数でなければnext_bitsは失敗する(bits: object) -> None:
    with pytest.raises(TypeError, match="bits"):
        JavaRandom(0).next_bits(bits)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [2.0, "3", True, None])
def test_件数が整数でなければshuffled_positionsは失敗する(n: object) -> None:
    with pytest.raises(TypeError, match="n は整数"):
        shuffled_positions(n, 0)  # type: ignore[arg-type]


def test_件数がJavaのintに収まらなければshuffled_positionsはすぐに失敗する() -> None:
    with pytest.raises(ValueError, match="2147483647"):
        shuffled_positions(2**31, 0)


# --8<-- [end:input-error-tests]
