//! The integer evaluation (cp), computed for the defenders and negated for the attackers. It is
//! cheap (slides and popcounts, no projection): the zones' ideas in their simplest form.
//!
//! | term | weight (default) | sign | idea |
//! |---|---|---|---|
//! | attacker on the board | 100 each | - | material |
//! | defender soldier on the board | 200 each | + | material (half as many as attackers) |
//! | corner the king reaches in 1 move (free line) | 300 each | + | the king's free trajectories |
//! | ... of those, no attacker can close the line in one move | 500 each | + | no negation in time |
//! | corner the king reaches in 2 moves, not in 1 | 40 each | + | the king's free trajectories |
//! | attacker next to the king | 40 each | - | the fight at the king (attackers' numbers tell) |
//! | attacker two steps from the king (not next to him) | 10 each | - | forcing the fight near the king |
//! | squares the king can move to | 3 each | + | the defenders cannot play passively |
//! | side to move | 10 | + | tempo |
//!
//! "Close the line in time": an attacker that reaches, in one slide, a square the king's line to
//! that corner passes over (the king's escape zone of length 1 and its first negations by
//! blockade, zones.md §3). Corners in 2 are counted with the king's two-slide reach through empty
//! squares, the attackers not replying.

use crate::geometry::Geometry;
use crate::position::{DEFENDERS, Position};
use crate::zones::between;
use zonal_board::Side;

/// The evaluation's weights, cp.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// An attacker on the board (counts for the attackers).
    pub attacker: i32,
    /// A defender soldier on the board (counts for the defenders; they have half as many).
    pub defender: i32,
    /// Each corner the king reaches in one move.
    pub corner_in_1: i32,
    /// Each corner the king reaches in one move that no attacker can close in one move.
    pub corner_unstoppable: i32,
    /// Each corner the king reaches in two moves but not in one.
    pub corner_in_2: i32,
    /// Each attacker next to the king (counts for the attackers).
    pub attacker_next_to_king: i32,
    /// Each attacker two steps from the king (counts for the attackers).
    pub attacker_near_king: i32,
    /// Each square the king can move to.
    pub king_mobility: i32,
    /// Being the side to move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            attacker: 100,
            defender: 200,
            corner_in_1: 300,
            corner_unstoppable: 500,
            corner_in_2: 40,
            attacker_next_to_king: 40,
            attacker_near_king: 10,
            king_mobility: 3,
            tempo: 10,
        }
    }
}

/// The number of king moves (rook moves through empty squares, the attackers not replying) from
/// the king's square to the nearest corner, if it is at most `limit`.
pub fn king_corner_distance(pos: &Position, limit: u32) -> Option<u32> {
    let g = Geometry::of(pos.rules().size());
    let occ = pos.occupied() & !(1u128 << pos.king());
    let mut seen = 1u128 << pos.king();
    let mut frontier = seen;
    for d in 1..=limit {
        let next = g.reach_of(frontier, occ);
        if next & g.corners != 0 {
            return Some(d);
        }
        // Only squares a king can stop on continue (corners ended above).
        frontier = next & !seen;
        seen |= next;
        if frontier == 0 {
            return None;
        }
    }
    None
}

/// The king's free paths: the corners he reaches in one move, how many of those no attacker can
/// close in one move, and the corners he reaches in two moves but not in one.
pub fn king_paths(pos: &Position) -> (u32, u32, u32) {
    let g = Geometry::of(pos.rules().size());
    let k = pos.king();
    let occ = pos.occupied() & !(1u128 << k);
    let reach = g.slides(k, occ);
    let in_1 = reach & g.corners;
    let mut unstoppable = 0;
    if in_1 != 0 {
        // The attackers' one-slide reach (soldiers never stop on a corner; the lines between
        // the king and a corner are ordinary squares).
        let closing = g.reach_of(pos.attackers(), pos.occupied());
        for c in crate::squares(in_1) {
            if between(g, k, c) & closing == 0 {
                unstoppable += 1;
            }
        }
    }
    let two = g.reach_of(reach & !g.corners, occ);
    let in_2 = two & g.corners & !in_1;
    (in_1.count_ones(), unstoppable, in_2.count_ones())
}

/// The names of the terms of [`defender_terms`].
pub const TERMS: [&str; 4] = [
    "material",
    "the king's corners",
    "attackers at the king",
    "the king's mobility",
];

