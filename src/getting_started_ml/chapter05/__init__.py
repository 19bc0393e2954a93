"""第 5 章: 依存関係の宣言と固定（pyproject.toml と requirements.lock）、ソースの文字の検査。"""

from getting_started_ml.chapter05.bom import BOM, files_with_bom
from getting_started_ml.chapter05.experiment import report_bom, report_lock
from getting_started_ml.chapter05.lock import (
    LOCKED,
    PIN,
    declared_requirements,
    entries_without_hash,
    lock_disagreements,
    locked_versions,
    normalized,
    pinned_requirements,
    require_text,
)

__all__ = [
    "BOM",
    "LOCKED",
    "PIN",
    "declared_requirements",
    "entries_without_hash",
    "files_with_bom",
    "lock_disagreements",
    "locked_versions",
    "normalized",
    "pinned_requirements",
    "report_bom",
    "report_lock",
    "require_text",
]
