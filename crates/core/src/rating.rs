//! Match statistics of any game: the mean score of wins, draws and losses, the Elo difference
//! with its 95% interval (normal approximation of the trinomial), and the sequential
//! probability ratio test.

/// z of the two-sided 95% interval.
const Z95: f64 = 1.959_963_985;

/// Mean score per game, 0 to 1 (0.5 without games).
pub fn score(wins: u64, draws: u64, losses: u64) -> f64 {
    let n = wins + draws + losses;
    if n == 0 {
        0.5
    } else {
        (wins as f64 + draws as f64 / 2.0) / n as f64
    }
}

/// The Elo difference of a mean score (logistic model): ±infinity at 1 and 0.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns the -0.0 of an even score into 0.0.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

/// The mean score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Variance of one game's score (trinomial: 1, ½, 0), from the results.
pub fn score_variance(wins: u64, draws: u64, losses: u64) -> f64 {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return 0.0;
    }
    let s = score(wins, draws, losses);
    (wins as f64 * (1.0 - s).powi(2) + draws as f64 * (0.5 - s).powi(2) + losses as f64 * s * s) / n
}

/// The Elo difference and its 95% interval `(elo, low, high)`, from the per-game score
/// variance (normal approximation); infinite where the score or a bound reaches 0 or 1.
pub fn elo_interval(wins: u64, draws: u64, losses: u64) -> (f64, f64, f64) {
    let n = (wins + draws + losses) as f64;
    let s = score(wins, draws, losses);
    let half = if n == 0.0 {
        0.5
    } else {
        Z95 * (score_variance(wins, draws, losses) / n).sqrt()
    };
    (
        elo_from_score(s),
        elo_from_score(s - half),
        elo_from_score(s + half),
    )
}

/// Log-likelihood ratio of the SPRT of H1 (`elo1`) against H0 (`elo0`), by the normal
/// approximation of the trinomial (generalized SPRT): `n (s1 - s0)(2 s - s0 - s1) / (2 var)`.
/// 0 while the variance is 0 (no games, or all alike).
pub fn sprt_llr(wins: u64, draws: u64, losses: u64, elo0: f64, elo1: f64) -> f64 {
    let n = (wins + draws + losses) as f64;
    let var = score_variance(wins, draws, losses);
    if n == 0.0 || var <= 0.0 {
        return 0.0;
    }
    let s = score(wins, draws, losses);
    let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
    n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
}

/// The SPRT's bounds `(lower, upper)`: H0 is accepted at or below `lower`, H1 at or above
/// `upper`.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}
