//! An integer evaluation of Jungle positions, in cp from the side to move's view, built on the
//! source's own analysis (`shared/spec/jungle.md`, `zones-games.md` §3): the den is reached only
//! through the traps; the rat is safest in the water, where it blocks the lion's and tiger's
//! jumps; the three land paths between the pools (files a, d and g, ranks 4-6) decide the game.
//!
//! Each term is White's minus Black's, the sum negated for Black to move:
//!
//! | term | per | weight (cp) |
//! |---|---|---|
//! | material | piece | rat 250, cat 200, dog 300, wolf 400, leopard 500, tiger 600, lion 700, elephant 800 |
//! | den race | piece | `advance` (8) per step it is closer to the enemy den than 14 steps, the steps counted along the piece's own way (around the ponds; through the water for the rat; with the jumps for the lion and tiger, rats ignored): every such way ends through an enemy trap |
//! | at the gate | piece | `near_den[d]` for d = 1, 2, 3 steps from the enemy den: 60, 25, 10 (on an enemy trap, next to one, two away) |
//! | den guard | own piece on an own trap or next to one, at most 3 counted | `guard` (12) |
//! | rat in the water | rat | `rat_in_water` (30) |
//! | path control | piece on a land path square between the pools (a4-a6, d4-d6, g4-g6) | `path` (10) |
//!
//! Everything is table look-ups and popcounts: no search, no distance map at evaluation time.

use crate::animal::Animal;
use crate::geometry::{
    ALL, DEN, FILES, JUMPS, LAND, SQUARES, TRAPS, WATER, bit, neighbours, sq as square,
};
use crate::position::Position;
use zonal_board::Side;

/// The evaluation's weights, cp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of each animal, weakest (rat) first.
    pub material: [i32; 8],
    /// Per step closer to the enemy den (counted along the piece's own way), per piece.
    pub advance: i32,
    /// Bonus for a piece 1, 2 or 3 steps from the enemy den (index 0 = 1 step).
    pub near_den: [i32; 3],
    /// An own piece on or next to an own trap (at most three counted).
    pub guard: i32,
    /// A rat standing in water.
    pub rat_in_water: i32,
    /// A piece on one of the three land paths between the pools.
    pub path: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            material: [250, 200, 300, 400, 500, 600, 700, 800],
            advance: 8,
            near_den: [60, 25, 10],
            guard: 12,
            rat_in_water: 30,
            path: 10,
        }
    }
}

/// The Manhattan distance between two squares of the 7x9 board.
pub const fn distance(a: u8, b: u8) -> u32 {
    let (fa, ra) = (a % 7, a / 7);
    let (fb, rb) = (b % 7, b / 7);
    fa.abs_diff(fb) as u32 + ra.abs_diff(rb) as u32
}

/// How a kind of animal goes: 0 on land, 1 the rat (land and water), 2 the jumpers.
const fn kind(animal: Animal) -> usize {
    match animal {
        Animal::Rat => 1,
        Animal::Lion | Animal::Tiger => 2,
        _ => 0,
    }
}

/// Steps from every square to the den `den` (0 = d1, 1 = d9) for each kind of animal, on the
/// empty board (the other den never entered); 99 where there is no way.
const fn den_distances() -> [[[u8; SQUARES as usize]; 2]; 3] {
    let mut t = [[[99u8; SQUARES as usize]; 2]; 3];
    let mut k = 0;
    while k < 3 {
        let mut d = 0;
        while d < 2 {
            let target = DEN[d];
            let forbidden = DEN[1 - d];
            let allowed = if k == 1 { ALL } else { LAND } & !forbidden;
            t[k][d][target.trailing_zeros() as usize] = 0;
            let mut frontier = target;
            let mut reached = target;
            let mut step = 1u8;
            while frontier != 0 {
                // Squares from which one move reaches the frontier (moves are symmetric).
                let mut next = neighbours(frontier);
                if k == 2 {
                    let mut s = 0;
                    while s < SQUARES as usize {
                        if frontier & bit(s as u8) != 0 {
                            let mut j = 0;
                            while j < 2 {
                                if JUMPS[s][j].over != 0 {
                                    next |= bit(JUMPS[s][j].to);
                                }
                                j += 1;
                            }
                        }
                        s += 1;
                    }
                }
                next &= allowed & !reached;
                let mut s = 0;
                while s < SQUARES as usize {
                    if next & bit(s as u8) != 0 {
                        t[k][d][s] = step;
                    }
                    s += 1;
                }
                reached |= next;
                frontier = next;
                step += 1;
            }
            d += 1;
        }
        k += 1;
    }
    t
}

