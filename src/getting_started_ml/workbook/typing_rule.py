"""本文のコードを練習用フォルダに打ち込む決まり（機械の読者と、人の読者が同じ決まりで打つ）。

- 見出しがワークスペースのパス（src/…、tests/…、pyproject.toml など）のコードだけを打つ。
  「端末」「例」や「… の結果」などパスでない見出しのコードは打たない。
- ファイルがまだ無ければ、コードをそのままファイルにする。
- 見出しの最後が「（ファイル全体）」なら、ファイルをそのコードで置き換える。
- 見出しがパスに「（説明）」を付けたもの（tests/test_x.py（足したテスト））なら、打ち込む先はその
  パスで、説明の無い見出しと同じように合わせる。ただし Python でないファイルの一部
  （pyproject.toml（ruff））は合わせられないので打たない（読むためのもの）。
- それ以外の Python は、トップレベルの文ごとに合わせる:
  同じ名前の def・class・代入はその場で置き換え、まだ無い import は import の並びの後ろに足し
  （from X import の名前は、まだ無い名前だけを足す）、ほかの文は（同じ文がまだ無ければ）最後に足す。
  文字列だけの文は、かたまりの最初ならモジュールの docstring を置き換え（無ければ先頭に置き）、
  途中なら直前の文の説明としてその後ろに置く。
- 見出しの最後が「（Name のメソッド）」なら、コードはクラス Name の中身で、クラスの中で同じように
  合わせる（同じ名前のメソッドは置き換え、新しいメソッドはクラスの最後に足す）。
- Python でないファイル（.toml など）は、見出しに「（ファイル全体）」が無くても置き換える。
"""

from __future__ import annotations

import ast
import functools
import re
import textwrap
from dataclasses import dataclass
from pathlib import PurePosixPath

WHOLE_FILE = "（ファイル全体）"
METHODS = re.compile(r"（(?P<name>[A-Za-z_]\w*) のメソッド）$")
DESCRIPTION = re.compile(r"（[^（）]*）$")  # パスの後ろの「（説明）」
# ワークスペースの直下に置く、打ち込むファイル（.gitmessage は第 4 章で書くコミットのひな形）
ROOT_FILES = (
    "pyproject.toml",
    "noxfile.py",
    "conftest.py",
    ".gitignore",
    ".gitmessage",
    "README.md",
)
TYPED_FOLDERS = ("src/", "tests/", ".ci/", ".github/")


@dataclass(frozen=True)
class Target:
    """打ち込む先: ワークスペースからの相対パスと、ファイル全体を置き換えるか。"""

    path: str
    whole_file: bool
    class_name: str | None = None  # 「（Name のメソッド）」: クラス Name の中に合わせる


def target_of(title: str) -> Target | None:
    """コードの見出しから打ち込む先を決める。パスでない見出しなら None。"""
    text = title.strip()
    whole = text.endswith(WHOLE_FILE)
    methods = METHODS.search(text)
    described = None if whole or methods else DESCRIPTION.search(text)
    suffix = methods or described
    path = text.removesuffix(WHOLE_FILE)
    path = (path[: suffix.start()] if suffix else path).strip()
    if not path or " " in path or "（" in path or ".." in PurePosixPath(path).parts:
        return None
    if described and not path.endswith(".py"):
        return None  # Python でないファイルの一部は、ファイルに合わせられないので打たない
    if path in ROOT_FILES or (path.startswith(TYPED_FOLDERS) and "." in path.rsplit("/", 1)[-1]):
        return Target(path, whole, methods.group("name") if methods else None)
    return None


def type_into(existing: str | None, block: str, target: Target) -> str:
    """ファイルの今の中身（無ければ None）に、本文のコードを打ち込んだ後の中身。"""
    text = block if block.endswith("\n") else block + "\n"
    if target.class_name is not None:
        return merge_methods(existing or "", text, target.class_name)
    if existing is None or target.whole_file or not target.path.endswith(".py"):
        return text
    return merge_python(existing, text)


def merge_methods(existing: str, block: str, class_name: str) -> str:
    """クラス class_name の中身に、メソッドのコードをトップレベルと同じ決まりで合わせる。"""
    tree = ast.parse(existing)
    found = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    classes = [node for node in found if node.name == class_name]
    if not classes:
        raise SyntaxError(f"クラス {class_name} がまだありません", ("", 1, 0, ""))
    node = classes[-1]
    first = node.body[0]
    start = min([first.lineno, *(d.lineno for d in getattr(first, "decorator_list", []))]) - 1
    end = node.end_lineno or node.lineno
    lines = existing.splitlines(keepends=True)
    body = textwrap.dedent("".join(lines[start:end]))
    merged = textwrap.indent(merge_python(body, textwrap.dedent(block)), "    ")
    return "".join(lines[:start]) + merged + "".join(lines[end:])


# -------------------------------------------------- Python をトップレベルの文で合わせる


@dataclass(frozen=True)
class Statement:
    """トップレベルの文 1 つと、その前のコメントや空行を含めた元の文字列。"""

    node: ast.stmt
    text: str


def statements(source: str) -> tuple[list[Statement], str]:
    """ソースをトップレベルの文に分ける。最後の文の後ろに残るコメントなども返す。"""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    found: list[Statement] = []
    previous_end = 0
    for node in tree.body:
        end = node.end_lineno or node.lineno
        found.append(Statement(node, "".join(lines[previous_end:end])))
        previous_end = end
    return found, "".join(lines[previous_end:])


def key_of(node: ast.stmt) -> str | None:
    """置き換えの目印になる名前。名前の無い文は None。"""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.name
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
        if isinstance(target, ast.Name):
            return target.id
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id
    return None


