"""頑健さのテスト（すべての章と付録）: どの公開関数にも、悪い値を 1 つずつ渡してみる。

src/getting_started_ml の下のすべてのモジュールの、_ で始まらない関数とクラスが対象になる
（新しく足した関数も、何もしなくても入る）。必須の引数すべてに同じ悪い値（None、NaN、無限大、
負の数、float に収まらない整数、空の列、NaN の入った列、空の文字列、空の辞書）を渡し、
返ってよいのは NaN を含まない値か、ValueError / TypeError だけとする（tests/robustness.py の
call_safely と同じ約束。どの引数が悪いかを書くことは、章ごとのテストが確かめる）。

外すのは、理由を書いたものだけ: 値を持つだけのデータクラス、例外の型、Protocol（自動）、
ファイルやネットワークを使う入口、図を描くだけのモジュールなど（EXEMPT_MODULES・EXEMPT）。
ほかの人が直している最中の不具合は、KNOWN_BUGS に理由を書く（その組だけは約束を破ってよい）。
直ればテストが失敗して知らせるので、そのときは KNOWN_BUGS から消す。テストは関数ごとに 1 つで、
悪い値ごとの判定は失敗のメッセージに表で出る（1 万近いテストを作る手間を省く。issue 23）。
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import inspect
import math
import pkgutil
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from support.robustness import ALLOWED_ERRORS, TookTooLongError, call_safely

import getting_started_ml
from getting_started_ml.dataset import DataError

BAD_VALUES: dict[str, object] = {
    "None": None,
    "nan": math.nan,
    "inf": math.inf,
    "-1": -1,
    "0": 0,
    "2**70": 2**70,
    "[]": [],
    "[nan]": [math.nan],
    "[None]": [None],
    "''": "",
    "{}": {},
}
"""必須の引数に渡す悪い値（名前はテストの id に使う）。"""

EXEMPT_MODULES: dict[str, str] = {
    r"figures": (
        "図を描くだけ（本のデータから作った値を受け取る。図のテストと黄金の図が受け持つ）"
    ),
    r"workbook": "本文の途中の一歩を当て直す道具（tests/test_workbook.py と replay が受け持つ）",
    r"\.data$": "データを置く・確かめるコマンド（ファイルを書く。tests/test_dataset.py）",
    r"\.cli$": (
        "章のコマンドの共通の入口 run_chapter（章の main を受け取って動かし、DataError を 1 行の"
        "説明にする。tests/test_cli.py と tests/test_cli_startup.py）"
    ),
    r"_sklearn$|\.idiomatic$": (
        "scikit-learn・pandas で書いた、比べるための版（入力は pandas の表か配列で、検査は"
        "ライブラリがする。自作の版をこのスイートが確かめ、data テストが同じ値を確かめる）"
    ),
    r"__main__$": "python -m の入口（章の main を呼ぶだけ）",
    r"chapter15\.server$": (
        "本物のサーバーを起動する、接続の期限を持つ uvicorn の部品（test_chapter15_slow_clients）"
    ),
    r"appendix_[bc]\.experiment$": (
        "付録の実行結果を表示する入口（本のデータから作った値を受け取る。黄金ファイルのテスト）"
    ),
}
"""モジュールごと外すもの（正規表現 → 理由）。"""

EXEMPT: dict[str, str] = {
    # ファイル・外部コマンド・ネットワーク（悪い値を渡すと、読む・書く・学習する前に失敗する
    # ことは確かめられるが、良い値を渡すと手元のファイルを書き換えたりデータを読んだりする）
    "chapter04.run_git": "git を動かす（tests/test_chapter04_repository.py）",
    "chapter04.tracked_files": "git を動かす（tests/test_chapter04_repository.py）",
    "chapter04.copies_of_data": "ファイルを読む（tests/test_chapter04_repository.py）",
    "chapter04.ignoring_rules": "git を動かす（tests/test_chapter04_ignore.py）",
    "chapter05.files_with_bom": "ファイルを読む（tests/test_chapter05_checks.py）",
    "chapter08.save_pipeline": "ファイルを書く（tests/test_chapter08.py）",
    "chapter15.FileModelStore": "ファイルを読み書きする（第 15 章のテスト）",
    "chapter15.train_and_save_models": "データで学習してファイルを書く（data テスト）",
    "chapter15.train": "データで学習してファイルを書く（data テスト）",
    "chapter15.serve": "本物のサーバーを起動する（tests/test_chapter15_data.py）",
    "chapter15.create_app": "FastAPI のアプリを作る（tests/test_chapter15_api.py）",
    "chapter15.DirectRoute": "FastAPI が経路を足すときに作る（tests/test_chapter15_fast_path.py）",
    "chapter15.read_body": "FastAPI が呼ぶ（tests/test_chapter15_api.py）",
    "chapter15.unreadable": "FastAPI が呼ぶ例外の処理（第 15 章のテスト）",
    "chapter15.invalid": "FastAPI が呼ぶ例外の処理（第 15 章のテスト）",
    "chapter15.model_not_found": "FastAPI が呼ぶ例外の処理（第 15 章のテスト）",
    "chapter15.too_large": "FastAPI が呼ぶ例外の処理（第 15 章のテスト）",
    "chapter15.http_error": "FastAPI が呼ぶ例外の処理（第 15 章のテスト）",
    "chapter15.PredictionService": "置き場を受け取るだけ（test_chapter15_service）",
    "chapter15.not_finite": "FastAPI が呼ぶ例外の処理（第 15 章のテスト）",
    "chapter15.FileState": "ファイルの stat の値を持つだけの組（置き場のテスト）",
    "chapter04.report_data_copies": "リポジトリのファイルを読む（第 4 章のテストと黄金ファイル）",
    "chapter04.report_ignore_rules": "リポジトリのファイルを読む（第 4 章のテストと黄金ファイル）",
    "chapter05.report_bom": "リポジトリのファイルを読む（第 5 章のテストと黄金ファイル）",
    # 内部の道具（読者は確かめる入口のほうを呼ぶ）
    "chapter11.fold_scores": "cross_validate が確かめた分割だけを受け取る本体",
    "chapter14.distance_table": "fit_kmeans などが確かめた numpy の配列だけを受け取る",
    "chapter14.nearest_centers": "fit_kmeans などが確かめた numpy の配列だけを受け取る",
    "chapter14.moved_centers": "fit_kmeans などが確かめた numpy の配列だけを受け取る",
    "chapter14.lloyd": "fit_kmeans の本体（確かめ済みの numpy の配列だけを受け取る）",
    "chapter01.person_from": "parse_people が column_positions で確かめた位置だけを受け取る",
    "appendix_c.resampled_r2": "確かめ済みの値と位置の配列だけを受け取る（入口は"
    " bootstrap_r2_differences）",
    "chapter10.row_sums": "gradient_descent が確かめた numpy の配列だけを受け取る",
    "chapter10.softmax_rows": "gradient_descent が確かめた numpy の配列だけを受け取る",
    "chapter10.add_decreases": "decrease_shares が確かめた木と行だけを受け取る本体",
    "appendix_c.check_ridge_claim": "第 12 章のデータで計算する（data テスト）",
    "appendix_c.check_alpha_selection": "第 12 章のデータで計算する（data テスト）",
    "appendix_c.compare_tree_depths": "Titanic のデータで計算する（data テスト）",
    "appendix_b.survived_depth_selection": (
        "引数を取らず Titanic のデータで計算する（test_appendix_b_splitting の data テスト）"
    ),
}
"""名前ごとに外すもの（モジュール名から getting_started_ml. を除いた名前 → 理由）。

