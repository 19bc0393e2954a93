# --8<-- [start:header]
"""ソースの文字の検査: テキストのファイルに紛れ込んだ BOM（U+FEFF）を探す。"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

BOM = "\ufeff"
# --8<-- [end:header]


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