def is_docstring(node: ast.stmt) -> bool:
    """文字列だけの文（モジュールの docstring）か。"""
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def alias_key(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> tuple[str, str, str | None]:
    """import 文の 1 つの名前の（モジュール, 名前, 別名）。"""
    module = "." * node.level + (node.module or "") if isinstance(node, ast.ImportFrom) else ""
    return module, alias.name, alias.asname


def imported_names(node: ast.Import | ast.ImportFrom) -> set[tuple[str, str, str | None]]:
    """import 文が持ち込む（モジュール, 名前, 別名）の組。"""
    return {alias_key(node, alias) for alias in node.names}


def import_text(
    node: ast.Import | ast.ImportFrom, missing: set[tuple[str, str, str | None]]
) -> str:
    """import 文のうち、まだ無い名前だけを持ち込む 1 行。"""
    names = ", ".join(
        f"{alias.name} as {alias.asname}" if alias.asname else alias.name
        for alias in node.names
        if alias_key(node, alias) in missing
    )
    if isinstance(node, ast.ImportFrom):
        return f"from {'.' * node.level}{node.module or ''} import {names}\n"
    return f"import {names}\n"


def merge_python(existing: str, block: str) -> str:
    """既存の Python に本文のコードを、トップレベルの文ごとに合わせる（決まりは先頭の説明）。"""
    old, tail = statements(existing)
    new, _ = statements(block)
    texts = [statement.text for statement in old]
    nodes = [statement.node for statement in old]
    previous: int | None = None  # かたまりの 1 つ前の文を置いた位置（属性の説明の文字列のため）
    dumped = functools.cache(ast.dump)  # 同じ文を何度も文字列にしない（文ごとに 1 回）
    for index, statement in enumerate(new):
        node = statement.node
        if is_docstring(node) and index > 0:
            previous = place_attribute_docstring(texts, nodes, previous, statement.text, node)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            add_import(texts, nodes, node)
            previous = None
        elif is_docstring(node):
            place_module_docstring(texts, nodes, statement.text, node)
            previous = 0
        elif (position := position_of(nodes, node)) is not None:
            texts[position] = in_place(texts[position], statement.text)
            nodes[position] = node
            previous = position
        elif not any(dumped(node) == dumped(other) for other in nodes):
            texts.append(separated(statement.text) if texts else statement.text.lstrip("\n"))
            nodes.append(node)
            previous = len(nodes) - 1
        else:
            previous = None
    return "".join(texts) + tail


def place_module_docstring(
    texts: list[str], nodes: list[ast.stmt], text: str, node: ast.stmt
) -> None:
    """かたまりの最初の文字列だけの文はモジュールの docstring にする（あれば置き換える）。"""
    if nodes and is_docstring(nodes[0]):
        texts[0] = in_place(texts[0], text)
        nodes[0] = node
    else:
        texts.insert(0, text.strip("\n") + "\n\n")
        nodes.insert(0, node)


def place_attribute_docstring(
    texts: list[str], nodes: list[ast.stmt], previous: int | None, text: str, node: ast.stmt
) -> int:
    """かたまりの途中の文字列だけの文は、直前の文（定数など）の説明として、その文の後ろに置く。

    モジュールの docstring と取り違えないため。その文の後ろにもう説明があれば置き換える。
    """
    if previous is None:
        texts.append(separated(text) if texts else text.lstrip("\n"))
        nodes.append(node)
        return len(nodes) - 1
    after = previous + 1
    if after < len(nodes) and is_docstring(nodes[after]):
        texts[after] = in_place(texts[after], text)
        nodes[after] = node
    else:
        texts.insert(after, text.lstrip("\n"))
        nodes.insert(after, node)
    return after


def position_of(nodes: list[ast.stmt], node: ast.stmt) -> int | None:
    """同じ名前の文（置き換える文）の位置。名前の無い文は、同じ形の文（if __name__ … など）。"""
    key = key_of(node)
    for position, other in enumerate(nodes):
        if key is not None and key_of(other) == key:
            return position
        if key is None and same_condition(node, other):
            return position
    return None


def same_condition(node: ast.stmt, other: ast.stmt) -> bool:
    """どちらも同じ条件の if 文か（if __name__ == "__main__": など）。"""
    return (
        isinstance(node, ast.If)
        and isinstance(other, ast.If)
        and ast.dump(node.test) == ast.dump(other.test)
    )


def separated(text: str) -> str:
    """最後に足す文の前は 2 行空ける（読みやすさのためだけ）。"""
    return "\n\n" + text.lstrip("\n")


def in_place(old: str, new: str) -> str:
    """置き換える文は、元の文の前の空行をそのまま残す。"""
    return old[: len(old) - len(old.lstrip("\n"))] + new.lstrip("\n")


def add_import(texts: list[str], nodes: list[ast.stmt], node: ast.Import | ast.ImportFrom) -> None:
    """まだ持ち込んでいない名前だけを、import の並びの後ろ（__future__ は先頭）に足す。"""
    present: set[tuple[str, str, str | None]] = set()
    for other in nodes:
        if isinstance(other, ast.Import | ast.ImportFrom):
            present |= imported_names(other)
    missing = imported_names(node) - present
    if not missing:
        return
    line = import_text(node, missing)
    if isinstance(node, ast.ImportFrom) and node.module == "__future__":
        position = 1 if nodes and is_docstring(nodes[0]) else 0
        line = "\n" + line if position else line
    else:
        imports = [
            i for i, other in enumerate(nodes) if isinstance(other, ast.Import | ast.ImportFrom)
        ]
        position = imports[-1] + 1 if imports else (1 if nodes and is_docstring(nodes[0]) else 0)
        if not imports and position:
            line = "\n" + line
    texts.insert(position, line)
    nodes.insert(position, node)
