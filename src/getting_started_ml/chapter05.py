"""第 5 章: 依存関係の宣言と固定（pyproject.toml と requirements.lock）、ソースの文字の検査。"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path

BOM = "\ufeff"
PIN = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*==\s*([^\s;,]+)\s*(?:;.*)?$")
LOCKED = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def normalized(name: str) -> str:
    """パッケージ名を PEP 503 の形にそろえる（大文字・_・. の違いを無くす）。"""
    return re.sub(r"[-_.]+", "-", name).lower()


# --8<-- [start:pins]
def pinned_requirements(pyproject: str) -> dict[str, str]:
    """pyproject.toml の dependencies とすべての extras のうち、== で固定したものの名前と版。"""
    project = tomllib.loads(pyproject).get("project", {})
    requirements: list[str] = list(project.get("dependencies", []))
    for extra in project.get("optional-dependencies", {}).values():
        requirements.extend(extra)
    pins: dict[str, str] = {}
    for requirement in requirements:
        match = PIN.match(requirement)
        if match is None:
            raise ValueError(f"版を == で固定していない依存関係があります: {requirement!r}")
        pins[normalized(match[1])] = match[2]
    return pins


def locked_versions(lock: str) -> dict[str, str]:
    """requirements.lock の「名前==版」の行から、名前と版の対応を作る。"""
    versions: dict[str, str] = {}
    for line in lock.splitlines():
        match = LOCKED.match(line)
        if match is not None:
            versions[normalized(match[1])] = match[2]
    return versions


def lock_disagreements(pins: Mapping[str, str], locked: Mapping[str, str]) -> list[str]:
    """pyproject.toml で固定した版のうち、ロックファイルと食い違うものの説明。"""
    problems = []
    for name, version in sorted(pins.items()):
        if name not in locked:
            problems.append(f"{name}=={version} がロックファイルにありません")
        elif locked[name] != version:
            problems.append(f"{name}: pyproject.toml は {version}、ロックファイルは {locked[name]}")
    return problems


# --8<-- [end:pins]


# --8<-- [start:hashes]
def entries_without_hash(lock: str) -> list[str]:
    """ロックファイルの「名前==版」のうち、--hash=sha256: が 1 つも付いていないもの。"""
    entries: dict[str, bool] = {}
    current = None
    for line in lock.splitlines():
        match = LOCKED.match(line)
        if match is not None:
            current = f"{match[1]}=={match[2]}"
            entries[current] = False
        if current is not None and "--hash=sha256:" in line:
            entries[current] = True
    return [entry for entry, hashed in entries.items() if not hashed]


# --8<-- [end:hashes]


# --8<-- [start:bom]
def files_with_bom(root: Path, paths: Iterable[str]) -> list[str]:
    """テキストのファイルのうち、どこかに U+FEFF（BOM）の文字を含むもの。"""
    found = []
    for name in paths:
        path = root / name
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if BOM in text:
            found.append(name)
    return found


# --8<-- [end:bom]
