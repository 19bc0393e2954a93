from getting_started_ml.chapter10.forest import majority_vote

S, VE, VI = "Iris-setosa", "Iris-versicolor", "Iris-virginica"


def test_行ごとに木の票を数えて多数決する() -> None:
    assert majority_vote([[S, VI], [S, VI], [VE, S]]) == [S, VI]


def test_同数なら先に現れたラベルが勝つ() -> None:
    assert majority_vote([["a"], ["b"]]) == ["a"]
    assert majority_vote([["b"], ["a"]]) == ["b"]
