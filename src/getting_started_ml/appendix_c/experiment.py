"""付録 C のコマンド: 資料の計算例を再現し、この本のモデルに当てはめた結果を表示する。"""

from __future__ import annotations

from getting_started_ml.appendix_c.applied import (
    BASELINE_DEPTH,
    CANDIDATE_DEPTH,
    FOLD_SEEDS,
    PRACTICAL_THRESHOLD,
    SIGN_FLIP_RESAMPLES,
    TreeComparison,
    compare_tree_depths,
    verdict,
)
from getting_started_ml.appendix_c.intervals import (
    Interval,
    interval_coverage,
    required_size,
    wald_interval,
    z_value,
)
from getting_started_ml.appendix_c.paired import (
    mcnemar_exact,
    paired_difference,
    required_pairs,
    separate_difference,
    sign_flip_test,
)
from getting_started_ml.appendix_c.regression import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    RidgeClaim,
    SelectionClaim,
    check_alpha_selection,
    check_ridge_claim,
)
from getting_started_ml.appendix_c.repeated import PairedInterval, paired_t_interval
from getting_started_ml.appendix_c.selection import best_of_k_exact, best_of_k_simulated
from getting_started_ml.chapter02 import Table
from getting_started_ml.chapter11 import prepare_survived
from getting_started_ml.chapter12 import load_boston
from getting_started_ml.numeric import format_fixed

# --8<-- [start:worked-examples]
WIDTH_SIZES = (100, 300, 1000, 3000, 10000, 30000)
COVERAGE_CASES = ((0.50, 100), (0.70, 100), (0.70, 30), (0.95, 100), (0.95, 1000))
DISCORDANT = (45, 87)  # A だけ正解、B だけ正解（資料の 1,000 問の例）
A_CORRECT, B_CORRECT = 679, 721
REQUIRED_WIDTHS = (0.05, 0.02, 0.01, 0.005)
FIVE_DIFFERENCES = (0.4, 0.3, 0.1, 0.5, 0.1)  # 資料の計算例（100 点満点のポイント）
SELECTION_KS = (1, 2, 5, 10, 20, 50)
SELECTION_TRIALS = 20_000
# --8<-- [end:worked-examples]


def fixed(value: float, digits: int = 4) -> str:
    """Java と同じ半上げで、小数 digits 桁にする。"""
    return format_fixed(value, digits)


def show_interval(interval: Interval | PairedInterval, digits: int = 4) -> str:
    """[下端, 上端] の形にする。"""
    return f"[{fixed(interval.low, digits)}, {fixed(interval.high, digits)}]"


def print_widths() -> None:
    """1. 正解率 0.70 を n 件で測るときの 95% の幅。"""
    print("1. 正解率 0.70 を測るときの 95% の幅（±1.96σ）")
    z = z_value(0.95)
    for n in WIDTH_SIZES:
        print(f"  {n:>6} 件: ±{fixed(z * (0.7 * 0.3 / n) ** 0.5)}")
    sizes = "、".join(
        f"±{width} に {required_size(width, 0.7, z=1.96)} 件" for width in REQUIRED_WIDTHS
    )
    print(f"  欲しい幅から要る件数（資料と同じ z = 1.96）: {sizes}")


def print_coverage() -> None:
    """2. 95% と名乗る区間が本当の値を含む確率。"""
    print("2. 95% の区間が本当の値を含む確率（二項分布を全部数える）")
    print("  本当の値    件数  素朴な区間  Wilson")
    for p, n in COVERAGE_CASES:
        wald = fixed(interval_coverage(p, n, "wald"))
        wilson = fixed(interval_coverage(p, n, "wilson"))
        print(f"  {fixed(p, 2):>8}  {n:>6}  {wald:>10}  {wilson:>6}")


def print_paired_examples() -> None:
    """3. 同じ問題で比べる例と、要る問題数。"""
    b, c = DISCORDANT
    print(f"3. 同じ 1000 問で比べる（A の正解 {A_CORRECT} 問、B の正解 {B_CORRECT} 問）")
    for name, correct in (("A", A_CORRECT), ("B", B_CORRECT)):
        print(f"  {name} の 95% 区間: {show_interval(wald_interval(correct, 1000))}")
    for name, test in (
        ("別々に測ったものとして", separate_difference(A_CORRECT, B_CORRECT, 1000)),
        ("対にして", paired_difference(b, c, 1000)),
    ):
        print(
            f"  {name}: 標準誤差 {fixed(test.standard_error, 5)}、z {fixed(test.z, 3)}、"
            f"p = {test.p_value:.3e}"
        )
    print(f"  食い違い: A だけ正解 {b} 問、B だけ正解 {c} 問")
    print(f"  McNemar の正確検定: p = {mcnemar_exact(b, c):.3e}")
    flipped = sign_flip_test(b, c, SIGN_FLIP_RESAMPLES, 0)
    print(f"  符号の入れ替え（{SIGN_FLIP_RESAMPLES} 回、種 0）: p = {fixed(flipped, 6)}")
    half = required_pairs(0.11, 0.01)
    eighty = required_pairs(0.11, 0.01, power=0.8)
    print(f"  差 0.01 を見分ける問題数（食い違い率 0.11）: {half}（約半分）、{eighty}（8 割）")


