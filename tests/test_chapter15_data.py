# --8<-- [start:header]
"""第 15 章: 実データで学習したモデルと、本文の実行の記録（黄金ファイル）のリプレイ。"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx2
import pytest
from hypothesis import HealthCheck, example, given, settings
from support.chapter15 import PASSENGERS, running_server

from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter08 import FEATURES
from getting_started_ml.chapter15.application import PredictionService
from getting_started_ml.chapter15.domain import Movie, Passenger
from getting_started_ml.chapter15.experiment import main, train_and_save_models
from getting_started_ml.chapter15.idiomatic import (
    save_sklearn_sales_model,
    train_sales_with_sklearn,
)
from getting_started_ml.chapter15.infrastructure import FileModelStore, raw_row

BOOK_URL = "http://127.0.0.1:8015"


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> FileModelStore:
    """実データで学習して保存した置き場。data マーカーと一緒に使う。"""
    store = FileModelStore(tmp_path_factory.mktemp("models"))
    train_and_save_models(store)
    return store


# --8<-- [end:header]


# --8<-- [start:test-real-models]
@pytest.mark.data("cinema.csv", "Survived.csv")
def test_学習したモデルで本の映画と乗客を予測する(trained: FileModelStore) -> None:
    service = PredictionService(trained)
    assert service.health() == {"cinema": True, "survived": True}
    sales = service.predict_sales(Movie(200.0, 500.0, 3000.0, 1)).sales
    assert sales == 7730.457421687023  # Java 版と同じ足し算の順なので、最後の桁まで同じ
    assert service.predict_survival(Passenger(1, "female", 30.0, 0, 0, 80.0, "C")).survived
    assert not service.predict_survival(Passenger(3, "male", 30.0, 0, 0, 8.0, "S")).survived


@pytest.mark.data("cinema.csv", "Survived.csv")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PASSENGERS)
@example(Passenger(1, "female", None, 0, 0, 0.0, None))  # 年齢と港が無い
@example(Passenger(2, "male", -0.0, 10**300, 10, -0.0, "Q"))  # -0.0 と桁の多い整数
@example(Passenger(3, "female", 1e308, 0, 0, 5e-324, "C"))  # 極端な尺度
@example(Passenger(3, "male", 10**300, 1, 2, 1e308, "S"))
def test_実データのパイプラインでも表を作らない予測は第8章と同じ(
    trained: FileModelStore, passenger: Passenger
) -> None:
    model = trained.load_survival_model()
    table = Table.of(FEATURES, [raw_row(passenger)])
    assert model.features(passenger) == model.pipeline.features(table)[0]
    assert model.survives(passenger) == (model.pipeline.predict(table)[0] == 1)


# --8<-- [end:test-real-models]


# --8<-- [start:test-idiomatic]
@pytest.mark.data("cinema.csv")
def test_scikit_learnで学習したモデルも同じAPIで同じ売上を返す(tmp_path: Path) -> None:
    store = FileModelStore(tmp_path)
    save_sklearn_sales_model(train_sales_with_sklearn(Table.load("cinema.csv")), store)
    sales = PredictionService(store).predict_sales(Movie(200.0, 500.0, 3000.0, 1)).sales
    # 正規方程式（自作）と特異値分解（scikit-learn）で解き方が違うので、末尾の桁は揃わない。
    assert sales == pytest.approx(7730.457421687023, rel=1e-9)


# --8<-- [end:test-idiomatic]


# --8<-- [start:test-session]
@pytest.mark.data("cinema.csv", "Survived.csv")
def test_本文の実行の記録をそのまま再現する(golden: Callable[[str], str], tmp_path: Path) -> None:
    lines = golden("chapter15-session").splitlines()
    models = tmp_path / "models"
    train = run_chapter15(["train", "--models", str(models)])
    assert train.stdout.splitlines() == [lines[1]]
    with running_server(models) as url:
        assert lines[3] == f"API を起動します: {BOOK_URL}"
        for command, expected in commands_and_outputs(lines[4:]):
            if command[0] == "rm":
                (tmp_path / command[1]).unlink()
                continue
            assert replay_curl(command, url) == expected, shlex.join(command)


# --8<-- [end:test-session]


# --8<-- [start:commands]
def test_データが無ければtrainは1行の説明で終わる(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # python -m の入口（__main__.py）が呼ぶ main を、このプロセスで呼ぶ。
    # python -m で別のプロセスに動かすのは、上の記録の再現の train（run_chapter15）
    monkeypatch.setenv("ML_DATA_DIR", str(tmp_path))
    assert main(["train", "--models", str(tmp_path)]) == 1

    error = capsys.readouterr().err
    assert "cinema.csv" in error
    assert "Traceback" not in error


def test_helpは既定値を書く(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_code:
        main(["serve", "--help"])

    assert exit_code.value.code == 0
    shown = capsys.readouterr().out
    assert "127.0.0.1" in shown
    assert "8015" in shown


def run_chapter15(arguments: list[str]) -> subprocess.CompletedProcess[str]:
    """python -m getting_started_ml.chapter15 ARGUMENTS を別のプロセスで動かす。"""
    return subprocess.run(
        [sys.executable, "-m", "getting_started_ml.chapter15", *arguments],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        check=False,
        timeout=120,
    )


def commands_and_outputs(lines: list[str]) -> list[tuple[list[str], str | None]]:
    """ "$ " で始まる行をコマンドに、続く 1 行を（あれば）その出力にする。"""
    pairs: list[tuple[list[str], str | None]] = []
    for line in lines:
        if line.startswith("$ "):
            pairs.append((shlex.split(line[2:]), None))
        else:
            command, _ = pairs[-1]
            pairs[-1] = (command, line)
    return pairs


def replay_curl(command: list[str], url: str) -> str:
    """curl -s -w ' %{http_code}\\n' [-X METHOD] URL [-H …] [-d BODY] と同じ要求を送る。"""
    method = command[command.index("-X") + 1] if "-X" in command else "GET"
    target = next(part for part in command if part.startswith(BOOK_URL))
    body = command[command.index("-d") + 1] if "-d" in command else None
    headers = {"Content-Type": "application/json"} if body is not None else {}
    response = httpx2.request(
        method,
        target.replace(BOOK_URL, url),
        content=body.encode() if body is not None else None,
        headers=headers,
    )
    return f"{response.text} {response.status_code}"


# --8<-- [end:commands]