/// [`den_distances`], computed at compile time.
const DEN_DISTANCE: [[[u8; SQUARES as usize]; 2]; 3] = den_distances();

/// Steps `side`'s `animal` standing on `sq` needs to the enemy den on the empty board.
pub fn den_distance(side: Side, animal: Animal, sq: u8) -> u32 {
    u32::from(DEN_DISTANCE[kind(animal)][1 - side as usize][sq as usize])
}

/// The land paths between the pools: a4-a6, d4-d6, g4-g6.
pub const PATHS: u64 = {
    let mut m = 0;
    let mut r = 3;
    while r < 6 {
        m |= bit(square(0, r)) | bit(square(3, r)) | bit(square(FILES - 1, r));
        r += 1;
    }
    m
};

/// `side`'s own traps and their neighbours (its den excluded).
const fn guard_squares(side: Side) -> u64 {
    let traps = TRAPS[side as usize];
    (traps | neighbours(traps)) & !DEN[side as usize]
}

/// The names of the table's terms, in the order of [`side_terms`].
pub const TERMS: [&str; 6] = [
    "material",
    "den race",
    "at the gate",
    "den guard",
    "rat in the water",
    "path control",
];

/// `side`'s pieces' share of each term of the table, in the order of [`TERMS`].
pub fn side_terms(pos: &Position, side: Side, w: &Weights) -> [i32; 6] {
    let mut t = [0; 6];
    for animal in Animal::ALL {
        let set = pos.pieces(side, animal);
        if set == 0 {
            continue;
        }
        let sq = set.trailing_zeros() as u8;
        t[0] += w.material[animal as usize];
        let d = den_distance(side, animal, sq).min(14) as i32;
        t[1] += w.advance * (14 - d);
        if (1..=3).contains(&d) {
            t[2] += w.near_den[d as usize - 1];
        }
        if set & WATER != 0 {
            t[4] += w.rat_in_water;
        }
    }
    let own = pos.occupied(side);
    t[3] = w.guard * (own & guard_squares(side)).count_ones().min(3) as i32;
    t[5] = w.path * (own & PATHS).count_ones() as i32;
    t
}

/// The evaluation of `side`'s pieces alone (every term of the table).
pub fn side_score(pos: &Position, side: Side, w: &Weights) -> i32 {
    side_terms(pos, side, w).iter().sum()
}

/// Each term of the table for the side to move (its share less the other side's), named; they
/// add up to [`evaluate`].
pub fn terms(pos: &Position, w: &Weights) -> Vec<(&'static str, i32)> {
    let us = pos.side_to_move();
    let (mine, theirs) = (side_terms(pos, us, w), side_terms(pos, us.other(), w));
    TERMS
        .iter()
        .zip(mine.iter().zip(theirs))
        .map(|(&name, (a, b))| (name, a - b))
        .collect()
}

/// The evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us, w) - side_score(pos, us.other(), w)
}

/// The number of features of the fitted evaluation ([`FEATURES`]).
pub const N_FEATURES: usize = 28;