/// Each term of the table for the defenders, cp, in the order of [`TERMS`] (the attackers'
/// pressure counted against them).
pub fn defender_terms(pos: &Position, w: &Weights) -> [i32; 4] {
    let g = Geometry::of(pos.rules().size());
    let material = w.defender * pos.defenders().count_ones() as i32
        - w.attacker * pos.attackers().count_ones() as i32;
    let (in_1, unstoppable, in_2) = king_paths(pos);
    let corners = w.corner_in_1 * in_1 as i32
        + w.corner_unstoppable * unstoppable as i32
        + w.corner_in_2 * in_2 as i32;
    let kb = 1u128 << pos.king();
    let next = g.spread(kb);
    let near = g.spread(next) & !next & !kb;
    let pressure = w.attacker_next_to_king * (next & pos.attackers()).count_ones() as i32
        + w.attacker_near_king * (near & pos.attackers()).count_ones() as i32;
    let mobility = w.king_mobility * g.slides(pos.king(), pos.occupied() & !kb).count_ones() as i32;
    [material, corners, -pressure, mobility]
}

/// The evaluation for the defenders, cp.
pub fn for_defenders(pos: &Position, w: &Weights) -> i32 {
    defender_terms(pos, w).iter().sum()
}

/// Each term for the side to move, named, with the tempo last; they add up to [`evaluate`].
pub fn terms(pos: &Position, w: &Weights) -> Vec<(&'static str, i32)> {
    let sign = if pos.side_to_move() == DEFENDERS {
        1
    } else {
        -1
    };
    let mut named: Vec<(&'static str, i32)> = TERMS
        .iter()
        .zip(defender_terms(pos, w))
        .map(|(&name, v)| (name, sign * v))
        .collect();
    named.push(("tempo", w.tempo));
    named
}

/// The evaluation for the side to move, cp.
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let s = for_defenders(pos, w);
    w.tempo
        + if pos.side_to_move() == DEFENDERS {
            s
        } else {
            -s
        }
}

/// The number of features of the fitted evaluation ([`FEATURES`]).
pub const N_FEATURES: usize = 28;

/// The fitted evaluation's features, for the defenders: the first nine are the hand-set
/// table's terms (so [`hand_weights`] is a point of the same model), the rest are what the
/// game's texts name (the king's region and the edge, the fight at the corners, the pieces'
/// freedom) and the zones of length one (captures each side threatens in one move); last the
/// projection's quantities ([`zonal_core::zone::FEATURES`] at [`ZONE_HORIZON`], turned to the
/// defenders' view).
pub const FEATURES: [&str; N_FEATURES] = zonal_core::linear::join(OWN, zonal_core::zone::FEATURES);

/// The game's own features, before the projection's.
const OWN: [&str; ZONES] = [
    "attacker",
    "defender",
    "corner_in_1",
    "corner_unstoppable",
    "corner_within_2",
    "attacker_next_to_king",
    "attacker_near_king",
    "king_mobility",
    "tempo",
    "corner_within_3",
    "king_on_edge",
    "king_edge_lines",
    "defender_next_to_king",
    "attacker_next_to_corner",
    "attacker_corner_guard",
    "attacker_mobility",
    "defender_mobility",
    "attacker_threats",
    "defender_threats",
    "king_region",
    "attacker_on_edge",
];

/// The index of the first of the projection's features in [`FEATURES`].
const ZONES: usize = 21;

/// The horizon of the projection behind the zone features (the core's).
pub use zonal_core::zone::FEATURE_HORIZON as ZONE_HORIZON;

/// The hand-set weights as weights of [`FEATURES`] (zero for the features the table lacks).
pub fn hand_weights(w: &Weights) -> [i32; N_FEATURES] {
    let mut out = [0; N_FEATURES];
    // The table's corner in 2 excludes the corners in 1; the feature counts them too.
    out[..9].copy_from_slice(&[
        -w.attacker,
        w.defender,
        w.corner_in_1 - w.corner_in_2,
        w.corner_unstoppable,
        w.corner_in_2,
        -w.attacker_next_to_king,
        -w.attacker_near_king,
        w.king_mobility,
        w.tempo,
    ]);
    out
}

/// Soldiers of `victims` that a piece of `movers` (hostile squares `hostile`) can capture
/// custodially in one move: an arrival square next to the soldier, reached in one slide, with
/// a hostile square on the soldier's other side (attack zones of length one on soldiers).
/// Counted for all soldiers at once: a soldier is taken between its north and south
/// neighbours, or its east and west ones.
fn threatened(g: &Geometry, occ: u128, reach: u128, victims: u128, hostile: u128) -> u32 {
    use crate::geometry::{EAST, NORTH, SOUTH, WEST};
    let arrive = reach & !occ;
    // A soldier whose north neighbour is hostile and south one an arrival (the hostile set
    // moved south, the arrivals north, meet on it), and so on.
    let hit = [(SOUTH, NORTH), (NORTH, SOUTH), (WEST, EAST), (EAST, WEST)]
        .iter()
        .fold(0, |hit, &(d, back)| {
            hit | (g.shift(hostile, d) & g.shift(arrive, back))
        });
    (victims & hit).count_ones()
}

