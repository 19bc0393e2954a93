"""アンケートに答えた人: CSV の 1 行を 1 人として読む。"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Person:
    height: int
    weight: int
    age_group: int
    faction: str


def parse_people(text: str) -> list[Person]:
    header, *rows = [line.split(",") for line in text.lstrip("\ufeff").splitlines()]
    height = header.index("身長")
    weight = header.index("体重")
    age_group = header.index("年代")
    faction = header.index("派閥")
    return [
        Person(int(row[height]), int(row[weight]), int(row[age_group]), row[faction])
        for row in rows
    ]
