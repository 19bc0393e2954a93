"""付録 B: 層化 k 分割、1 つ抜き、時系列、グループの分け方と、入れ子の交差検証のテスト。"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from getting_started_ml.appendix_b.splitting import stratified_k_fold


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from("aab"), min_size=6, max_size=40),
    st.integers(2, 5),
    st.integers(0, 1000),
)
def test_層化k分割はどの分割でもクラスの件数の差が1以内(
    labels: list[str], n_splits: int, seed: int
) -> None:
    folds = stratified_k_fold(labels, n_splits, seed)
    assert sorted(p for fold in folds for p in fold.test) == list(range(len(labels)))
    for label in set(labels):
        per_fold = [sum(1 for p in fold.test if labels[p] == label) for fold in folds]
        assert max(per_fold) - min(per_fold) <= 1
