"""付録 C: 良くなったと言う前に（区間、対にした比較、選択の偏り、この本のモデルへの当てはめ）。"""

from getting_started_ml.appendix_c.intervals import (
    Interval,
    binomial_pmf,
    interval_coverage,
    required_size,
    wald_interval,
    wilson_interval,
    z_value,
)
from getting_started_ml.appendix_c.paired import (
    DifferenceTest,
    Discordance,
    discordance,
    mcnemar_exact,
    paired_difference,
    required_pairs,
    separate_difference,
    sign_flip_test,
    sign_flip_test_reference,
)
from getting_started_ml.appendix_c.repeated import (
    PairedInterval,
    corrected_resampled_t_interval,
    paired_t_interval,
    t_cdf,
    t_quantile,
)
from getting_started_ml.appendix_c.selection import (
    BestOfK,
    best_of_k_exact,
    best_of_k_simulated,
    best_of_k_simulated_reference,
    significance_threshold,
)

__all__ = [
    "BestOfK",
    "DifferenceTest",
    "Discordance",
    "Interval",
    "PairedInterval",
    "best_of_k_exact",
    "best_of_k_simulated",
    "best_of_k_simulated_reference",
    "binomial_pmf",
    "corrected_resampled_t_interval",
    "discordance",
    "interval_coverage",
    "mcnemar_exact",
    "paired_difference",
    "paired_t_interval",
    "required_pairs",
    "required_size",
    "separate_difference",
    "sign_flip_test",
    "sign_flip_test_reference",
    "significance_threshold",
    "t_cdf",
    "t_quantile",
    "wald_interval",
    "wilson_interval",
    "z_value",
]
