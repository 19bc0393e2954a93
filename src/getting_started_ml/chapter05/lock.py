# --8<-- [start:header]
"""依存関係の宣言と固定: pyproject.toml で == に固定した版と requirements.lock を突き合わせる。"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping

PIN = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*==\s*([^\s;,]+)\s*(?:;.*)?$")
LOCKED = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def require_text(value: object, name: str) -> None:
    """value が文字列でなければ、引数の名前を書いた TypeError にする。"""
    if not isinstance(value, str):
        raise TypeError(f"{name} には文字列を渡します（{type(value).__name__}）")


def normalized(name: str) -> str:
    """パッケージ名を PEP 503 の形にそろえる（大文字・_・. の違いを無くす）。"""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared_requirements(pyproject: str) -> list[str]:
    """pyproject.toml の [project] の dependencies と、すべての extras の依存関係の文字列。"""
    if not isinstance(pyproject, str):
        raise TypeError(f"pyproject には TOML の文字列を渡します（{type(pyproject).__name__}）")
    try:
        project = tomllib.loads(pyproject).get("project", {})
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"pyproject.toml として読めません: {error}") from error
    extras = project.get("optional-dependencies", {}) if isinstance(project, dict) else None
    if not isinstance(extras, dict):
        raise ValueError("pyproject の [project] と optional-dependencies は表でなければなりません")
    groups = [project.get("dependencies", []), *extras.values()]
    requirements = [item for group in groups if isinstance(group, list) for item in group]
    if len(groups) != sum(isinstance(group, list) for group in groups) or not all(
        isinstance(item, str) for item in requirements
    ):
        raise ValueError("pyproject の依存関係は文字列のリストでなければなりません")
    return requirements


# --8<-- [end:header]


# --8<-- [start:pins]
def pinned_requirements(pyproject: str) -> dict[str, str]:
    """pyproject.toml の dependencies とすべての extras のうち、== で固定したものの名前と版。"""
    requirements = declared_requirements(pyproject)
    pins: dict[str, str] = {}
    for requirement in requirements:
        match = PIN.match(requirement)
        if match is None:
            raise ValueError(f"版を == で固定していない依存関係があります: {requirement!r}")
        pins[normalized(match[1])] = match[2]
    return pins


def locked_versions(lock: str) -> dict[str, str]:
    """requirements.lock の「名前==版」の行から、名前と版の対応を作る。"""
    require_text(lock, "lock")
    versions: dict[str, str] = {}
    for line in lock.splitlines():
        match = LOCKED.match(line)
        if match is not None:
            versions[normalized(match[1])] = match[2]
    return versions


def lock_disagreements(pins: Mapping[str, str], locked: Mapping[str, str]) -> list[str]:
    """pyproject.toml で固定した版のうち、ロックファイルと食い違うものの説明。"""
    for value, name in ((pins, "pins"), (locked, "locked")):
        if not isinstance(value, Mapping):
            raise TypeError(f"{name} は名前から版への辞書です（{type(value).__name__}）")
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
    require_text(lock, "lock")
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
