"""別のプロセスの中で pytest を動かす側（replay と check が使う）。

replay.Driver が、このファイルを名前ではなく場所で読み込んで serve() を呼ぶ。その
プロセスの getting_started_ml は練習用フォルダの src なので、このモジュールは標準ライブラリと
pytest だけを使い、workbook のほかのモジュールを読み込まない。

1 つのプロセスが pytest を何度も動かす。一歩ごとに練習用フォルダのモジュールを忘れて読み込み
直すので、変わっていないファイルまで毎回コンパイルし直さないよう、コンパイルした結果を
（パス, ソースのバイト列）で覚えておく（CompileCache）。
"""

from __future__ import annotations

import ast
import contextlib
import functools
import gc
import importlib
import importlib.machinery
import importlib.metadata
import importlib.util
import io
import json
import os
import runpy
import shutil
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

PACKAGE = "getting_started_ml"
UNUSED_PLUGINS = (
    *("cacheprovider", "doctest", "junitxml", "pastebin", "setuponly", "setupplan", "stepwise"),
    *("legacypath", "subtests", "debugging", "faulthandler"),
    *("xdist", "xdist.looponfail", "pytest_cov", "anyio", "platformdirs"),
)
"""練習用フォルダのテストが使わない pytest のプラグイン（pytest 自身のものと、入っているもの）。

pytest.main は 1 回ごとにプラグインを登録し直し、fixture を探して中身をたどる。使わないものを
外すと、一歩の pytest が軽くなる。どれも、頼まれなければ（--doctest-modules・--junitxml・--pdb・
tmpdir や subtests の fixture・-n など）結果にも表示にも出てこない。
"""
PYTEST_OPTIONS = (
    *(option for name in UNUSED_PLUGINS for option in ("-p", f"no:{name}")),
    *("-q", "--tb=line", "-rfE", "--no-header"),
)
SKIPPED_NAMES = {"__pycache__", ".hypothesis", ".pytest_cache", ".venv", ".mypy_cache"}


def serve(workspace: str, book_src: str) -> None:
    """（別のプロセスの中で）標準入力から 1 行に 1 つの指示（JSON）を読み、pytest を 1 回動かして
    結果を 1 行の JSON で標準出力に返す。標準入力が閉じたら終わる。

    答えの行だけが標準出力に出るよう、ほかの出力（テストやライブラリが端末に書くもの）は
    標準エラーに回す。指示が {"fork": true} なら、pytest などを読み込んだこのプロセスを fork し、
    子のプロセスが {"end": true} まで指示に答える（fork_and_wait）。
    """
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    requests = sys.stdin
    root = Path(workspace)
    isolate(root, Path(book_src))
    cache = CompileCache(root)
    cache.install()
    remember_distributions()
    while line := requests.readline():
        request = json.loads(line)
        if request.get("fork"):
            preload(Path(book_src).parent / ".hypothesis")
            fork_and_wait(root, cache, requests, answers)
        else:
            answer(request, root, cache, answers)


def answer(request: dict[str, Any], root: Path, cache: CompileCache, answers: IO[str]) -> None:
    """1 つの指示どおりにファイルを置いて pytest を 1 回動かし、結果を 1 行で返す。"""
    apply_files(root, request["place"], request["delete"])
    began, compiled = time.process_time(), cache.compiled
    with environment_for_run(request["environment"]):
        result = run_pytest(root, [*request["options"], *request["tests"]])
    result["cpu_seconds"] = time.process_time() - began
    result["compiled"] = cache.compiled - compiled
    answers.write(json.dumps(result) + "\n")
    answers.flush()


PRELOADED = ("numpy", "pandas")
"""fork する前に読み込んでおく、練習用フォルダのテストがどの章でも読み込むライブラリ。

環境変数 REPLAY_PRELOAD があれば、そこに空白で区切って並べたモジュールを代わりに読み込む
（replay.Bench が章のテストの読み込むライブラリを並べて渡す）。
"""


def preloaded_names() -> tuple[str, ...]:
    """fork する前に読み込むモジュールの名前。"""
    names = os.environ.get("REPLAY_PRELOAD")
    return PRELOADED if names is None else tuple(names.split())