load_・read_ で始まる関数と章の main は、ファイルを読む入口として自動で外す（data テストと
tests/test_dataset.py、test_startup が受け持つ）。
"""

NAN_IN_NAN_OUT: dict[str, str] = {
    "numeric.kahan_sum": "Java の DoubleStream.sum と同じく NaN の和は NaN（呼ぶ側が確かめる）",
    "numeric.kahan_mean": "kahan_sum と同じ（呼ぶ側が確かめる）",
    "checks.require_sequence": "列であることだけを確かめる（要素は呼ぶ側が確かめる）",
    "chapter10.sequential_sum": "左から順に足すだけ（NaN の和は NaN。呼ぶ側が確かめる）",
    "checks.as_float": "数を float にするだけ（NaN を断るのは require_finite などの役目）",
    "appendix_b.true_curve": "sin(2πx) を返すだけ（NaN には NaN。数学の関数と同じ）",
    "chapter07.value_of": "数を float にするだけ（有限でない値は require_rectangle が断る）",
}
"""NaN を渡されたら NaN を返してよいもの（理由つき）。"""

SYMPTOMS: dict[str, str] = {
    "AttributeError": "型の違う値（None など）で AttributeError。入口で型を確かめていない",
    "IndexError": "空や型の違う値で IndexError。入口で確かめていない",
    "KeyError": "KeyError。入口で確かめていない",
    "NaN": "NaN を黙って返す",
    "ZeroDivisionError": "ZeroDivisionError。入口で確かめていない",
    "OverflowError": "OverflowError。float に収まらない値を確かめていない",
    "DeprecationWarning": "numpy の DeprecationWarning。入口で型を確かめていない",
    "UserWarning": "UserWarning。入口で確かめていない",
    "TookTooLongError": "止まらない（大きな数をそのまま使う）",
}
"""KNOWN_BUGS の症状の説明。"""

KNOWN_BUGS: dict[str, tuple[str, str]] = {}
"""まだ直っていない不具合: 名前 → (悪い値の名前を空白で区切ったもの（* はすべて）, 症状)。

