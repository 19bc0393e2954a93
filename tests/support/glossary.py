"""用語集（docs/glossary.md）の表を読む。表記のテストとブラウザのテストが使う。"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = PROJECT_ROOT / "docs" / "glossary.md"
VARIANTS_HEADER = "使わない表記"
CHAPTER_HEADER = "主に扱う章"
NONE_MARK = "—"
LINK = re.compile(r"\[[^\]]*\]\(([^)]+)\)")


@dataclass(frozen=True)
class Rule:
    """1 つの書き方（preferred）と、代わりに使わない表記（variants）。"""

    preferred: tuple[str, ...]
    variants: tuple[str, ...]


@dataclass(frozen=True)
class Term:
    """用語と、それを主に扱う章のページ（docs/ からの相対パス）。"""

    name: str
    page: str


def split_cells(line: str) -> list[str]:
    """Markdown の表の 1 行をセルに分ける。"""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def tables(text: str) -> list[list[dict[str, str]]]:
    """Markdown の表をすべて、見出しの名前から値への辞書の並びとして読む。"""
    found: list[list[dict[str, str]]] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        is_table = (
            lines[index].startswith("|")
            and index + 1 < len(lines)
            and re.fullmatch(r"\|(\s*-+\s*\|)+", lines[index + 1].strip()) is not None
        )
        if not is_table:
            index += 1
            continue
        header = split_cells(lines[index])
        rows = []
        index += 2
        while index < len(lines) and lines[index].startswith("|"):
            cells = split_cells(lines[index])
            if len(cells) != len(header):
                raise ValueError(f"用語集の表の列の数が見出しと違います: {lines[index]}")
            rows.append(dict(zip(header, cells, strict=True)))
            index += 1
        found.append(rows)
    return found


def words(cell: str) -> tuple[str, ...]:
    """「、」で区切った表記の並び。— は「無し」。"""
    if cell == NONE_MARK:
        return ()
    return tuple(word.strip() for word in cell.split("、") if word.strip())


def rules(text: str) -> list[Rule]:
    """使わない表記の列を持つ表の、すべての行の決まり。1 列目が使う書き方。"""
    found = []
    for table in tables(text):
        for row in table:
            if VARIANTS_HEADER not in row:
                break
            first = next(iter(row.values()))
            preferred = tuple(part for part in re.split(r"[（）]", first) if part)
            found.append(Rule(preferred, words(row[VARIANTS_HEADER])))
    return found


def terms(text: str) -> list[Term]:
    """主に扱う章の列を持つ表の用語と、その章のページ。"""
    found = []
    for table in tables(text):
        for row in table:
            if CHAPTER_HEADER not in row:
                break
            link = LINK.search(row[CHAPTER_HEADER])
            if link is None:
                raise ValueError(f"用語 {next(iter(row.values()))} の章にリンクがありません")
            found.append(Term(next(iter(row.values())), link.group(1)))
    return found


def variant_uses(text: str, all_rules: list[Rule]) -> list[tuple[int, str]]:
    """text の中の使わない表記を、(行番号, 表記) の並びで返す。

    使う書き方が使わない表記を含む場合（コンピューター と コンピュータ）があるので、
    その表記を含む使う書き方を先に取り除いてから探す。逆に、使わない表記が使う書き方を
    含む場合（作りもののデータ と 作りもの）は取り除かない。
    """
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for rule in all_rules:
            for variant in rule.variants:
                rest = line
                for word in rule.preferred:
                    if variant in word:
                        rest = rest.replace(word, "")
                if variant in rest and (number, variant) not in found:
                    found.append((number, variant))
    return found