@functools.cache
def preload(hypothesis_home: Path) -> None:
    """空のフォルダで pytest を 1 回（集めるだけ）動かし、PRELOADED を読み込む（一度だけ）。

    pytest とそのプラグイン（hypothesis など）は、pytest 自身に読み込ませる（先に import すると、
    pytest がプラグインの assert を書き換えられないと警告する）。練習用フォルダのテストは
    動かさない。hypothesis の文字の表も読んでおく（build_unicode_table。hypothesis_home は
    本のリポジトリの .hypothesis）。
    """
    import pytest  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as empty, contextlib.ExitStack() as stack:
        stack.enter_context(contextlib.redirect_stdout(io.StringIO()))
        stack.enter_context(contextlib.redirect_stderr(io.StringIO()))
        pytest.main([*PYTEST_OPTIONS, "--collect-only", empty], plugins=[OutcomeCollector()])
        build_unicode_table(hypothesis_home)
    for name in preloaded_names():
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def build_unicode_table(directory: Path) -> None:
    """hypothesis の文字の表を、このプロセスの中に作っておく（fork した子が受け継ぐ）。

    hypothesis は、文字列の例を初めて作るとき、Unicode の分類ごとの文字の範囲と、UTF-8 で
    書ける文字の範囲（st.text の既定の文字）の表を、作業フォルダの .hypothesis から読む。無ければ
    111 万あまりの文字をすべて調べて作り、そこに書く。練習用フォルダは章ごとに空にするので、
    文字列の性質のテストのある章では、子が章ごとに作り直していた（1 回 1 秒ほど）。ここでは表を
    directory（本のリポジトリの .hypothesis。本のテストが同じ表を置く場所）から読み、無ければ作って
    そこに書く。hypothesis が無ければ何もしない。
    """
    try:
        from hypothesis import configuration  # noqa: PLC0415
        from hypothesis.internal import charmap  # noqa: PLC0415
    except ImportError:
        return
    configuration.set_hypothesis_home_dir(directory)
    try:
        charmap.charmap()
        charmap.intervals_from_codec("utf-8")
    finally:
        configuration.set_hypothesis_home_dir(None)


def fork_and_wait(root: Path, cache: CompileCache, requests: IO[str], answers: IO[str]) -> None:
    """fork し、子のプロセスが指示に答える。{"end": true} か標準入力が閉じたら子は終わる。

    1 つの章（練習用フォルダ 1 つ）を 1 つの子のプロセスで動かす。子は、章をまたいで前の章の
    テストが残したもの（読み込んだライブラリの中の登録など）を見ない。親は子が終わるのを待つ
    あいだ標準入力を読まないので、指示はすべて子に届く（指示は答えを待ってから次を送る）。
    子が答えずに終わったら、親も終わる（Driver は標準エラーを添えて失敗にする）。

    fork する前に、親が持っているオブジェクトをごみ集めの対象から外す（gc.freeze）。子のごみ集めは
    読み込み済みのライブラリのオブジェクトをたどらず、たどるときに書き換える参照の数のせいで
    親と分け合っているメモリのページを写すことも減る。
    """
    answers.flush()
    gc.collect()
    gc.freeze()
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            answers.write(json.dumps({"forked": os.getpid()}) + "\n")
            answers.flush()
            while line := requests.readline():
                request = json.loads(line)
                if request.get("end"):
                    answers.write(json.dumps({"ended": True}) + "\n")
                    answers.flush()
                    break
                answer(request, root, cache, answers)
            status = 0
        except BaseException:  # 子は親の後始末を動かさずに終わる
            import traceback  # noqa: PLC0415

            traceback.print_exc()
        finally:
            sys.stderr.flush()
            os._exit(status)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        raise SystemExit(f"fork した pytest のプロセスが終了コード {status} で終わりました")


def drive_module(workspace: str, book_src: str, module: str, *arguments: str) -> None:
    """（別のプロセスの中で）ワークスペースの src だけを見て python -m MODULE を動かす。"""
    isolate(Path(workspace), Path(book_src))
    sys.argv = [module, *arguments]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


@contextlib.contextmanager
def environment_for_run(variables: dict[str, str]) -> Iterator[None]:
    """その回の pytest のあいだだけ環境変数を足す（conftest は毎回読み込み直すので効く）。"""
    saved = {name: os.environ.get(name) for name in variables}
    os.environ.update(variables)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def apply_files(workspace: Path, place: Sequence[Sequence[str]], delete: Sequence[str]) -> None:
    """place の（相対パス, 中身の場所）を置き、delete を消す。"""
    for relative, source in place:
        target = workspace / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if Path(source).is_dir():  # restore にフォルダ（パッケージ）を書いたとき
            remove_path(target)
            shutil.copytree(source, target, ignore=shutil.ignore_patterns(*SKIPPED_NAMES))
        else:
            shutil.copyfile(source, target)
    for relative in delete:
        remove_path(workspace / relative)