/// The fitted evaluation's features, White's less Black's: the table's terms first (each
/// animal's count, so [`hand_weights`] is a point of the same model), then the tempo, what a
/// piece left en prise costs, the strong animals' race to the den and the den's defenders; last
/// the projection's quantities ([`zonal_core::zone::FEATURES`], at [`ZONE_HORIZON`]).
pub const FEATURES: [&str; N_FEATURES] = zonal_core::linear::join(OWN, zonal_core::zone::FEATURES);

/// The game's own features, before the projection's.
const OWN: [&str; ZONES] = [
    "rat",
    "cat",
    "dog",
    "wolf",
    "leopard",
    "tiger",
    "lion",
    "elephant",
    "advance",
    "at_the_gate_1",
    "at_the_gate_2",
    "at_the_gate_3",
    "guard",
    "rat_in_water",
    "path",
    "tempo",
    "en_prise",
    "strong_advance",
    "den_defenders",
    "rat_vs_elephant",
    "trapped",
];

/// The index of the first of the projection's features in [`FEATURES`].
const ZONES: usize = 21;

/// The horizon of the projection behind the zone features (the core's).
pub use zonal_core::zone::FEATURE_HORIZON as ZONE_HORIZON;

/// The table's weights as weights of [`FEATURES`] (zero for the features it lacks).
pub fn hand_weights(w: &Weights) -> [i32; N_FEATURES] {
    let mut out = [0; N_FEATURES];
    out[..8].copy_from_slice(&w.material);
    out[8] = w.advance;
    out[9..12].copy_from_slice(&w.near_den);
    out[12] = w.guard;
    out[13] = w.rat_in_water;
    out[14] = w.path;
    out
}

/// `side`'s share of the features that are sums over its pieces.
fn side_features(pos: &Position, side: Side, out: &mut [i32; N_FEATURES], sign: i32) {
    for animal in Animal::ALL {
        let set = pos.pieces(side, animal);
        if set == 0 {
            continue;
        }
        let sq = set.trailing_zeros() as u8;
        out[animal as usize] += sign;
        let d = den_distance(side, animal, sq).min(14) as i32;
        out[8] += sign * (14 - d);
        if (1..=3).contains(&d) {
            out[8 + d as usize] += sign;
        }
        if set & WATER != 0 {
            out[13] += sign;
        }
        if matches!(animal, Animal::Lion | Animal::Tiger | Animal::Elephant) {
            out[17] += sign * (14 - d);
        }
        // On an enemy trap, a piece has no rank left.
        if set & TRAPS[1 - side as usize] != 0 {
            out[20] += sign;
        }
    }
    let own = pos.occupied(side);
    out[12] += sign * (own & guard_squares(side)).count_ones().min(3) as i32;
    out[14] += sign * (own & PATHS).count_ones() as i32;
    let near_own_den = neighbours(neighbours(DEN[side as usize]) | DEN[side as usize]);
    out[18] += sign * (own & near_own_den).count_ones() as i32;
    let enemy_elephant = pos.pieces(side.other(), Animal::Elephant) != 0;
    out[19] += sign * i32::from(pos.pieces(side, Animal::Rat) != 0 && enemy_elephant);
}

/// The index of `en_prise` in [`FEATURES`], the one feature that generates moves.
const EN_PRISE: usize = 16;

/// The features of [`FEATURES`] for White.
pub fn features(pos: &Position) -> [i32; N_FEATURES] {
    features_with(pos, true, true)
}

