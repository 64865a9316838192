//! The evaluation fitted to game results (`zonal fit`): the hand-set table's terms
//! ([`Weights`]) and more of what the source names (docs/proryv.md §8), as
//! features for White with a whole-cp weight each.

use crate::geometry::{KING, distance};
use crate::measures::{attacked_by, degree_of_freedom};
use crate::position::Position;
use zonal_board::Side;

/// The evaluation's weights, cp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A King step of the race (the opponent's distance to its target minus one's own).
    pub race: i32,
    /// A rook on the board or in hand.
    pub rook: i32,
    /// A square of degree of freedom (D16), counted only when both Kings are equally far from
    /// their targets, as the source says.
    pub freedom: i32,
    /// Being the side to move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            race: 100,
            rook: 40,
            freedom: 6,
            tempo: 20,
        }
    }
}

/// The number of features ([`FEATURES`]).
pub const N_FEATURES: usize = 18;

/// The features' names, White's less Black's: the table's four first (so [`hand_weights`]
/// is a point of the same model), then the degree of freedom at any distances, the rooks in
/// hand, the King at one and at two steps from its target, the rooks' hold on the squares
/// around the enemy King, the lead in the race as a sign, and each King's squares on its way
/// that enemy rooks attack; last the projection's quantities ([`zonal_core::zone::FEATURES`], at
/// [`ZONE_HORIZON`]).
pub const FEATURES: [&str; N_FEATURES] = zonal_core::linear::join(OWN, zonal_core::zone::FEATURES);

/// The game's own features, before the projection's.
const OWN: [&str; ZONES] = [
    "race",
    "rook",
    "freedom",
    "tempo",
    "freedom_any",
    "rook_in_hand",
    "king_at_1",
    "king_at_2",
    "rooks_at_enemy_king",
    "race_lead",
    "way_attacked",
];

/// The index of the first of the projection's features in [`FEATURES`].
const ZONES: usize = 11;

/// The horizon of the projection behind the zone features (the core's).
pub use zonal_core::zone::FEATURE_HORIZON as ZONE_HORIZON;

/// The table's weights as weights of [`FEATURES`].
pub fn hand_weights(w: &Weights) -> [i32; N_FEATURES] {
    let mut out = [0; N_FEATURES];
    out[..4].copy_from_slice(&[w.race, w.rook, w.freedom, w.tempo]);
    out
}

/// The squares between `king` and its target that lie no farther from the target than the
/// King, inside the rectangle they span (the King's way).
fn way(king: u8, target: u8) -> u64 {
    let (kf, kr, tf, tr) = (king % 8, king / 8, target % 8, target / 8);
    let mut out = 0;
    for r in kr.min(tr)..=kr.max(tr) {
        for f in kf.min(tf)..=kf.max(tf) {
            out |= 1u64 << (r * 8 + f);
        }
    }
    out & !(1u64 << king)
}

/// The features of `pos` for White.
pub fn features(pos: &Position) -> [i32; N_FEATURES] {
    features_with(pos, true)
}

/// [`features`], with the zone features left at 0 unless `zones` (they cost a projection: an
/// evaluation that gives them no weight skips them).
pub fn features_with(pos: &Position, zones: bool) -> [i32; N_FEATURES] {
    let mut d = [0i32; 2];
    let mut free = [0i32; 2];
    let mut rooks = [0i32; 2];
    let mut hand = [0i32; 2];
    let mut at_king = [0i32; 2];
    let mut way_hit = [0i32; 2];
    let attacked = [attacked_by(pos, Side::White), attacked_by(pos, Side::Black)];
    for side in [Side::White, Side::Black] {
        let i = side as usize;
        let king = pos.king(side);
        let target = Position::target(side);
        d[i] = distance(king, target) as i32;
        free[i] = degree_of_freedom(pos, side) as i32;
        hand[i] = i32::from(pos.hand(side));
        rooks[i] = pos.rooks(side).count_ones() as i32 + hand[i];
        let enemy_king = pos.king(side.other());
        at_king[i] = (KING[enemy_king as usize] & attacked[i]).count_ones() as i32;
        way_hit[i] = (way(king, target) & attacked[1 - i]).count_ones() as i32;
    }
    let at = |n: i32| i32::from(d[0] == n) - i32::from(d[1] == n);
    let projected = if zones {
        crate::zones::project(pos, ZONE_HORIZON).features()
    } else {
        [0; zonal_core::zone::FEATURES.len()]
    };
    let mut out = [0; N_FEATURES];
    out[ZONES..].copy_from_slice(&projected);
    out[..ZONES].copy_from_slice(&[
        d[1] - d[0],
        rooks[0] - rooks[1],
        if d[0] == d[1] { free[0] - free[1] } else { 0 },
        if pos.side_to_move() == Side::White {
            1
        } else {
            -1
        },
        free[0] - free[1],
        hand[0] - hand[1],
        at(1),
        at(2),
        at_king[0] - at_king[1],
        (d[1] - d[0]).signum(),
        way_hit[0] - way_hit[1],
    ]);
    out
}

/// The fitted evaluation of `pos` for White, cp (the zone features computed only when weighted).
pub fn fitted_value(pos: &Position, fitted: &Fitted) -> i32 {
    let zones = fitted.weights[ZONES..].iter().any(|&w| w != 0);
    fitted.value(&features_with(pos, zones))
}

/// Weights of [`FEATURES`] fitted to game results.
pub type Fitted = zonal_core::linear::Linear<N_FEATURES>;

/// The shipped weights file.
pub const SHIPPED: &str = include_str!("../weights/proryv.txt");

/// The weights shipped in `crates/proryv/weights/proryv.txt`, if fitted.
pub fn shipped() -> Option<Fitted> {
    static FILE: std::sync::OnceLock<Option<Fitted>> = std::sync::OnceLock::new();
    *FILE.get_or_init(|| Fitted::shipped(SHIPPED, &FEATURES))
}

/// The fitted evaluation's terms for the side to move, cp, named: each feature's part that
/// counts, and the network's if the fit has one ([`zonal_core::linear::Linear::named_terms`]).
pub fn fitted_terms(pos: &Position, fitted: &Fitted) -> Vec<(&'static str, i32)> {
    fitted.named_terms(&FEATURES, &features(pos), pos.side_to_move() == Side::White)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_zone_features_are_the_cores_and_cost_nothing_unweighted() {
        assert_eq!(FEATURES[..ZONES], OWN);
        assert_eq!(FEATURES[ZONES..], zonal_core::zone::FEATURES);
        // Along a random game: the projection's columns are its features, an evaluation that
        // does not weigh them leaves them at 0 and the rest unchanged.
        zonal_testkit::zones::zone_feature_columns(
            Position::startpos(),
            ZONES,
            |p, rng| {
                let moves = p.legal_plies();
                (!moves.is_empty() && !p.is_over()).then(|| p.play(&moves[rng.below(moves.len())]))
            },
            |p| features(p).to_vec(),
            |p| features_with(p, false).to_vec(),
            |p| crate::zones::project(p, ZONE_HORIZON).features().to_vec(),
        )
        .unwrap();
    }
}