def isolate(workspace: Path, book_src: Path) -> None:
    """本の src を import の探し先から外し、ワークスペースの src を先頭に置く。"""
    book = book_src.resolve()
    sys.path[:] = [entry for entry in sys.path if entry and Path(entry).resolve() != book]
    sys.path.insert(0, str(workspace / "src"))
    sys.meta_path[:] = [
        finder for finder in sys.meta_path if "editable" not in repr(finder).lower()
    ]
    os.chdir(workspace)


def forget_workspace_modules(workspace: Path) -> None:
    """前の一歩で読み込んだ本のモジュールとテストのモジュールを忘れる。"""
    root = str(workspace.resolve())
    for name, module in list(sys.modules.items()):
        location = getattr(module, "__file__", None) or ""
        if name == PACKAGE or name.startswith(f"{PACKAGE}.") or location.startswith(root):
            del sys.modules[name]
    importlib.invalidate_caches()


class OutcomeCollector:
    """pytest のプラグイン。テストごとの結果と、飛ばした理由を集める。"""

    def __init__(self) -> None:
        self.outcomes: dict[str, str] = {}
        self.skip_reasons: dict[str, str] = {}

    def pytest_runtest_logreport(self, report: Any) -> None:
        """setup・call・teardown のうち、いちばん悪い結果をそのテストの結果にする。"""
        nodeid = str(report.nodeid)
        if report.failed:
            self.outcomes[nodeid] = "failed"
        elif report.skipped and self.outcomes.get(nodeid) != "failed":
            self.outcomes[nodeid] = "skipped"
            longrepr = report.longrepr
            if isinstance(longrepr, tuple) and len(longrepr) == 3:
                self.skip_reasons[nodeid] = str(longrepr[2]).removeprefix("Skipped: ")
        elif report.when == "call" and nodeid not in self.outcomes:
            self.outcomes[nodeid] = "passed"

    def pytest_collectreport(self, report: Any) -> None:
        """集める段階で失敗したファイルも失敗として数える。"""
        if report.failed:
            self.outcomes[str(report.nodeid)] = "failed"

    def pytest_configure(self, config: Any) -> None:
        """終わりのたびの gc.collect() をやめる（pytest の pytester が中で動かすときと同じ）。

        pytest は終わるとき、捨てられたオブジェクトの後始末で起きた例外を拾うために、ごみ集めを
        1 回する。同じプロセスで何度も動かすと、読み込んだ numpy や pandas のオブジェクトを毎回
        たどり直すことになり、小さな一歩では時間の半分近くになる。
        """
        from _pytest.unraisableexception import gc_collect_iterations_key  # noqa: PLC0415

        config.stash[gc_collect_iterations_key] = 0


@functools.cache
def native_interrupt_report() -> object:
    """pytest のプラグイン。集める段階の失敗で止まった理由を、短い形（native）で作らせる。

    pytest は止まると（Interrupted: 1 error during collection）、止めた例外の traceback を長い形で
    作る。pytest の大きなソースファイルを項目ごとに構文解析するので、import に失敗する Red の
    一歩では pytest の時間の 3 分の 1 ほどになる。画面に出すのはそのうちの最後の 1 行（止まった
    理由）だけで、その行は native の形でも同じになる。
    """
    import pytest  # noqa: PLC0415

    class NativeInterruptReport:
        @pytest.hookimpl(tryfirst=True)
        def pytest_keyboard_interrupt(self, excinfo: Any) -> None:
            """端末の表示（terminalreporter）より先に、getrepr の形を native に決める。"""
            excinfo.getrepr = functools.partial(excinfo.getrepr, style="native")

    return NativeInterruptReport()


def run_pytest(workspace: Path, arguments: list[str]) -> dict[str, Any]:
    """このプロセスの中で pytest を 1 回動かす。"""
    import pytest  # noqa: PLC0415

    forget_workspace_modules(workspace)
    collector = OutcomeCollector()
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
        exit_code = int(
            pytest.main(
                [*PYTEST_OPTIONS, *arguments], plugins=[collector, native_interrupt_report()]
            )
        )
    return {
        "exit_code": exit_code,
        "output": buffer.getvalue(),
        "outcomes": collector.outcomes,
        "skip_reasons": collector.skip_reasons,
    }


