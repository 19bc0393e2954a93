"""python -m getting_started_ml.chapter04 の入口（終了コードは main が返す）。"""

from getting_started_ml.chapter04.experiment import main

if __name__ == "__main__":
    raise SystemExit(main())
