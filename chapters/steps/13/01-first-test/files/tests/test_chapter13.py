from getting_started_ml.chapter13 import covariance_matrix


def test_2列の分散と共分散を求める() -> None:
    assert covariance_matrix([[1, 2], [3, 6], [5, 10]]) == [[4, 8], [8, 16]]
