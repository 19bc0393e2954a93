"""タスクの定義（nox）。.ci/run も GitHub Actions も、ここにあるセッションを呼ぶ。

セッションは新しい仮想環境を作らず（python=False）、.ci/setup か README のコマンドで作った
.venv の中の道具をそのまま使う。`.venv/bin/nox -s test` のように動かす。
"""

from __future__ import annotations

import os
import secrets
import sys
import tempfile
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor

import nox

nox.options.sessions = ["all"]
nox.options.default_venv_backend = "none"
DATA_VARIABLES = ("ML_DATA_DIR", "ML_REQUIRE_DATA")
# --8<-- [start:lock-command]
LOCK_COMMAND = [
    "uv", "pip", "compile", "pyproject.toml", "--all-extras", "--generate-hashes",
    "--universal", "--python-version", "3.11.5", "--custom-compile-command", "nox -s lock",
    "--output-file", "requirements.lock", "--quiet",
]  # fmt: skip
# --8<-- [end:lock-command]


def tool(name: str) -> str:
    """この Python と同じ仮想環境にある道具（PATH に頼らない）。"""
    return os.path.join(os.path.dirname(sys.executable), name)


# --8<-- [start:data-environment]
def data_environment(environment: Mapping[str, str]) -> dict[str, str]:
    """テストが読むデータの環境変数を、名前を挙げて取り出す（ログに出し、env= に書く）。

    選り分けはしない: session.run は env= を外の環境変数に重ねて渡す（include_outer_env=True）。
    """
    return {name: environment[name] for name in DATA_VARIABLES if name in environment}


@nox.session(python=False)
def test(session: nox.Session) -> None:
    """pytest を CPU の数だけ並べて動かす。データの場所は明示して渡す。"""
    run_tests(session)


@nox.session(python=False)
def coverage(session: nox.Session) -> None:
    """test と同じテストを、カバレッジを測りながら動かして表を出す（遅くなるので別にする）。"""
    run_tests(session, "--cov", "--cov-report=term")


def run_tests(session: nox.Session, *options: str) -> None:
    """データの環境変数をログに出して、pytest を動かす。"""
    environment = data_environment(os.environ)
    session.log(f"データの環境変数: {environment or 'なし（data テストは飛ばされる）'}")
    session.run(
        tool("pytest"),
        "--numprocesses=auto",
        *options,
        *session.posargs,
        env=environment,
    )


@nox.session(python=False)
def replay(session: nox.Session) -> None:
    """本文の途中の一歩を練習用フォルダで順に当て直す（遅いので test とは分ける）。"""
    environment = data_environment(os.environ)
    session.run(tool("pytest"), "-m", "replay", "--numprocesses=auto", env=environment)


@nox.session(python=False)
def reader(session: nox.Session) -> None:
    """章を新しい練習用フォルダで本文だけから作り直す（機械の読者。遅いので test とは分ける）。"""
    environment = data_environment(os.environ)
    session.run(tool("pytest"), "-m", "reader", "--numprocesses=auto", env=environment)


@nox.session(python=False)
def site(session: nox.Session) -> None:
    """組み立てたサイトを調べ、ブラウザで開くテスト（pytest -m site）。docs の後に動かす。

    ML_SITE_DIR・ML_ZENSICAL_SITE_DIR があれば組み立て直さずにそれを開く（.ci/run がそうする）。
    テストの長さの差が大きい（Zensical の検索の比べが飛び抜けて長い）ので、先に手の空いた
    ワーカーがほかのワーカーの残りを引き取る worksteal で配る。
    """
    environment = data_environment(os.environ)
    session.run(
        tool("pytest"),
        "-m",
        "site",
        "--numprocesses=auto",
        "--dist=worksteal",
        *session.posargs,
        env=environment,
    )


# --8<-- [end:data-environment]


# --8<-- [start:checks]
@nox.session(python=False)
def lint(session: nox.Session) -> None:
    """ruff の規則と、書式が整っていること（書き換えはしない）を確かめる。"""
    session.run(tool("ruff"), "check", ".")
    session.run(tool("ruff"), "format", "--check", ".")


@nox.session(name="format", python=False)
def format_code(session: nox.Session) -> None:
    """ruff で書式を整え、直せる規則違反を直す（ファイルを書き換える）。"""
    session.run(tool("ruff"), "check", "--fix", ".")
    session.run(tool("ruff"), "format", ".")


