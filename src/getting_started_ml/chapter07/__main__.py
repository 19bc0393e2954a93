"""python -m getting_started_ml.chapter07 の入口。"""

from getting_started_ml.chapter07.experiment import main
from getting_started_ml.cli import run_chapter

if __name__ == "__main__":
    raise SystemExit(run_chapter(main))