見つけた時点の記録で、該当する組は約束を破ってよい（ほかの組は破ってはならない）。直した人は、ここから消す。
"""

PACKAGE = "getting_started_ml"
ALLOWED = (*ALLOWED_ERRORS, DataError)
"""許す例外: ValueError・TypeError と、データファイルの誤りを知らせる DataError（第 4 章）。"""


def module_names() -> list[str]:
    """src/getting_started_ml の下のすべてのモジュールの名前。"""
    found = [PACKAGE]
    found += [
        info.name
        for info in pkgutil.walk_packages(getting_started_ml.__path__, f"{PACKAGE}.")
        if not info.name.endswith("__main__")
    ]
    return sorted(found)


def short(module_name: str) -> str:
    """getting_started_ml. を除いた名前。"""
    return module_name.removeprefix(f"{PACKAGE}.")


def probe_key(module_name: str, name: str) -> str:
    """関数の名前（章か共通のモジュールの名前 + 関数名: chapter10.softmax）。

    章のパッケージの中でモジュールを分けたり移したりしても変わらない。
    """
    return f"{short(module_name).split('.', 1)[0]}.{name}"


def public_members(module_name: str) -> list[tuple[str, Any]]:
    """モジュールで定義された、_ で始まらない関数とクラス。"""
    module = importlib.import_module(module_name)
    return [
        (name, value)
        for name, value in vars(module).items()
        if not name.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == module_name
    ]


def automatic_exemption(name: str, value: Any) -> str | None:
    """理由が決まっているので自動で外すもの。外さないなら None。"""
    if inspect.isclass(value):
        if issubclass(value, BaseException):
            return "例外の型"
        if getattr(value, "_is_protocol", False):
            return "型の約束（Protocol）"
        if dataclasses.is_dataclass(value) and not hasattr(value, "__post_init__"):
            return "値を持つだけのデータクラス（確かめるのは作る関数）"
    if name == "main" or name.startswith(("load_", "read_")):
        return "ファイルを読む入口（data テスト、tests/test_dataset.py、test_startup）"
    return None


def exemption(module_name: str, name: str, value: Any) -> str | None:
    """外す理由（外さないなら None）。"""
    for pattern, reason in EXEMPT_MODULES.items():
        if re.search(pattern, module_name):
            return reason
    return EXEMPT.get(probe_key(module_name, name)) or automatic_exemption(name, value)


def probed_functions() -> list[tuple[str, Callable[..., Any]]]:
    """悪い値を渡してみる関数とクラス（名前つき）。"""
    return [
        (probe_key(module_name, name), value)
        for module_name in module_names()
        for name, value in public_members(module_name)
        if exemption(module_name, name, value) is None
    ]


def arguments_for(function: Callable[..., Any], bad: object) -> tuple[list[Any], dict[str, Any]]:
    """必須の引数すべてに bad を入れる（必須が無ければ、すべての引数に入れる）。"""
    parameters = [
        parameter
        for parameter in inspect.signature(function).parameters.values()
        if parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
    ]
    required = [p for p in parameters if p.default is inspect.Parameter.empty]
    chosen = required or parameters
    positional = [bad for p in chosen if p.kind is not p.KEYWORD_ONLY]
    keywords = {p.name: bad for p in chosen if p.kind is p.KEYWORD_ONLY}
    return positional, keywords


def call_with(function: Callable[..., Any], bad: object) -> Any:
    """function を悪い値で呼ぶ。返した列や反復子は、最後まで取り出す。

    悪い値は呼ぶたびに写す。[nan] や {} を書き換える関数があると、後のテストの値が変わり、
    結果がテストの順（並べて動かすときの配り方）で変わってしまうから。
    """
    positional, keywords = arguments_for(function, copy.deepcopy(bad))
    result = function(*positional, **keywords)
    if isinstance(result, Iterator):
        return list(result)
    return result


PROBE_SECONDS = 1.0
"""悪い値 1 つの呼び出しに許す CPU 時間（秒）。悪い値を断るだけなら 1 ミリ秒もかからないので、
章ごとの頑健さのテスト（2 秒）より短くしても十分に長い。止まらない関数の組で待つ時間が減る
（データを読んで計算する入口は、引数を取らなくても EXEMPT で外す）。"""


def verdict(function: Callable[..., Any], bad: object, *, allow_nan: bool) -> str:
    """悪い値 1 つの判定: 約束どおりなら "ok"、そうでなければ症状（SYMPTOMS の名前など）。"""
    try:
        call_safely(
            lambda: call_with(function, bad),
            names=[""],
            allow_nan=allow_nan,
            allowed=ALLOWED,
            seconds=PROBE_SECONDS,
        )
    except TookTooLongError:
        return "TookTooLongError"
    except AssertionError as error:
        return "NaN" if str(error).startswith("NaN") else f"AssertionError: {error}"
    except Exception as error:  # 約束にない例外（と警告）は、型の名前を症状にする
        return type(error).__name__
    return "ok"


def known_failures(name: str) -> set[str]:
    """KNOWN_BUGS に書いた、name が約束を破る悪い値の名前。"""
    failing, _ = KNOWN_BUGS.get(name, ("", ""))
    return set(BAD_VALUES) if failing == "*" else set(failing.split())


def verdict_table(name: str, verdicts: dict[str, str]) -> str:
    """悪い値ごとの判定を 1 行ずつ（既知の不具合の組には印を付ける）。"""
    known = known_failures(name)
    rows = [
        f"  {label}: {SYMPTOMS.get(found, found)}" + ("（KNOWN_BUGS）" if label in known else "")
        if found != "ok"
        else f"  {label}: ok" + ("（直った。KNOWN_BUGS から消す）" if label in known else "")
        for label, found in verdicts.items()
    ]
    return "\n".join([f"{name} の悪い値ごとの判定:", *rows])


PROBED = probed_functions()


@pytest.mark.parametrize(("name", "function"), PROBED, ids=[name for name, _ in PROBED])
def test_悪い値には値かValueErrorかTypeErrorを返す(name: str, function: Callable[..., Any]) -> None:
    """関数 1 つに BAD_VALUES のすべてを 1 つずつ渡す（判定は悪い値ごと。失敗すれば表で見せる）。

    約束を破るのは、KNOWN_BUGS に書いた悪い値のちょうどそれだけでなければならない。書いた組が
    直っていれば（xfail(strict=True) の XPASS と同じく）失敗するので、KNOWN_BUGS から消す。
    """
    allow_nan = name in NAN_IN_NAN_OUT
    if arguments_for(function, None) == ([], {}):
        # 引数を取らない関数（データを読んで計算する入口など）は、どの悪い値でも同じ呼び出しになる。
        # 1 回だけ呼んで、その判定をすべての悪い値の判定にする（11 回の同じ計算を省く）
        once = verdict(function, None, allow_nan=allow_nan)
        verdicts = dict.fromkeys(BAD_VALUES, once)
    else:
        verdicts = {
            label: verdict(function, bad, allow_nan=allow_nan) for label, bad in BAD_VALUES.items()
        }
    failing = {label for label, found in verdicts.items() if found != "ok"}
    assert failing == known_failures(name), verdict_table(name, verdicts)


def test_外す理由を書いた名前はどれも今もある() -> None:
    existing = {
        probe_key(module_name, name)
        for module_name in module_names()
        for name, _ in public_members(module_name)
    }
    assert sorted(set(EXEMPT) - existing) == []
    assert sorted(set(NAN_IN_NAN_OUT) - existing) == []
    assert sorted(set(KNOWN_BUGS) - existing) == []
    probed = {name for name, _ in probed_functions()}
    assert sorted(set(KNOWN_BUGS) - probed) == []  # 外した関数の記録は残さない
    symptoms = {symptom for _, found in KNOWN_BUGS.values() for symptom in found.split()}
    assert symptoms <= set(SYMPTOMS)


def test_どのモジュールも調べるか外す理由を書く() -> None:
    for module_name in module_names():
        members = public_members(module_name)
        reasons = [exemption(module_name, name, value) for name, value in members]
        assert not members or any(reason is None for reason in reasons) or all(reasons), module_name


def test_調べる関数の名前は章の中で重ならない() -> None:
    names = [name for name, _ in probed_functions()]
    assert sorted({name for name in names if names.count(name) > 1}) == []
