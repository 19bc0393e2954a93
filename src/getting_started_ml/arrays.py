"""リストと numpy の配列の受け渡し。章のコードはここで配列に変えて、中では配列だけを扱う。"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

FloatArray: TypeAlias = npt.NDArray[np.float64]
"""float64 の numpy 配列（1 次元でも 2 次元でも）。"""
