# --8<-- [start:header]
"""第 5 章の実験: このリポジトリに第 5 章の検査（ロックファイルと BOM）を当てる。"""

from __future__ import annotations

from pathlib import Path

from getting_started_ml.chapter04 import NotAGitCheckoutError, tracked_files
from getting_started_ml.chapter05.bom import files_with_bom
from getting_started_ml.chapter05.lock import (
    entries_without_hash,
    lock_disagreements,
    locked_versions,
    pinned_requirements,
)
from getting_started_ml.dataset import PROJECT_ROOT, is_checkout

# --8<-- [end:header]


# --8<-- [start:main]
def report_lock(root: Path) -> bool:
    """pyproject.toml と requirements.lock の食い違いとハッシュの無い項目を表示し、無ければ真。"""
    missing = [
        name for name in ("pyproject.toml", "requirements.lock") if not (root / name).is_file()
    ]
    if missing:
        print(f"ロックファイルの検査: {'、'.join(missing)} がありません（探した場所: {root}）")
        return False
    pyproject = (root / "pyproject.toml").read_text(encoding="utf-8")
    lock = (root / "requirements.lock").read_text(encoding="utf-8")
    disagreements = lock_disagreements(pinned_requirements(pyproject), locked_versions(lock))
    unhashed = entries_without_hash(lock)
    found = "、".join(disagreements) or "なし"
    print(f"pyproject.toml で固定した版とロックファイルの食い違い: {found}")
    print(f"ロックファイルのハッシュの無い項目: {', '.join(unhashed) or 'なし'}")
    return not disagreements and not unhashed


def report_bom(root: Path) -> bool:
    """追跡しているファイルのうち BOM の文字を含むものを表示し、無ければ真。"""
    try:
        tracked = tracked_files(root)
    except NotAGitCheckoutError as error:
        print(f"BOM の文字を含むファイル: 確かめられません（{error}）")
        return True
    found = files_with_bom(root, tracked)
    print(f"追跡しているファイルのうち、BOM の文字を含むもの: {', '.join(found) or 'なし'}")
    return not found


def main() -> int:
    """このリポジトリに第 5 章の検査（ロックファイルと BOM）を当てる。問題があれば 1 を返す。"""
    if not is_checkout(PROJECT_ROOT):
        print("リポジトリの外から動かしているので、pyproject.toml とロックファイルは確かめません")
        return 0
    locked = report_lock(PROJECT_ROOT)
    clean = report_bom(PROJECT_ROOT)
    return 0 if locked and clean else 1


# --8<-- [end:main]
