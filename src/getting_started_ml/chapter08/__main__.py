"""python -m getting_started_ml.chapter08 [フォルダ] の入口（フォルダにはモデルを残す）。"""

import sys
from pathlib import Path

from getting_started_ml.chapter08.experiment import main
from getting_started_ml.cli import run_chapter

if __name__ == "__main__":
    raise SystemExit(run_chapter(lambda: main(Path(sys.argv[1]) if len(sys.argv) > 1 else None)))
