"""python -m getting_started_ml.chapter15 の入口。"""

from getting_started_ml.chapter15.experiment import main

if __name__ == "__main__":
    raise SystemExit(main())
