"""サイトを確かめるテストの共通部品: 組み立てたサイトの場所と、CI でだけ失敗にする飛ばし方。"""

from __future__ import annotations

import functools
import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SITE_DIR_VARIABLE = "ML_SITE_DIR"


def skip_or_fail(reason: str) -> None:
    """CI（CI=true）では失敗に、それ以外では理由を書いて飛ばす。"""
    if os.environ.get("CI", "") == "true":
        pytest.fail(f"{reason}。CI ではサイトのテストを飛ばさない", pytrace=False)
    pytest.skip(reason)


@functools.cache
def build_site() -> Path:
    """mkdocs build --strict でサイトを一時フォルダに組み立てる（テストの実行につき 1 回）。"""
    directory = Path(tempfile.mkdtemp(prefix="site-"))
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(directory)],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return directory


def built_site() -> Path:
    """組み立てたサイト。ML_SITE_DIR があればそれを使い（.ci/run が渡す）、無ければ組み立てる。"""
    given = os.environ.get(SITE_DIR_VARIABLE, "")
    if given:
        directory = Path(given)
        assert (directory / "index.html").is_file(), (
            f"{SITE_DIR_VARIABLE}={given} にサイトがありません"
        )
        return directory
    if importlib.util.find_spec("mkdocs") is None:
        skip_or_fail("MkDocs がありません（pip install -e '.[docs]'）")
    return build_site()


ZENSICAL_SITE_DIR_VARIABLE = "ML_ZENSICAL_SITE_DIR"


@functools.cache
def build_zensical_site() -> Path:
    """hooks/zensical_build.py でサイトを一時フォルダに組み立てる（テストの実行につき 1 回）。"""
    directory = Path(tempfile.mkdtemp(prefix="zensical-site-"))
    result = subprocess.run(
        [sys.executable, str(PROJECT_ROOT / "hooks" / "zensical_build.py"), str(directory)],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return directory


def built_zensical_site() -> Path:
    """Zensical で組み立てたサイト。ML_ZENSICAL_SITE_DIR があればそれを使い、無ければ組み立てる。"""
    given = os.environ.get(ZENSICAL_SITE_DIR_VARIABLE, "")
    if given:
        directory = Path(given)
        assert (directory / "index.html").is_file(), (
            f"{ZENSICAL_SITE_DIR_VARIABLE}={given} にサイトがありません"
        )
        return directory
    if importlib.util.find_spec("zensical") is None:
        skip_or_fail("Zensical がありません（pip install -e '.[docs]'）")
    return build_zensical_site()
