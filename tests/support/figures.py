"""図のテストで共有する小道具: SVG に埋め込んだ数値と求め直した数値の比べ方。"""

from __future__ import annotations

import pytest


def assert_same_numbers(embedded: object, computed: object, rel: float = 1e-12) -> None:
    """JSON から読んだ値と求め直した値を、数は相対誤差 rel で、それ以外はそのまま比べる。"""
    if isinstance(computed, dict):
        assert isinstance(embedded, dict)
        assert list(embedded) == list(computed)
        for key, value in computed.items():
            assert_same_numbers(embedded[key], value, rel)
    elif isinstance(computed, list):
        assert isinstance(embedded, list)
        assert len(embedded) == len(computed)
        for mine, theirs in zip(embedded, computed, strict=True):
            assert_same_numbers(mine, theirs, rel)
    elif isinstance(computed, float):
        assert embedded == pytest.approx(computed, rel=rel)
    else:
        assert embedded == computed