class CompileCache:
    """練習用フォルダの Python のコンパイル結果を、（パス, ソースのバイト列）で覚えておく。

    ソースのモジュール（import が SourceFileLoader でコンパイルする）と、pytest が assert を
    書き換えるテストのモジュール（conftest.py も）の両方を覚える。ファイルの時刻（mtime）は
    見ない: 一歩は同じ秒のうちにファイルを書き換えるので、時刻では変わったことが分からない。
    中身が 1 バイトでも違えば、コンパイルし直す。
    """

    def __init__(self, workspace: Path) -> None:
        self.root = str(workspace.resolve())
        self.codes: dict[tuple[str, str, object], types.CodeType] = {}
        self.compiled = 0

    def covers(self, path: object) -> bool:
        """練習用フォルダの中のファイルか（外のライブラリは一度しか読み込まないので覚えない）。"""
        return str(Path(str(path)).resolve()).startswith(self.root)

    def install(self) -> None:
        """import と pytest の assert の書き換えが、このキャッシュを通るようにする。"""
        from _pytest.assertion import rewrite  # noqa: PLC0415

        compile_source = importlib.machinery.SourceFileLoader.source_to_code
        rewrite_test = rewrite._rewrite_test
        cache = self

        def source_to_code(loader: Any, data: Any, path: Any, *, _optimize: int = -1) -> Any:
            if not cache.covers(path):
                return compile_source(loader, data, path, _optimize=_optimize)
            return cache.remember(
                ("source", str(path), data),
                lambda: compile_source(loader, data, path, _optimize=_optimize),
            )

        def rewritten_test(fn: Path, config: Any) -> tuple[bytes, types.CodeType]:
            if not cache.covers(fn):
                return rewrite_test(fn, config)
            source = fn.read_bytes()
            hook = bool(config.getini("enable_assertion_pass_hook"))
            code = cache.remember(
                ("test", str(fn), (source, hook)), lambda: rewritten(fn, source, config)
            )
            return importlib.util.source_hash(source), code

        importlib.machinery.SourceFileLoader.source_to_code = source_to_code  # type: ignore[method-assign,assignment]
        rewrite._rewrite_test = rewritten_test

    def remember(self, key: tuple[str, str, object], make: Callable[[], Any]) -> types.CodeType:
        """覚えたコードを返す。無ければ作って覚える（compiled を 1 つ増やす）。"""
        if key not in self.codes:
            self.codes[key] = make()
            self.compiled += 1
        return self.codes[key]


class RememberedDistribution(importlib.metadata.PathDistribution):
    """読んだファイル（entry_points.txt・RECORD など）と読み取った結果を覚えるパッケージの情報。"""

    def __init__(self, path: Any) -> None:
        super().__init__(path)
        self.texts: dict[str | os.PathLike[str], str | None] = {}

    def read_text(self, filename: str | os.PathLike[str]) -> str | None:
        """一度読んだファイルは読み直さない。"""
        if filename not in self.texts:
            self.texts[filename] = super().read_text(filename)
        return self.texts[filename]

    @functools.cached_property
    def entry_points(self) -> importlib.metadata.EntryPoints:
        """entry_points.txt を 1 度だけ読み取る。"""
        return super().entry_points

    @functools.cached_property
    def files(self) -> list[importlib.metadata.PackagePath] | None:
        """RECORD を 1 度だけ読み取る。"""
        return super().files


def remember_distributions() -> None:
    """入っているパッケージの一覧を、このプロセスで 1 度だけ探す。

    pytest と pluggy は、pytest.main のたびにすべてのパッケージの entry_points.txt を読み直して
    プラグインを探す。練習のあいだに入れるパッケージは変わらないので、最初に探した結果を使う。
    名前を指定した問い合わせ（version("numpy") など）は、これまでどおり探す。
    """
    original = importlib.metadata.distributions
    found = [
        RememberedDistribution(dist._path)
        if isinstance(dist, importlib.metadata.PathDistribution)
        else dist
        for dist in original()
    ]

    def distributions(**query: Any) -> Iterable[importlib.metadata.Distribution]:
        return iter(found) if not query else original(**query)

    importlib.metadata.distributions = distributions


def rewritten(fn: Path, source: bytes, config: Any) -> types.CodeType:
    """pytest の _rewrite_test と同じく assert を書き換えてコンパイルする（読んだバイト列から）。"""
    from _pytest.assertion.rewrite import rewrite_asserts  # noqa: PLC0415

    tree = ast.parse(source, filename=str(fn))
    rewrite_asserts(tree, source, str(fn), config)
    return compile(tree, str(fn), "exec", dont_inherit=True)


def remove_path(path: Path) -> None:
    """ファイルかフォルダを消す（無ければ何もしない）。"""
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
