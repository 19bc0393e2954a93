"""図のテストの道具: SVG に埋め込んだ数値と、データから求め直した数値を比べる。"""

from __future__ import annotations

import pytest


def assert_same_numbers(embedded: object, computed: object) -> None:
    """JSON から読んだ値と求め直した値を、数は rel=1e-12 で、それ以外はそのまま比べる。"""
    if isinstance(computed, dict):
        assert isinstance(embedded, dict)
        assert list(embedded) == list(computed)
        for key, value in computed.items():
            assert_same_numbers(embedded[key], value)
    elif isinstance(computed, list):
        assert isinstance(embedded, list)
        assert len(embedded) == len(computed)
        for mine, theirs in zip(embedded, computed, strict=True):
            assert_same_numbers(mine, theirs)
    elif isinstance(computed, float):
        assert embedded == pytest.approx(computed, rel=1e-12)
    else:
        assert embedded == computed