@nox.session(name="type", python=False)
def type_check(session: nox.Session) -> None:
    """mypy --strict で型を確かめる（対象は pyproject.toml の [tool.mypy] files）。"""
    session.run(tool("mypy"))


@nox.session(python=False)
def docs(session: nox.Session) -> None:
    """本のサイトを --strict で組み立てる（壊れたリンクや取り込みは失敗）。

    MkDocs に加えて、後継の Zensical でも組み立てる（hooks/zensical_build.py）。乗り換えるときに
    初めて壊れているのを知ることが無いように。ML_SITE_DIR と ML_ZENSICAL_SITE_DIR があれば
    それぞれそこに組み立てる（ブラウザのテストは、組み立て直さずにそれを開く）。
    """
    target = os.environ.get("ML_SITE_DIR")
    zensical_target = os.environ.get("ML_ZENSICAL_SITE_DIR")
    with tempfile.TemporaryDirectory() as scratch, tempfile.TemporaryDirectory() as zensical:
        session.run(
            tool("mkdocs"),
            "build",
            "--strict",
            "--site-dir",
            target or scratch,
            env={"NO_MKDOCS_2_WARNING": "1"},
        )
        session.run(
            tool("python"),
            os.path.join("hooks", "zensical_build.py"),
            zensical_target or zensical,
        )


@nox.session(name="all", python=False)
def all_tasks(session: nox.Session) -> None:
    """速いものから順に lint・type・docs・test・site・replay・reader を動かす（.ci/run が呼ぶ）。

    docs を site より先にするのは、ブラウザのテストが組み立てたサイトを開くため。mypy は 1 つの
    コアしか使わないので、type は別のスレッドで動かし、その間にもう 1 つのコアで docs を組み立てる
    （どちらかが失敗すれば、両方の終わりを待ってから all も失敗する）。
    """
    lint(session)
    with ThreadPoolExecutor(max_workers=1) as background:
        typed = background.submit(type_check, session)
        docs(session)
        typed.result()
    test(session)
    site(session)
    replay(session)
    reader(session)


# --8<-- [end:checks]


@nox.session(python=False)
def book(session: nox.Session) -> None:
    """本全体を 1 つの PDF と EPUB 3 にし（hooks/book.py）、できた本をテストで確かめる。

    出力は ML_BOOK_DIR か site/book/。ML_SITE_DIR に組み立てたサイトがあればそれを使い、無ければ
    一時フォルダに組み立てる。Chromium・poppler-utils・qpdf・pandoc・epubcheck・fonts-ipaexfont が
    要る（.ci/run が apt で入れる）。本のテストは tests/test_site_book.py。
    """
    target = os.environ.get("ML_BOOK_DIR", os.path.join("site", "book"))
    given = os.environ.get("ML_SITE_DIR", "")
    with tempfile.TemporaryDirectory() as scratch:
        site = given if os.path.isfile(os.path.join(given, "index.html")) else scratch
        if site == scratch:
            session.run(
                tool("mkdocs"), "build", "--strict", "--site-dir", site,
                env={"NO_MKDOCS_2_WARNING": "1"},
            )  # fmt: skip
        session.run(tool("python"), os.path.join("hooks", "book.py"), site, target)
    session.run(
        tool("pytest"), os.path.join("tests", "test_site_book.py"), "-q",
        env={"ML_BOOK_DIR": target},
    )  # fmt: skip


# --8<-- [start:lock]
@nox.session(python=False)
def lock(session: nox.Session) -> None:
    """pyproject.toml から requirements.lock（ハッシュ付き）を作り直す。"""
    session.run(tool(LOCK_COMMAND[0]), *LOCK_COMMAND[1:])


# --8<-- [end:lock]


# --8<-- [start:explore]
@nox.session(python=False)
def explore(session: nox.Session) -> None:
    """hypothesis のテストを、毎回違う種と 10 倍の例で動かす（遅いので all には入れない）。

    test と CI（CI=true）は毎回同じ例を試すので、結果が運で変わらない。代わりに新しい反例は
    ここで探す。見つかれば「Falsifying example」が表示されるので、@example でテストに足す。
    """
    seed = secrets.randbelow(2**32)
    session.log(f"種: {seed}（同じ例をもう一度: nox -s explore -- --hypothesis-seed={seed}）")
    session.run(
        tool("pytest"),
        "-m",
        "hypothesis",
        f"--hypothesis-seed={seed}",
        "--numprocesses=auto",
        *session.posargs,
        env={**data_environment(os.environ), "HYPOTHESIS_PROFILE": "explore"},
    )


# --8<-- [end:explore]