/// The features of [`FEATURES`] for the defenders.
pub fn features(pos: &Position) -> [i32; N_FEATURES] {
    features_with(pos, true)
}

/// [`features`], with the zone features left at 0 unless `zones` (they cost a projection: an
/// evaluation that gives them no weight skips them).
pub fn features_with(pos: &Position, zones: bool) -> [i32; N_FEATURES] {
    let g = Geometry::of(pos.rules().size());
    let k = pos.king();
    let kb = 1u128 << k;
    let occ = pos.occupied();
    let (att, def) = (pos.attackers(), pos.defenders());
    let (in_1, unstoppable, in_2) = king_paths(pos);
    // Cumulative: a corner within two moves counts for in 2 as well as in 1, a king within
    // three moves of a corner for in 3, so a closer corner never weighs less.
    let within_2 = in_1 + in_2;
    let in_3 = u32::from(within_2 > 0 || king_corner_distance(pos, 3).is_some());
    let next = g.spread(kb);
    let near = g.spread(next) & !next & !kb;
    let king_moves = g.slides(k, occ & !kb);
    // The edge squares the king's four lines reach without a piece between.
    let edge_lines = (king_moves & g.edge & !g.corners).count_ones();
    let next_to_corner = g.next_to_corner;
    // The squares two steps from a corner (a3, b2, c1 for a1): the attackers' seal of it.
    let corner_guard = g.spread(next_to_corner) & !next_to_corner & !g.corners;
    let empty_throne = g.throne & !occ;
    // The soldiers' landings: never a corner or the throne.
    let land = g.all & !g.corners & !g.throne;
    let (att_reach, att_mob) = g.slides_of(att, occ, land);
    let (att_reach, att_mob) = (att_reach & land, att_mob as i32);
    let (def_reach, def_mob) = g.slides_of(def, occ, land);
    let (def_reach, def_mob) = (king_moves | (def_reach & land), def_mob as i32);
    let att_threats = threatened(g, occ, att_reach, def, att | g.corners | empty_throne);
    let def_threats = threatened(g, occ, def_reach, att, def | kb | g.corners | empty_throne);
    // The king's region: the squares he and his soldiers hold, bounded by attackers.
    let region = g.flood(kb, g.all & !att).count_ones() as i32;
    let tempo = if pos.side_to_move() == DEFENDERS {
        1
    } else {
        -1
    };
    let mut out = [0; N_FEATURES];
    if zones {
        let projected = crate::zones::project(pos, ZONE_HORIZON).features();
        let sign = if DEFENDERS == Side::White { 1 } else { -1 };
        for (o, p) in out[ZONES..].iter_mut().zip(projected) {
            *o = sign * p;
        }
    }
    out[..ZONES].copy_from_slice(&[
        att.count_ones() as i32,
        def.count_ones() as i32,
        in_1 as i32,
        unstoppable as i32,
        within_2 as i32,
        (next & att).count_ones() as i32,
        (near & att).count_ones() as i32,
        king_moves.count_ones() as i32,
        tempo,
        in_3 as i32,
        i32::from(kb & g.edge != 0),
        edge_lines as i32,
        (next & def).count_ones() as i32,
        (next_to_corner & att).count_ones() as i32,
        (corner_guard & att).count_ones() as i32,
        att_mob,
        def_mob,
        att_threats as i32,
        def_threats as i32,
        region,
        (g.edge & att).count_ones() as i32,
    ]);
    out
}

/// Weights of [`FEATURES`] fitted to game results (`zonal fit`).
pub type Fitted = zonal_core::linear::Linear<N_FEATURES>;

/// The weights fitted for `rules` and shipped in `crates/hnefatafl/weights/`, if any.
pub fn shipped(rules: crate::Ruleset) -> Option<Fitted> {
    use std::sync::OnceLock;
    static FILES: OnceLock<[Option<Fitted>; 3]> = OnceLock::new();
    let files = FILES.get_or_init(|| SHIPPED.map(|(_, text)| Fitted::shipped(text, &FEATURES)));
    let i = crate::Ruleset::ALL.iter().position(|&r| r == rules)?;
    files[i]
}