def print_five_differences() -> None:
    """4. 5 組の差の t 区間。"""
    result = paired_t_interval(FIVE_DIFFERENCES)
    print("4. 5 組の差（ポイント）の t 区間")
    print(
        f"  平均 {fixed(result.mean, 2)}、標準偏差 {fixed(result.sd, 3)}、"
        f"95% 区間 {show_interval(result, 3)}"
    )


def print_selection() -> None:
    """5. 実力の同じ k 個から最良を選ぶ。"""
    print(f"5. 実力 0.70 の候補 k 個を 500 問で測って最良を選ぶ（{SELECTION_TRIALS} 回、種は k）")
    print("   k  選んだ版の点（正確）  （シミュ）  測り直し  有意と出る割合（正確）  （シミュ）")
    for k in SELECTION_KS:
        exact = best_of_k_exact(k, 500, 0.7)
        simulated = best_of_k_simulated(k, 500, 0.7, SELECTION_TRIALS, k)
        print(
            f"  {k:>2}  {fixed(exact.best_score):>20}  {fixed(simulated.best_score):>10}  "
            f"{fixed(simulated.remeasured):>8}  {fixed(exact.significant_share):>22}  "
            f"{fixed(simulated.significant_share):>10}"
        )


def print_tree_comparison(result: TreeComparison) -> None:
    """6. 第 11 章の木の深さ 2 と 3。"""
    counts = result.counts
    a, b = BASELINE_DEPTH, CANDIDATE_DEPTH
    print(f"6. 第 11 章の決定木: 深さ {a}（A）と深さ {b}（B）")
    print(f"  交差検証の予測（{result.n_rows} 件、5 分割、種 0）の正解率と Wilson の 95% 区間")
    print(f"    深さ {a}: {fixed(result.accuracy_a)} {show_interval(result.interval_a)}")
    print(f"    深さ {b}: {fixed(result.accuracy_b)} {show_interval(result.interval_b)}")
    print(
        f"  両方正解 {counts.both}、深さ {a} だけ正解 {counts.only_a}、"
        f"深さ {b} だけ正解 {counts.only_b}、両方不正解 {counts.neither}"
    )
    print(f"  McNemar の正確検定: p = {fixed(result.mcnemar_p)}")
    print(f"  符号の入れ替え（{SIGN_FLIP_RESAMPLES} 回、種 0）: p = {fixed(result.sign_flip_p)}")
    differences = ", ".join(fixed(value) for value in result.seed_differences)
    print(f"  分け方の種 {FOLD_SEEDS[0]}〜{FOLD_SEEDS[-1]} での正解率の差（B − A）: {differences}")
    print(
        f"  素朴な t 区間: 平均 {fixed(result.repeated.mean)} {show_interval(result.repeated)}"
        f" → {verdict(result.repeated)}"
    )
    print(
        f"  重なりを補正した t 区間: {show_interval(result.corrected)}"
        f" → {result.verdict}（基準 {fixed(PRACTICAL_THRESHOLD, 2)}）"
    )


def print_ridge_claim(claim: RidgeClaim) -> None:
    """7. 第 12 章の「リッジ回帰が勝った」。"""
    print(f"7. 第 12 章のリッジ回帰（alpha {claim.alpha}）と線形回帰、テストデータ 30 件")
    difference = claim.ridge_score - claim.linear_score
    print(
        f"  決定係数: 線形回帰 {fixed(claim.linear_score)}、リッジ回帰 {fixed(claim.ridge_score)}"
        f"（差 {fixed(difference)}）"
    )
    print(
        f"  行ごとの二乗誤差: リッジ回帰が小さい {claim.ridge_closer} 件、"
        f"線形回帰が小さい {claim.linear_closer} 件、符号検定 p = {fixed(claim.sign_test_p)}"
    )
    low, high = claim.interval
    print(
        f"  行を選び直した決定係数の差の 95% 区間（{BOOTSTRAP_RESAMPLES} 回、種 {BOOTSTRAP_SEED}）:"
        f" [{fixed(low)}, {fixed(high)}]"
    )


def print_selection_claim(claim: SelectionClaim) -> None:
    """8. 第 12 章の alpha の選び方。"""
    count = len(claim.validation_scores)
    print(f"8. 第 12 章の alpha の選び方: 検証データ 21 件で {count} つの候補から選ぶ")
    print("  alpha  検証 R²  選ばれた回数  テスト R²（選んだあとで見る）")
    for alpha, score in claim.validation_scores.items():
        test = fixed(claim.test_scores[alpha])
        print(f"  {alpha:>5}  {fixed(score)}  {claim.wins[alpha]:>12}  {test}")
    chosen = claim.chosen
    print(
        f"  選んだ alpha {chosen}: 検証 {fixed(claim.validation_scores[chosen])}"
        f" → テスト {fixed(claim.test_scores[chosen])}"
    )


def main() -> None:
    """資料の計算例（1〜5）と、この本のモデルへの当てはめ（6）を表示する。"""
    survived = prepare_survived(Table.load("Survived.csv"))
    print_widths()
    print_coverage()
    print_paired_examples()
    print_five_differences()
    print_selection()
    print_tree_comparison(compare_tree_depths(survived))
    boston = load_boston()
    print_ridge_claim(check_ridge_claim(boston))
    print_selection_claim(check_alpha_selection(boston))