/// [`features`], with `en_prise` left at 0 unless `en_prise` (it costs a move generation) and
/// the zone features unless `zones` (they cost a projection): an evaluation that gives them no
/// weight skips them.
fn features_with(pos: &Position, en_prise: bool, zones: bool) -> [i32; N_FEATURES] {
    let mut out = [0; N_FEATURES];
    side_features(pos, Side::White, &mut out, 1);
    side_features(pos, Side::Black, &mut out, -1);
    let us = pos.side_to_move();
    let sign = if us == Side::White { 1 } else { -1 };
    out[15] = sign;
    if zones {
        out[ZONES..].copy_from_slice(&crate::zones::project(pos, ZONE_HORIZON).features());
    }
    if !en_prise {
        return out;
    }
    // The side to move's pieces the other side could take were it to move, in hundreds of cp
    // of the table's material (each victim once).
    let them = pos.with_side_to_move(us.other());
    let mut victims = 0u64;
    for mv in them.legal_moves() {
        if them.is_capture(mv) {
            victims |= bit(mv.to());
        }
    }
    let material = Weights::default().material;
    let mut value = 0;
    for sq in 0..SQUARES as u8 {
        if victims & bit(sq) != 0
            && let Some((_, animal)) = pos.piece_at(sq)
        {
            value += material[animal as usize] / 100;
        }
    }
    out[EN_PRISE] = sign * value;
    out
}

/// Weights of [`FEATURES`] fitted to game results (`zonal fit`).
pub type Fitted = zonal_core::linear::Linear<N_FEATURES>;

/// The shipped weights file.
pub const SHIPPED: &str = include_str!("../weights/jungle.txt");

/// The weights shipped in `crates/jungle/weights/jungle.txt`, if fitted.
pub fn shipped() -> Option<Fitted> {
    static FILE: std::sync::OnceLock<Option<Fitted>> = std::sync::OnceLock::new();
    *FILE.get_or_init(|| Fitted::shipped(SHIPPED, &FEATURES))
}

/// The fitted evaluation's terms for the side to move, cp, named: each feature's part that
/// counts, and the network's if the fit has one ([`zonal_core::linear::Linear::named_terms`]).
pub fn fitted_terms(pos: &Position, fitted: &Fitted) -> Vec<(&'static str, i32)> {
    fitted.named_terms(&FEATURES, &features(pos), pos.side_to_move() == Side::White)
}