/// The shipped weights files, in the order of [`crate::Ruleset::ALL`].
pub const SHIPPED: [(&str, &str); 3] = [
    ("seed9", include_str!("../weights/seed9.txt")),
    ("seed11", include_str!("../weights/seed11.txt")),
    ("copenhagen", include_str!("../weights/copenhagen.txt")),
];

/// The fitted evaluation for the side to move, cp.
pub fn evaluate_fitted(pos: &Position, fitted: &Fitted) -> i32 {
    let zones = fitted.weights[ZONES..].iter().any(|&w| w != 0);
    let s = fitted.value(&features_with(pos, zones));
    if pos.side_to_move() == DEFENDERS {
        s
    } else {
        -s
    }
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
            Position::start(crate::Ruleset::COPENHAGEN),
            ZONES,
            |p, rng| {
                let moves = p.legal_moves();
                (!moves.is_empty() && p.outcome().is_none())
                    .then(|| p.play(moves[rng.below(moves.len())]))
            },
            |p| features(p).to_vec(),
            |p| features_with(p, false).to_vec(),
            |p| {
                crate::zones::project(p, ZONE_HORIZON)
                    .features()
                    .map(|f| if DEFENDERS == Side::White { f } else { -f })
                    .to_vec()
            },
        )
        .unwrap();
    }
    use crate::Ruleset;

    #[test]
    fn the_terms_add_up_to_the_evaluation_along_random_games() {
        let w = Weights::default();
        let positions = crate::random_positions(5, 12, 120);
        for pos in &positions {
            let named = terms(pos, &w);
            assert_eq!(named.len(), TERMS.len() + 1);
            let sum: i32 = named.iter().map(|&(_, v)| v).sum();
            assert_eq!(sum, evaluate(pos, &w), "{pos}");
        }
        assert!(positions.len() > 1000, "{} positions", positions.len());
    }

    #[test]
    fn corner_distances() {
        // H12: the king on g1 reaches i1 in one move.
        let p: Position = "9/9/9/9/9/3a5/9/9/6k2 d seed".parse().unwrap();
        assert_eq!(king_corner_distance(&p, 3), Some(1));
        // The start: the king is walled in by his own soldiers.
        assert_eq!(
            king_corner_distance(&Position::start(Ruleset::COPENHAGEN), 3),
            None
        );
        // A king on e5 of an empty 9x9 board: two moves (e5-e1, e1-a1 ... e1-i1).
        let p: Position = "9/9/9/9/4k4/9/9/9/1a7 d seed".parse().unwrap();
        assert_eq!(king_corner_distance(&p, 3), Some(2));
    }

    #[test]
    fn the_threatened_soldiers_are_counted_as_one_at_a_time() {
        use crate::geometry::{EAST, NONE, NORTH, SOUTH, WEST};
        // The reference: each soldier, each axis, by the step tables.
        fn reference(g: &Geometry, occ: u128, reach: u128, victims: u128, hostile: u128) -> u32 {
            let mut n = 0;
            for v in crate::squares(victims) {
                for (d, back) in [(NORTH, SOUTH), (EAST, WEST)] {
                    let (a, b) = (g.step[d][v as usize], g.step[back][v as usize]);
                    if a == NONE || b == NONE {
                        continue;
                    }
                    let (a, b) = (1u128 << a, 1u128 << b);
                    if (hostile & a != 0 && reach & b & !occ != 0)
                        || (hostile & b != 0 && reach & a & !occ != 0)
                    {
                        n += 1;
                        break;
                    }
                }
            }
            n
        }
        let mut rng = zonal_core::rng::Rng::new(9);
        for n in [9u32, 11] {
            let g = Geometry::of(n);
            for _ in 0..2000 {
                let mut sets = [0u128; 4];
                for sq in 0..n * n {
                    for s in sets.iter_mut() {
                        if rng.below(3) == 0 {
                            *s |= 1 << sq;
                        }
                    }
                }
                let [occ, reach, victims, hostile] = sets;
                assert_eq!(
                    threatened(g, occ, reach, victims, hostile),
                    reference(g, occ, reach, victims, hostile)
                );
            }
        }
    }

    #[test]
    fn king_paths_count_corners_and_closers() {
        // H12: a1 and i1 in one move; the attacker d4 closes b1-f1 (d4-d1), nothing closes h1;
        // a9 and i9 in two (g1-g9).
        let p: Position = "9/9/9/9/9/3a5/9/9/6k2 d seed".parse().unwrap();
        assert_eq!(king_paths(&p), (2, 1, 2));
        // King e5 on an empty board but for b1: all four corners in two moves (b1 blocks the
        // rank-1 route to a1, a5-a1 remains).
        let p: Position = "9/9/9/9/4k4/9/9/9/1a7 d seed".parse().unwrap();
        assert_eq!(king_paths(&p), (0, 0, 4));
    }

    #[test]
    fn terms_add_up() {
        let w = Weights::default();
        let start = Position::start(Ruleset::COPENHAGEN);
        // 12 defenders x 200 - 24 attackers x 100 = 0; no corner; no attacker near the king;
        // the king cannot move.
        assert_eq!(for_defenders(&start, &w), 0);
        assert_eq!(evaluate(&start, &w), 10);
        // H7 before the move: 3 attackers next to the king (d5, e4, e6), one two steps away
        // (none: i5 is four files away), 4 attackers; the king moves to f5 g5 h5 (3 squares); no
        // corner within two moves (f5-f1 and f5-f9 are not corners).
        let p: Position = "9/9/9/4a4/3ak3a/4a4/9/9/9 a seed".parse().unwrap();
        assert_eq!(king_paths(&p), (0, 0, 0));
        assert_eq!(for_defenders(&p, &w), -400 - 120 + 9);
        assert_eq!(evaluate(&p, &w), 10 + 511);
    }

    #[test]
    fn the_hand_weights_over_the_features_are_the_hand_set_table() {
        // A second opinion on the features: the first nine, weighted by the table, give the
        // table's evaluation on positions of random games of every ruleset.
        let w = Weights::default();
        let hand = Fitted {
            weights: hand_weights(&w),
            hidden: None,
        };
        let hand_eval = |p: &Position| evaluate_fitted(p, &hand);
        let positions = crate::random_positions(8, 12, 150);
        for pos in &positions {
            assert_eq!(hand_eval(pos), evaluate(pos, &w), "{pos}");
            let f = features(pos);
            let region = f[FEATURES.iter().position(|&n| n == "king_region").unwrap()];
            assert!((1..=121).contains(&region), "{pos}");
        }
        assert!(positions.len() > 1000, "{}", positions.len());
    }

    #[test]
    fn features_of_a_small_position() {
        // Seed 9x9: the king on e5 with an attacker on e4 (south of him) and one on b1 next to
        // the corner a1; a defender on c5.
        let p: Position = "9/9/9/9/2d1k4/4a4/9/9/1a7 d seed".parse().unwrap();
        let f = features(&p);
        let get = |name: &str| f[FEATURES.iter().position(|&n| n == name).unwrap()];
        assert_eq!(get("attacker"), 2);
        assert_eq!(get("defender"), 1);
        assert_eq!(get("attacker_next_to_king"), 1);
        assert_eq!(get("defender_next_to_king"), 0);
        assert_eq!(get("attacker_next_to_corner"), 1);
        assert_eq!(get("attacker_on_edge"), 1);
        assert_eq!(get("tempo"), 1);
        assert_eq!(get("king_on_edge"), 0);
        // The king's lines: north to e9 and east to i5 reach the edge; west stops at d5 (c5
        // holds a defender), south is blocked by e4.
        assert_eq!(get("king_edge_lines"), 2);
        // Everything but the two attackers' squares is the king's region.
        assert_eq!(get("king_region"), 81 - 2);
        // The defenders threaten one capture: c5-c1 takes b1 against the corner a1 (nothing
        // reaches e3 behind e4); no attacker reaches a square next to c5 with a hostile square
        // opposite.
        assert_eq!(get("defender_threats"), 1);
        assert_eq!(get("attacker_threats"), 0);
    }

    #[test]
    fn every_shipped_weights_file_reads() {
        for (i, (_, text)) in SHIPPED.iter().enumerate() {
            if !zonal_core::linear::is_empty(text) {
                let fitted = Fitted::parse(text, &FEATURES).unwrap();
                assert_eq!(shipped(Ruleset::ALL[i]), Some(fitted));
            }
        }
        // Copenhagen's plays a network beside the linear fit, which stays in a file of its own
        // (`eval=crates/hnefatafl/weights/copenhagen-linear.txt` plays it): the same weights.
        let linear = Fitted::parse(include_str!("../weights/copenhagen-linear.txt"), &FEATURES);
        let linear = linear.unwrap();
        let with_network = shipped(Ruleset::COPENHAGEN).unwrap();
        assert_eq!(linear.hidden, None);
        assert_eq!(with_network.weights, linear.weights);
        assert_eq!(with_network.hidden.map(|h| h.units.len()), Some(8));
    }
}
