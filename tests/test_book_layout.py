"""本のコードの並びの決まり（docs/reading.md の「リポジトリの構成」）をテストで確かめる。

- src/getting_started_ml の直下は共通のモジュール（SHARED）と、章のパッケージ
  chapterNN/・appendix_x/、読者の道具 workbook/ だけ
- 章のパッケージは __init__.py（公開する名前を __all__ に並べるだけ）、__main__.py（章のコマンド）、
  図があれば figures.py、ライブラリ版があれば idiomatic.py、あとは章の名詞を名前にしたモジュール
- 共通のモジュールと workbook は章を読み込まない。章は後の章を読み込まず、前の章はパッケージの
  __all__ にある名前だけを使う
- テストは tests/test_<主題>[_<話題>].py。テストの道具は tests/support/ に置く。
  テストどうしは読み込まない
- 章のコマンドの出力は chapters/outputs/<章>[-<場面>].txt
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIR = PROJECT_ROOT / "src" / "getting_started_ml"
TESTS_DIR = PROJECT_ROOT / "tests"
OUTPUTS_DIR = PROJECT_ROOT / "chapters" / "outputs"

SHARED = ("arrays", "checks", "cli", "data", "dataset", "figures", "java_random", "numeric")
"""章をまたいで使う共通のモジュール（章を読み込まない）。"""
TOOLS = ("workbook",)
"""読者が使う道具のパッケージ（章を読み込まない）。"""
CHAPTER = re.compile(r"^chapter(\d\d)$")
APPENDIX = re.compile(r"^appendix_([a-z])$")
ROLE_MODULES = ("__init__", "__main__", "figures", "idiomatic")
"""どの章でも同じ名前で同じ役割のモジュール。"""
TOPIC = re.compile(r"^[a-z][a-z0-9_]*$")
NOT_A_TOPIC = re.compile(r"chapter|appendix|figure|sklearn|library|support|fixture|helper|util")
"""役割を表すモジュールは ROLE_MODULES の名前にする（図は figures、ライブラリ版は idiomatic）。"""
TEST_SUBJECTS = (r"chapter\d\d", r"appendix_[a-z]", *SHARED, *TOOLS, "site", "book")
TEST_FILE = re.compile(rf"^test_({'|'.join(TEST_SUBJECTS)})(_[a-z0-9_]+)?\.py$")
OUTPUT_FILE = re.compile(r"^(chapter\d\d|appendix_[a-z])(-[a-z0-9]+(-[a-z0-9]+)*)?\.txt$")
FROM_TEST_MODULE = re.compile(r"\bfrom[\s\\]+\.*test_")
"""`from test_...` の import があり得るファイルの目印（無いファイルは構文解析しない）。"""


def chapter_packages() -> list[str]:
    """章と付録のパッケージの名前（章の順）。"""
    names = [
        path.name
        for path in PACKAGE_DIR.iterdir()
        if path.is_dir() and (CHAPTER.match(path.name) or APPENDIX.match(path.name))
    ]
    return sorted(names, key=order_of)


def order_of(module: str) -> int:
    """モジュール名（getting_started_ml の下）の章の順。共通のものと道具は 0、付録は 100 から。"""
    top = module.split(".", 1)[0]
    if match := CHAPTER.match(top):
        return int(match.group(1))
    if match := APPENDIX.match(top):
        return 100 + ord(match.group(1)) - ord("a")
    return 0


@functools.cache
def parsed(source: str) -> ast.Module:
    """ソースの構文木。同じファイルを何度も読むので、中身ごとに 1 回だけ解析する。

    返した木は共有するので、書き換えない。
    """
    return ast.parse(source)


@pytest.fixture(scope="module", autouse=True)
def forget_parsed_sources() -> Iterator[None]:
    """このファイルのテストが終わったら、覚えた構文木（src だけで 30 MB ほど）を手放す。

    残すと、後のテストのごみ集めが毎回それをたどる。
    """
    yield
    parsed.cache_clear()


def parse(path: Path) -> ast.Module:
    """ファイルの構文木（parsed の結果を共有する）。"""
    return parsed(path.read_text(encoding="utf-8"))


def module_name(path: Path) -> str:
    """src/getting_started_ml/chapter11/figures.py → chapter11.figures。"""
    parts = path.relative_to(PACKAGE_DIR).with_suffix("").parts
    return ".".join(part for part in parts if part != "__init__")


def imports_of(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """ファイルが読み込む getting_started_ml の下のモジュールと、そこから取り出す名前。

    関数の中の import も数える。`from getting_started_ml import chapter12` は chapter12 を読み込む。
    """
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "getting_started_ml":
                found += [(alias.name, ()) for alias in node.names]
            elif node.module.startswith("getting_started_ml."):
                module = node.module.removeprefix("getting_started_ml.")
                found.append((module, tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.Import):
            found += [
                (alias.name.removeprefix("getting_started_ml."), ())
                for alias in node.names
                if alias.name.startswith("getting_started_ml.")
            ]
    return found


def declared_names(package: str) -> set[str]:
    """章のパッケージの __init__.py の __all__（パッケージでなければ空）。"""
    init = PACKAGE_DIR / package / "__init__.py"
    if not init.exists():
        return set()
    tree = parse(init)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__all__" for target in node.targets
        ):
            return {ast.literal_eval(element) for element in node.value.elts}  # type: ignore[attr-defined]
    return set()


def top_level_problems() -> list[str]:
    """src/getting_started_ml の直下にあってはいけないもの。"""
    problems = []
    for path in sorted(PACKAGE_DIR.iterdir()):
        if path.name in ("__init__.py", "py.typed", "__pycache__"):
            continue
        if path.is_file() and path.suffix == ".py" and path.stem not in SHARED:
            problems.append(f"{path.name}: 直下のモジュールは共通のもの {SHARED} だけ")
        elif path.is_dir() and not (
            CHAPTER.match(path.name) or APPENDIX.match(path.name) or path.name in TOOLS
        ):
            problems.append(f"{path.name}/: 直下のパッケージは chapterNN・appendix_x・{TOOLS} だけ")
    return problems


def package_problems(package: str) -> list[str]:
    """章のパッケージ 1 つの形の誤り。"""
    directory = PACKAGE_DIR / package
    problems = [
        f"{package}/{required}.py がありません"
        for required in ("__init__", "__main__")
        if not (directory / f"{required}.py").exists()
    ]
    for path in sorted(directory.iterdir()):
        if path.name == "__pycache__":
            continue
        if path.is_dir():
            problems.append(f"{package}/{path.name}/: 章のパッケージの中にパッケージは作らない")
        elif path.stem not in ROLE_MODULES and (
            not TOPIC.match(path.stem) or NOT_A_TOPIC.search(path.stem)
        ):
            problems.append(f"{package}/{path.name}: 話題のモジュールは章の名詞を名前にする")
    return problems + init_problems(package)


def init_problems(package: str) -> list[str]:
    """__init__.py は自分のモジュールから名前を取り込んで __all__ に並べるだけ。"""
    path = PACKAGE_DIR / package / "__init__.py"
    if not path.exists():
        return []
    imported: set[str] = set()
    problems = []
    for node in parse(path).body:
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            continue
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            f"getting_started_ml.{package}."
        ):
            imported |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Expr | ast.Assign) and not isinstance(node, ast.AugAssign):
            continue
        else:
            problems.append(f"{package}/__init__.py {node.lineno} 行: 名前を取り込む以外のこと")
    declared = declared_names(package)
    if declared != imported:
        problems.append(
            f"{package}/__init__.py: __all__ と取り込んだ名前が違う"
            f"（__all__ だけ: {sorted(declared - imported)}、"
            f"取り込んだだけ: {sorted(imported - declared)}）"
        )
    return problems


def defined_names(path: Path) -> set[str]:
    """モジュールの直下で定義した、_ で始まらない名前（関数・クラス・定数・型の別名）。

    型変数（T = TypeVar("T")）は型を書くための道具なので数えない。
    """
    names: set[str] = set()
    for node in parse(path).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign) and not is_type_variable(node.value):
            names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {name for name in names if not name.startswith("_")}


def is_type_variable(value: ast.expr) -> bool:
    """TypeVar(...) の呼び出しか。"""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "TypeVar"
    )


def unexported_names(package: str) -> list[str]:
    """話題のモジュールと experiment.py で定義したのに __all__ に無い名前（main は除く）。"""
    declared = declared_names(package)
    return sorted(
        f"{path.stem}.{name}"
        for path in (PACKAGE_DIR / package).glob("*.py")
        if path.stem not in ROLE_MODULES
        for name in defined_names(path) - {"main"}
        if name not in declared
    )


def import_problems(path: Path) -> list[str]:
    """このファイルの import のうち、決まりに合わないもの。"""
    importer = module_name(path)
    own = importer.split(".", 1)[0]
    problems = []
    for module, names in imports_of(path):
        top = module.split(".", 1)[0]
        if top == own or order_of(top) == 0:
            continue
        if order_of(top) > order_of(own) or order_of(own) == 0:
            problems.append(
                f"{importer} → {module}: 共通のモジュールや前の章から後の章は読み込まない"
            )
        elif module != top:
            problems.append(f"{importer} → {module}: 前の章はパッケージ（{top}）から読み込む")
        elif (PACKAGE_DIR / top).is_dir() and (
            undeclared := sorted(set(names) - declared_names(top))
        ):
            problems.append(f"{importer} → {top}: __all__ に無い名前 {undeclared}")
    return problems


def test_直下には共通のモジュールと章のパッケージだけがある() -> None:
    assert top_level_problems() == []


@pytest.mark.parametrize("package", chapter_packages())
def test_章のパッケージは決まった形をしている(package: str) -> None:
    assert package_problems(package) == []


@pytest.mark.parametrize("package", chapter_packages())
def test_章のパッケージは話題のモジュールの公開する名前をすべて並べる(package: str) -> None:
    assert unexported_names(package) == []


@pytest.mark.parametrize("package", chapter_packages())
def test_章は前の章を公開された名前だけで使う(package: str) -> None:
    problems = [
        problem
        for path in sorted((PACKAGE_DIR / package).rglob("*.py"))
        for problem in import_problems(path)
    ]
    assert problems == []


def test_共通のモジュールと道具は章を読み込まない() -> None:
    paths = [PACKAGE_DIR / f"{name}.py" for name in SHARED if (PACKAGE_DIR / f"{name}.py").exists()]
    paths += [path for tool in TOOLS for path in sorted((PACKAGE_DIR / tool).rglob("*.py"))]
    assert [problem for path in paths for problem in import_problems(path)] == []


def test_テストのファイルは主題の名前で始まる() -> None:
    wrong = [path.name for path in sorted(TESTS_DIR.glob("*.py")) if path.name != "conftest.py"]
    assert [name for name in wrong if not TEST_FILE.match(name)] == []


def test_テストはほかのテストのファイルを読み込まない() -> None:
    problems = []
    for path in sorted(TESTS_DIR.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        if not FROM_TEST_MODULE.search(source):
            continue
        for node in ast.walk(parsed(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("test_"):
                problems.append(f"{path.name} → {node.module}")
    assert problems == []


def test_章の出力のファイルは章の名前と場面で名付ける() -> None:
    names = sorted(path.name for path in OUTPUTS_DIR.glob("*.txt"))
    assert [name for name in names if not OUTPUT_FILE.match(name)] == []


def test_図とライブラリ版のコマンドは読み方のページに並んでいる() -> None:
    reading = (PROJECT_ROOT / "docs" / "reading.md").read_text(encoding="utf-8")
    commands = [
        f"python -m getting_started_ml.{package}.{role}"
        for package in chapter_packages()
        for role in ("figures", "idiomatic")
        if (PACKAGE_DIR / package / f"{role}.py").exists()
    ]
    assert [command for command in commands if command not in reading] == []


def test_決まりに合わないものは見つかる(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "from getting_started_ml.chapter11.figures import leaf_path\n"
        "def f():\n    from getting_started_ml import chapter12\n",
        encoding="utf-8",
    )

    assert imports_of(bad) == [("chapter11.figures", ("leaf_path",)), ("chapter12", ())]
    assert order_of("chapter11.figures") == 11
    assert order_of("appendix_b.ranking") > order_of("chapter15")
    assert order_of("figures") == order_of("workbook") == 0
    assert not TEST_FILE.match("test_robustness_chapter08.py")
    assert TEST_FILE.match("test_chapter08_robustness.py")
    assert not OUTPUT_FILE.match("chapter08_sklearn.txt")
    assert OUTPUT_FILE.match("chapter08-idiomatic.txt")
    assert NOT_A_TOPIC.search("confusion_figure")
    assert FROM_TEST_MODULE.search("from \\\n    test_chapter08 import fitted\n")
    assert FROM_TEST_MODULE.search("from .test_chapter08 import fitted\n")
    assert not FROM_TEST_MODULE.search("from support.figures import assert_same_numbers\n")
    module = tmp_path / "topic.py"
    module.write_text(
        'T = TypeVar("T")\nLIMIT = 3\nRows: TypeAlias = list[int]\n'
        "def fit_tree(): ...\ndef _helper(): ...\nclass Model: ...\n",
        encoding="utf-8",
    )
    assert defined_names(module) == {"LIMIT", "Rows", "fit_tree", "Model"}
