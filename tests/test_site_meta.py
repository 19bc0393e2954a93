"""README の最初のコマンドと、ライセンスの表示を確かめる（新しく来た読者が最初に見るところ）。"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

from support.site import PROJECT_ROOT

README = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
NEEDS_PYTHON = "この本には Python 3.11.5 以上が必要です"


def code_blocks(language: str) -> list[str]:
    """README の ```language のコードブロックの中身（前後の空白を除く）。"""
    return [block.strip() for block in re.findall(rf"```{language}\n(.*?)```", README, re.DOTALL)]


def setup_commands(language: str) -> list[str]:
    """README の、仮想環境を作って入れるコマンド（language は sh か powershell）。"""
    return [command for command in code_blocks(language) if "-m venv .venv" in command]


def version_check(command: str) -> str:
    """コマンドの先頭の `python3 -c "…"` の、… の部分。"""
    match = re.match(r'python3? -c "([^"]+)" && ', command)
    assert match, command
    return match.group(1)


def run_check(code: str) -> tuple[int, str]:
    """版を確かめるコードを、この Python で動かした (終了コード, 標準エラー)。"""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    return result.returncode, result.stderr


def test_README_の設定のコマンドは_POSIX_と_Windows_に_2_つずつ() -> None:
    setup = setup_commands("sh")
    windows = code_blocks("powershell")

    assert [command.split()[-1] for command in setup] == ["serve", ".venv/bin/pytest"]
    assert windows == [
        command.replace("python3", "python").replace(".venv/bin/", ".venv\\Scripts\\")
        for command in setup
    ]


def test_最初のコマンドは古い_Python_なら版が要ることを言って止まる() -> None:
    checks = {
        version_check(command) for command in setup_commands("sh") + setup_commands("powershell")
    }
    assert len(checks) == 1
    check = checks.pop()

    assert run_check(check) == (0, "")  # この Python（3.11.5 以上）では何も言わずに進む
    too_old = check.replace("(3, 11, 5)", f"({sys.version_info.major + 1}, 0)")
    assert run_check(too_old) == (1, NEEDS_PYTHON + "\n")


def test_README_の版の下限は_pyproject_の_requires_python_と同じ() -> None:
    check = version_check(setup_commands("sh")[0])
    floor = re.search(r"\((\d+), (\d+), (\d+)\)", check)
    assert floor
    assert PYPROJECT["project"]["requires-python"] == ">=" + ".".join(floor.groups())
    assert NEEDS_PYTHON.endswith(f"Python {'.'.join(floor.groups())} 以上が必要です")


def test_コードは_MIT_本文と図は_CC_BY_4_0() -> None:
    code_license = (PROJECT_ROOT / "LICENSE").read_text(encoding="utf-8")
    text_license = (PROJECT_ROOT / "LICENSE-text.md").read_text(encoding="utf-8")

    assert code_license.startswith("MIT License\n")
    assert "CC BY 4.0" in text_license
    assert "https://creativecommons.org/licenses/by/4.0/legalcode" in text_license
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE", "LICENSE-text.md"]


def test_ライセンスは_README_とサイトの足元に書いてある() -> None:
    mkdocs = (PROJECT_ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    footer = re.search(r"^copyright: >-\n((?:  .*\n)+)", mkdocs, re.MULTILINE)

    assert "[`LICENSE`](LICENSE)" in README
    assert "[`LICENSE-text.md`](LICENSE-text.md)" in README
    assert footer
    assert "CC BY 4.0" in footer.group(1)
    assert "MIT" in footer.group(1)
