"""本文が見せる実行: 「<テストファイル> の結果」のかたまりと、「$ コマンド」で始まる端末の記録。

- 見出しが「tests/test_x.py の結果」のかたまりは、そのファイルの pytest の結果（replay と同じ
  コマンド・正規化・照らし合わせ）。
- 「$ 」で始まる行のあるかたまりは端末の記録で、「$ 」の行がコマンド、次の「$ 」の行までが出力。
  このうち章のコマンド（[変数=値 …] [.venv/bin/]python -m getting_started_ml.…）だけを動かし、
  出力を 1 行ずつ比べる。ほかのコマンド（ruff、mypy、pytest の打ち方の例）は動かさない。
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

RESULT_SUFFIX = " の結果"
PACKAGE_PREFIX = "getting_started_ml."


def result_files(title: str) -> tuple[str, ...] | None:
    """見出し「tests/a.py の結果」の pytest に渡すファイル（結果の見出しでなければ None）。"""
    text = title.strip()
    if not text.endswith(RESULT_SUFFIX):
        return None
    files = tuple(text.removesuffix(RESULT_SUFFIX).split())
    if files and all(name.startswith("tests/") and name.endswith(".py") for name in files):
        return files
    return None


@dataclass(frozen=True)
class Command:
    """端末の記録の 1 つのコマンドと、本文が見せるその出力。"""

    line: str
    environment: tuple[tuple[str, str], ...]
    module: str | None  # 章のコマンドなら python -m に渡すモジュール
    arguments: tuple[str, ...]
    output: tuple[str, ...]


def commands(text: str) -> list[Command]:
    """端末の記録（「$ 」で始まる行のあるかたまり）を、コマンドとその出力に分ける。"""
    found: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            found.append((line.removeprefix("$ ").strip(), []))
        elif found:
            found[-1][1].append(line)
    return [parse_command(line, output) for line, output in found]


def parse_command(line: str, output: list[str]) -> Command:
    """「ML_DATA_DIR=/x .venv/bin/python -m getting_started_ml.chapter01」を読む。"""
    words = shlex.split(line, comments=True)
    environment: list[tuple[str, str]] = []
    while words and "=" in words[0] and not words[0].startswith("-"):
        name, value = words.pop(0).split("=", 1)
        environment.append((name, value))
    module: str | None = None
    arguments: tuple[str, ...] = ()
    is_python = bool(words) and words[0].rsplit("/", 1)[-1] in ("python", "python3")
    if is_python and len(words) >= 3 and words[1] == "-m" and words[2].startswith(PACKAGE_PREFIX):
        module, arguments = words[2], tuple(words[3:])
    while output and not output[-1].strip():
        output.pop()
    return Command(line, tuple(environment), module, arguments, tuple(output))
