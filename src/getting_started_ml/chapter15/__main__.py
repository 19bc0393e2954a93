"""python -m getting_started_ml.chapter15 の入口。"""

import sys

from getting_started_ml.chapter15.cli import main

if __name__ == "__main__":
    sys.exit(main())