/// The fitted evaluation for the side to move, cp.
pub fn evaluate_fitted(pos: &Position, fitted: &Fitted) -> i32 {
    let zones = fitted.weights[ZONES..].iter().any(|&w| w != 0);
    let s = fitted.value(&features_with(pos, fitted.weights[EN_PRISE] != 0, zones));
    if pos.side_to_move() == Side::White {
        s
    } else {
        -s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::SHAPE;

    #[test]
    fn the_terms_add_up_to_the_evaluation_along_random_games() {
        let w = Weights::default();
        let mut rng = zonal_core::rng::Rng::new(5);
        let mut checked = 0;
        for _ in 0..20 {
            let mut pos = Position::startpos();
            for _ in 0..150 {
                let named = terms(&pos, &w);
                assert_eq!(named.len(), TERMS.len());
                let sum: i32 = named.iter().map(|&(_, v)| v).sum();
                assert_eq!(sum, evaluate(&pos, &w), "{pos}");
                checked += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.is_over() {
                    break;
                }
                pos = pos.play(&moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 1000, "{checked} positions");
        // The start is symmetric: every term is 0 for the side to move.
        assert!(
            terms(&Position::startpos(), &w)
                .iter()
                .all(|&(_, v)| v == 0)
        );
    }

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
                let moves = p.legal_moves();
                (!moves.is_empty() && !p.is_over()).then(|| p.play(&moves[rng.below(moves.len())]))
            },
            |p| features(p).to_vec(),
            |p| features_with(p, true, false).to_vec(),
            |p| crate::zones::project(p, ZONE_HORIZON).features().to_vec(),
        )
        .unwrap();
    }

    fn at(name: &str) -> u8 {
        SHAPE.parse_square(name).unwrap() as u8
    }

    #[test]
    fn den_distances_go_around_the_ponds_and_through_the_traps() {
        // A white dog on b3 goes round the pond by the d path: b3-c3-d3-d4-...-d8-d9, 8 steps.
        assert_eq!(den_distance(Side::White, Animal::Dog, at("b3")), 8);
        // The rat swims straight up: b3-b4-...-b8-c8-d8-d9 (d8 a trap), 8 steps.
        assert_eq!(den_distance(Side::White, Animal::Rat, at("b3")), 8);
        // The lion jumps b3-b7, then b8-c8-d8-d9 or b7-c7-d7-d8-d9: 5 moves.
        assert_eq!(den_distance(Side::White, Animal::Lion, at("b3")), 5);
        // Every trap is one step away; Black's den is 0 for White.
        for trap in ["c9", "e9", "d8"] {
            assert_eq!(den_distance(Side::White, Animal::Cat, at(trap)), 1);
        }
        assert_eq!(den_distance(Side::Black, Animal::Elephant, at("d2")), 1);
        assert_eq!(PATHS.count_ones(), 9);
        assert_eq!(guard_squares(Side::White).count_ones(), 8);
    }

    #[test]
    fn the_start_is_balanced_and_terms_add_up() {
        let w = Weights::default();
        assert_eq!(evaluate(&Position::startpos(), &w), 0);
        // A lone white rat on c5 (water): 250 + 8 * (14 - 5) + 30 = 352 (c5-c6-c7-c8-d8-d9);
        // the black cat on a9: 200 + 8 * (14 - 11) = 224 (a9 to d1 round the ponds by a or d).
        let pos: Position = "c6/7/7/7/2R4/7/7/7/7 w".parse().unwrap();
        assert_eq!(side_score(&pos, Side::White, &w), 352);
        assert_eq!(side_score(&pos, Side::Black, &w), 224);
        assert_eq!(evaluate(&pos, &w), 128);
        let pos: Position = "c6/7/7/7/2R4/7/7/7/7 b".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), -128);
        assert_eq!(distance(0, 62), 14);
        // A white wolf on d8 (an enemy trap, 1 step): 400 + 8 * 13 + 60; on d5 (a path, 4
        // steps): 400 + 8 * 10 + 10; on c2 (next to its own traps c1 and d2, 8 steps by c3-d3):
        // 400 + 8 * 6 + 12.
        let wolf = |text: &str| {
            let pos: Position = text.parse().unwrap();
            side_score(&pos, Side::White, &w)
        };
        assert_eq!(wolf("c6/3W3/7/7/7/7/7/7/7 w"), 400 + 8 * 13 + 60);
        assert_eq!(wolf("c6/7/7/7/3W3/7/7/7/7 w"), 400 + 8 * 10 + 10);
        assert_eq!(wolf("c6/7/7/7/7/7/7/2W4/7 w"), 400 + 8 * 6 + 12);
    }

    #[test]
    fn the_hand_weights_over_the_features_are_the_table() {
        // A second opinion on the features: weighted by the table they give its evaluation
        // along random games; the weights file shipped reads.
        let w = Weights::default();
        let hand = Fitted {
            weights: hand_weights(&w),
            hidden: None,
        };
        let mut rng = zonal_core::rng::Rng::new(9);
        let mut checked = 0;
        for _ in 0..20 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                let fitted = evaluate_fitted(&pos, &hand);
                assert_eq!(fitted, evaluate(&pos, &w), "{pos}");
                assert_eq!(
                    fitted_terms(&pos, &hand).iter().map(|t| t.1).sum::<i32>(),
                    fitted
                );
                checked += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.decided().is_some() {
                    break;
                }
                pos = pos.play(&moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 1000, "{checked}");
        if !zonal_core::linear::is_empty(SHIPPED) {
            assert_eq!(shipped(), Some(Fitted::parse(SHIPPED, &FEATURES).unwrap()));
        }
    }

    #[test]
    fn en_prise_counts_what_the_other_side_can_take() {
        // The start: nothing en prise, every side's share equal, White to move.
        let start = Position::startpos();
        let f = features(&start);
        assert_eq!(f[16], 0);
        assert_eq!(f[15], 1);
        assert_eq!(f[..15], [0; 15]);
        assert_eq!(f[17..ZONES], [0; 4]);
    }
}
