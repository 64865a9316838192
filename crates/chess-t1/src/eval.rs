//! Evaluation: a score for the side to move, in centi-units (cp: 1 unit = 2 half-units = 100 cp,
//! so a Knecht is worth 100 cp and one half-unit 50 cp).
//!
//! The evaluation is linear: `score = Σ weight[t] · feature[t]`, each feature being the side to
//! move's count minus the opponent's (or, for the last terms, a count seen from the side to
//! move). That keeps it cheap (one force map and one pass over the pieces, a few hundred ns,
//! for every node of the search) and lets the weights be fitted to game results (Texel's method,
//! `examples/texel.rs`, since replaced by `zonal datagen` and `zonal fit`). The table of terms is [`TERMS`]; the default weights are
//! [`Weights::default`], and NOTES.md gives the table with its meaning and how it was tuned.
//!
//! On top of the cheap part, [`zone_terms`] scores the open zones of a projection (docs/zones.md §4:
//! the value of the target discounted by the time the root needs) where the projection is built
//! anyway: at the root of an analysis and at the zone-guided nodes of the search.
//!
//! ```
//! use chess_t1::eval::{evaluate, Evaluation, Weights};
//! use chess_t1::Position;
//! let start = Position::startpos();
//! // The start is symmetric: only the tempo of the side to move counts.
//! let w = Weights::default();
//! assert_eq!(evaluate(&start, Evaluation::Full, &w), w.get(chess_t1::eval::Term::Tempo));
//! assert_eq!(evaluate(&start, Evaluation::Material, &w), 0);
//! ```

use crate::bitboard::Bitboard;
use crate::exchange::Material;
use crate::force::ForceMap;
use crate::geometry;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::Aim;
use crate::square::{Color, Square};
use crate::zone::{Projection, ZoneKind};

#[cfg(test)]
mod reference;
use std::fmt;

/// Centi-units in one half-unit (the unit of [`crate::exchange::Material`]).
pub const CP_PER_HALF_UNIT: i32 = 50;

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Evaluation {
    /// Material only, from the [`Material`] table (the behaviour before the evaluation existed:
    /// kept as the baseline of `zonal match`).
    Material,
    /// Every term of [`TERMS`] with its weight.
    Full,
}

impl Evaluation {
    /// `"material"` or `"full"`.
    pub const fn name(self) -> &'static str {
        match self {
            Evaluation::Material => "material",
            Evaluation::Full => "full",
        }
    }

    /// Reads `"material"` or `"full"`.
    pub fn parse(text: &str) -> Option<Evaluation> {
        match text {
            "material" => Some(Evaluation::Material),
            "full" => Some(Evaluation::Full),
            _ => None,
        }
    }
}

/// One term of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// Knechts.
    Knecht,
    /// Ver Knechts.
    VerKnecht,
    /// Princes.
    Prince,
    /// Ritters.
    Ritter,
    /// Scouts.
    Scout,
    /// Konnets.
    Konnet,
    /// Ranks a Knecht has advanced from its start rank (summed).
    KnechtAdvance,
    /// Knechts one step from becoming a Ver Knecht (on the fifth rank, the mover's view).
    KnechtPromotes,
    /// Ver Knechts one step from the far rank or the enemy castle.
    VerKnechtNearFar,
    /// The side has no royal piece in its own castle (an enemy royal walking in wins).
    CastleEmpty,
    /// The side has exactly one royal piece in its own castle.
    CastleOne,
    /// The side's King stands outside its castle.
    KingOut,
    /// King's distance (King steps) from its own castle.
    KingDistance,
    /// Squares of the enemy castle where the side has superiority.
    CastlePressure,
    /// The side's royals next to or inside the enemy castle.
    RoyalsAtCastle,
    /// Squares where the side has superiority of force.
    Control,
    /// Of those, squares in the enemy's territory.
    ControlForward,
    /// Of those, squares next to the enemy King.
    ControlNearKing,
    /// Squares the side's Princes and Konnets reach in one move (not onto own pieces).
    MobilityRoyal,
    /// Squares the side's Ritters reach in one move.
    MobilityRitter,
    /// Squares the side's Scouts reach in one move.
    MobilityScout,
    /// Squares reachable in two moves by the side's Ritters and Scouts (distance maps of depth 2
    /// on the empty squares).
    Reach2,
    /// The side to move (1 for the side to move).
    Tempo,
    /// Half-units of the side to move's most valuable piece the opponent attacks with
    /// superiority or a Scout, minus the opponent's (the side to move can save only one piece,
    /// and takes first).
    Threat,
}

/// The terms in the order of [`Weights`] and [`features`].
pub const TERMS: [Term; 24] = [
    Term::Knecht,
    Term::VerKnecht,
    Term::Prince,
    Term::Ritter,
    Term::Scout,
    Term::Konnet,
    Term::KnechtAdvance,
    Term::KnechtPromotes,
    Term::VerKnechtNearFar,
    Term::CastleEmpty,
    Term::CastleOne,
    Term::KingOut,
    Term::KingDistance,
    Term::CastlePressure,
    Term::RoyalsAtCastle,
    Term::Control,
    Term::ControlForward,
    Term::ControlNearKing,
    Term::MobilityRoyal,
    Term::MobilityRitter,
    Term::MobilityScout,
    Term::Reach2,
    Term::Tempo,
    Term::Threat,
];

/// Number of terms.
pub const TERM_COUNT: usize = TERMS.len();

impl Term {
    /// The term's name in weight files and reports (snake case).
    pub const fn name(self) -> &'static str {
        match self {
            Term::Knecht => "knecht",
            Term::VerKnecht => "ver_knecht",
            Term::Prince => "prince",
            Term::Ritter => "ritter",
            Term::Scout => "scout",
            Term::Konnet => "konnet",
            Term::KnechtAdvance => "knecht_advance",
            Term::KnechtPromotes => "knecht_promotes",
            Term::VerKnechtNearFar => "ver_knecht_near_far",
            Term::CastleEmpty => "castle_empty",
            Term::CastleOne => "castle_one",
            Term::KingOut => "king_out",
            Term::KingDistance => "king_distance",
            Term::CastlePressure => "castle_pressure",
            Term::RoyalsAtCastle => "royals_at_castle",
            Term::Control => "control",
            Term::ControlForward => "control_forward",
            Term::ControlNearKing => "control_near_king",
            Term::MobilityRoyal => "mobility_royal",
            Term::MobilityRitter => "mobility_ritter",
            Term::MobilityScout => "mobility_scout",
            Term::Reach2 => "reach2",
            Term::Tempo => "tempo",
            Term::Threat => "threat",
        }
    }

    /// Position of the term in [`TERMS`].
    pub fn index(self) -> usize {
        TERMS
            .iter()
            .position(|&t| t == self)
            .expect("every term is listed")
    }

    /// Whether the term is material (its weight a piece value).
    pub const fn is_material(self) -> bool {
        matches!(
            self,
            Term::Knecht
                | Term::VerKnecht
                | Term::Prince
                | Term::Ritter
                | Term::Scout
                | Term::Konnet
        )
    }
}

/// The weight of each term, in cp per unit of its feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights(pub [i32; TERM_COUNT]);

/// The default weights: fitted to the results and scores of 3,000 games of zonal's own play
/// (`zonal datagen --games 3000 --nodes 5000 --seed 71`, `zonal fit`; the file with intervals is
/// `crates/chess-t1/weights/fitted.txt`); +207.5 Elo against [`HAND_WEIGHTS`] at 100 ms a move
/// (NOTES.md, "chess-t1's fit").
const DEFAULT_WEIGHTS: [i32; TERM_COUNT] = [
    78,   // knecht
    126,  // ver_knecht
    283,  // prince
    144,  // ritter
    226,  // scout
    645,  // konnet
    -8,   // knecht_advance
    41,   // knecht_promotes
    346,  // ver_knecht_near_far
    -105, // castle_empty
    -6,   // castle_one
    102,  // king_out
    -165, // king_distance
    -16,  // castle_pressure
    -12,  // royals_at_castle
    -6,   // control
    10,   // control_forward
    25,   // control_near_king
    10,   // mobility_royal
    8,    // mobility_ritter
    -2,   // mobility_scout
    7,    // reach2
    16,   // tempo
    -25,  // threat
];

/// The weights before the fit of issue 27: Texel-fitted on an earlier set of zonal's games and
/// tuned by matches (NOTES.md, "Evaluation"); `weights=crates/chess-t1/weights/hand.txt` in a
/// player spec plays them.
pub const HAND_WEIGHTS: [i32; TERM_COUNT] = [
    100,  // knecht
    150,  // ver_knecht
    160,  // prince
    200,  // ritter
    200,  // scout
    320,  // konnet
    -10,  // knecht_advance
    38,   // knecht_promotes
    191,  // ver_knecht_near_far
    -183, // castle_empty
    -29,  // castle_one
    153,  // king_out
    -186, // king_distance
    -20,  // castle_pressure
    32,   // royals_at_castle
    -9,   // control
    14,   // control_forward
    32,   // control_near_king
    18,   // mobility_royal
    16,   // mobility_ritter
    10,   // mobility_scout
    2,    // reach2
    23,   // tempo
    -39,  // threat
];

impl Default for Weights {
    fn default() -> Weights {
        Weights(DEFAULT_WEIGHTS)
    }
}

/// Why a weight table text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// An entry is not `name=value`.
    #[error("weight entry {0:?} is not NAME=VALUE (e.g. control=3)")]
    Malformed(String),
    /// The name is not a term.
    #[error("unknown evaluation term {0:?} (terms: {names})", names = term_names())]
    UnknownTerm(String),
}

fn term_names() -> String {
    TERMS.map(|t| t.name()).join(", ")
}

impl Weights {
    /// The weight of `term`.
    pub fn get(&self, term: Term) -> i32 {
        self.0[term.index()]
    }

    /// Sets the weight of `term`.
    pub fn set(&mut self, term: Term, value: i32) {
        self.0[term.index()] = value;
    }

    /// Reads a weights file of `zonal fit` (`name value` lines, every term once,
    /// [`zonal_core::linear::read_weights`]).
    pub fn read_file(text: &str) -> Result<Weights, String> {
        let names: Vec<&str> = TERMS.iter().map(|t| t.name()).collect();
        let w = zonal_core::linear::read_weights(text, &names)?;
        let mut out = [0; TERM_COUNT];
        out.copy_from_slice(&w);
        Ok(Weights(out))
    }

    /// Reads `name=value,name=value,...`, starting from the defaults (the form [`fmt::Display`]
    /// writes).
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut w = Weights::default();
        for entry in text
            .split([',', '\n'])
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            let (name, value) = entry
                .split_once('=')
                .ok_or_else(|| WeightsError::Malformed(entry.to_string()))?;
            let term = TERMS
                .iter()
                .find(|t| t.name() == name.trim())
                .ok_or_else(|| WeightsError::UnknownTerm(name.trim().to_string()))?;
            let value: i32 = value
                .trim()
                .parse()
                .map_err(|_| WeightsError::Malformed(entry.to_string()))?;
            w.set(*term, value);
        }
        Ok(w)
    }

    /// The weights of the six material terms as a [`Material`] table in half-units (rounded).
    pub fn material(&self) -> Material {
        let half =
            |t: Term| ((self.get(t) + CP_PER_HALF_UNIT / 2) / CP_PER_HALF_UNIT).clamp(0, 1000);
        Material::default()
            .with(PieceKind::Knecht, half(Term::Knecht))
            .with(PieceKind::VerKnecht, half(Term::VerKnecht))
            .with(PieceKind::Prince, half(Term::Prince))
            .with(PieceKind::Ritter, half(Term::Ritter))
            .with(PieceKind::Scout, half(Term::Scout))
            .with(PieceKind::Konnet, half(Term::Konnet))
    }
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in TERMS.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}={}", t.name(), self.0[i])?;
        }
        Ok(())
    }
}

/// The term of a piece kind's material (none for the King, which is not valued).
const fn material_term(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::Knecht => Some(0),
        PieceKind::VerKnecht => Some(1),
        PieceKind::Prince => Some(2),
        PieceKind::Ritter => Some(3),
        PieceKind::Scout => Some(4),
        PieceKind::Konnet => Some(5),
        PieceKind::King => None,
    }
}

/// King steps from `sq` to the nearest square of `color`'s castle.
#[inline]
fn castle_distance(color: Color, sq: Square) -> i32 {
    let rank = if color == Color::White { 0 } else { 7 };
    let dr = (sq.rank() as i32 - rank).abs();
    let f = sq.file() as i32;
    let df = if f < 2 {
        2 - f
    } else if f > 5 {
        f - 5
    } else {
        0
    };
    dr.max(df)
}

/// Squares at most one King step from each side's castle (the castle included), by
/// [`Color::index`].
const NEAR_CASTLE: [Bitboard; 2] = {
    // Files b-g of the first two ranks (White) or the last two (Black).
    let files = 0x7e;
    [
        Bitboard(files | files << 8),
        Bitboard(files << 48 | files << 56),
    ]
};

/// The feature vector of `pos`, each entry the side to move's count minus the opponent's.
pub fn features(pos: &Position) -> [i32; TERM_COUNT] {
    let superior = ForceMap::new(pos.board()).superiority_both(pos.board());
    features_given(pos, superior)
}

/// [`features`] with both sides' superiority squares known ([`ForceMap::superiority_both`]):
/// what a search that carries the force map from node to node calls. Counts are taken a piece
/// kind at a time from tables and bitboards; no force is summed here. Inlined into the search's
/// evaluation, where the weighted sum is then taken without the vector in memory.
#[inline]
pub fn features_given(pos: &Position, superior: [Bitboard; 2]) -> [i32; TERM_COUNT] {
    let board = pos.board();
    let us = pos.side_to_move();
    let mut f = [0i32; TERM_COUNT];
    let occ = board.occupied();
    let mut threat = [0i32; 2];
    for c in Color::BOTH {
        let sign = if c == us { 1 } else { -1 };
        let own = board.by_color(c);
        let enemy = c.other();
        for kind in PieceKind::ALL {
            if let Some(t) = material_term(kind) {
                f[t] += sign * board.pieces(c, kind).len() as i32;
            }
        }
        // Knechts seen from their own side (rank 0 = their first rank): a Knecht on rank r has
        // advanced r - 1 ranks from its start, counted as one for each rank t = 2..=r it stands
        // on or beyond.
        let knechts = relative(c, board.pieces(c, PieceKind::Knecht)).0;
        let advance: u32 = (2..8).map(|t| (knechts >> (8 * t)).count_ones()).sum();
        f[Term::KnechtAdvance.index()] += sign * advance as i32;
        f[Term::KnechtPromotes.index()] +=
            sign * (knechts & Bitboard::rank(4).0).count_ones() as i32;
        let near_far = Bitboard::rank(if c == Color::White { 6 } else { 1 });
        f[Term::VerKnechtNearFar.index()] +=
            sign * (board.pieces(c, PieceKind::VerKnecht) & near_far).len() as i32;
        // Mobility, counted a direction at a time: in one direction no two pieces reach the
        // same square, so the counts of the shifted sets add up to the pieces' counts.
        let (princes, konnets) = (
            board.pieces(c, PieceKind::Prince),
            board.pieces(c, PieceKind::Konnet),
        );
        let open = !own;
        let royal_mobility =
            geometry::count_in(&geometry::diagonal_fills(princes | konnets, occ), open)
                + geometry::count_in(&geometry::ortho1_steps(princes | konnets), open)
                + geometry::count_in(&geometry::ortho2_steps(konnets), open);
        f[Term::MobilityRoyal.index()] += sign * royal_mobility as i32;
        // Ritters and Scouts: one move (not onto own pieces or castles), and two moves over
        // empty squares (a union for each piece).
        let closed = own | Bitboard::CASTLES;
        let ritters = board.pieces(c, PieceKind::Ritter);
        let ritter_steps = |set: Bitboard| {
            geometry::union(&geometry::ortho1_steps(set))
                | geometry::union(&geometry::ortho2_steps(set))
        };
        let ritter_moves = geometry::count_in(&geometry::ortho1_steps(ritters), !closed)
            + geometry::count_in(&geometry::ortho2_steps(ritters), !closed);
        f[Term::MobilityRitter.index()] += sign * ritter_moves as i32;
        let scouts = board.pieces(c, PieceKind::Scout);
        let scout_moves = geometry::count_in(&geometry::scout_steps(scouts), !closed);
        f[Term::MobilityScout.index()] += sign * scout_moves as i32;
        let mut twos = 0;
        for sq in ritters {
            let one = geometry::ORTHO12[sq.index()].without(closed);
            twos += ritter_steps(one.without(occ)).without(closed | one).len();
        }
        for sq in scouts {
            let one = geometry::SCOUT[sq.index()].without(closed);
            let two = geometry::union(&geometry::scout_steps(one.without(occ)));
            twos += two.without(closed | one).len();
        }
        f[Term::Reach2.index()] += sign * twos as i32;
        // Attacked by the enemy: superiority on its square, or an enemy Scout's leap (not onto a
        // castle square, where a Scout exchanges: counted the same).
        let mut leaps = Bitboard::EMPTY;
        for s in board.pieces(enemy, PieceKind::Scout) {
            leaps |= geometry::SCOUT[s.index()];
        }
        let attacked = own & (superior[enemy.index()] | leaps);
        if attacked.nonempty() {
            // A King en prise: the side to move takes it (qsearch); for the side to move, the
            // worst threat. Otherwise the most valuable piece attacked.
            threat[c.index()] = BY_THREAT_VALUE
                .iter()
                .find(|(k, _)| attacked.intersects(board.by_kind(*k)))
                .map_or(0, |&(_, v)| v);
        }
    }
    castle_and_control(pos, superior, &mut f);
    f[Term::Tempo.index()] = 1;
    f[Term::Threat.index()] = threat[us.index()] - threat[us.other().index()];
    f
}

/// The value (half-units) a threatened King counts as in [`Term::Threat`].
const KING_THREAT: i32 = 20;

/// Piece kinds by the value a threat to them counts in [`Term::Threat`] (the default
/// [`Material`] table; [`KING_THREAT`] for the King), most valuable first.
const BY_THREAT_VALUE: [(PieceKind, i32); 7] = [
    (PieceKind::King, KING_THREAT),
    (PieceKind::Konnet, 6),
    (PieceKind::Ritter, 4),
    (PieceKind::Scout, 4),
    (PieceKind::Prince, 3),
    (PieceKind::VerKnecht, 3),
    (PieceKind::Knecht, 2),
];

/// `set` seen from `color`'s side: ranks mirrored for Black, so that rank 0 is its first rank.
#[inline]
fn relative(color: Color, set: Bitboard) -> Bitboard {
    match color {
        Color::White => set,
        Color::Black => Bitboard(set.0.swap_bytes()),
    }
}

/// The castle, King and control terms of both sides, added into `f`.
#[inline]
fn castle_and_control(pos: &Position, superior: [Bitboard; 2], f: &mut [i32; TERM_COUNT]) {
    let board = pos.board();
    let us = pos.side_to_move();
    for c in Color::BOTH {
        let sign = if c == us { 1 } else { -1 };
        let own_castle = Bitboard::castle(c);
        let enemy_castle = Bitboard::castle(c.other());
        match (board.royals(c) & own_castle).len() {
            0 => f[Term::CastleEmpty.index()] += sign,
            1 => f[Term::CastleOne.index()] += sign,
            _ => {}
        }
        if let Some(k) = board.king(c) {
            if !own_castle.contains(k) {
                f[Term::KingOut.index()] += sign;
            }
            f[Term::KingDistance.index()] += sign * castle_distance(c, k);
        }
        f[Term::CastlePressure.index()] += sign * (superior[c.index()] & enemy_castle).len() as i32;
        let near_castle = board.royals(c) & NEAR_CASTLE[c.other().index()];
        f[Term::RoyalsAtCastle.index()] += sign * near_castle.len() as i32;
        let sup = superior[c.index()];
        f[Term::Control.index()] += sign * sup.len() as i32;
        f[Term::ControlForward.index()] +=
            sign * (sup & Bitboard::territory(c.other())).len() as i32;
        if let Some(k) = board.king(c.other()) {
            f[Term::ControlNearKing.index()] +=
                sign * (sup & geometry::KING[k.index()]).len() as i32;
        }
    }
}

/// The evaluation of `pos` for the side to move, in cp.
pub fn evaluate(pos: &Position, kind: Evaluation, weights: &Weights) -> i32 {
    match kind {
        Evaluation::Material => {
            let m = Material::default();
            m.balance(pos, pos.side_to_move()) * CP_PER_HALF_UNIT
        }
        Evaluation::Full => dot(&features(pos), weights),
    }
}

/// `Σ weight · feature`.
#[inline]
pub fn dot(features: &[i32; TERM_COUNT], weights: &Weights) -> i32 {
    features
        .iter()
        .zip(weights.0.iter())
        .map(|(f, w)| f * w)
        .sum()
}

/// One term's share of an evaluation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Contribution {
    /// The term's name.
    pub term: &'static str,
    /// Its feature (side to move minus opponent).
    pub feature: i32,
    /// Its weight, cp per unit of feature.
    pub weight: i32,
    /// `feature · weight`, cp.
    pub cp: i32,
}

/// The evaluation split into its terms, for reports.
pub fn breakdown(pos: &Position, weights: &Weights) -> Vec<Contribution> {
    let f = features(pos);
    TERMS
        .iter()
        .enumerate()
        .map(|(i, t)| Contribution {
            term: t.name(),
            feature: f[i],
            weight: weights.0[i],
            cp: f[i] * weights.0[i],
        })
        .collect()
}

/// Value of the open zones of a projection for the side to move, in cp: for every open attack
/// zone, the value of its target (a piece's material, a quarter of a Konnet for a King or castle
/// aim whose capture the exchange has not yet proved) divided by the time its root needs plus one,
/// the side to move's zones counted plus, the opponent's minus (docs/zones.md §4: an open zone is a
/// threat that the opponent has to negate in time).
pub fn zone_terms(pos: &Position, projection: &Projection, weights: &Weights) -> i32 {
    let us = pos.side_to_move();
    let mut total = 0;
    for z in &projection.zones {
        if z.kind != ZoneKind::Attack || !z.is_open() {
            continue;
        }
        let value = match (z.target.aim, z.target.piece) {
            (Aim::King | Aim::Castle, _) => weights.get(Term::Konnet) / 4,
            (_, Some(p)) => material_term(p.kind).map_or(0, |t| weights.0[t]),
            (_, None) => 0,
        };
        let time = z.root().time.max(1);
        let share = value / (4 * (time + 1));
        total += if z.side == us { share } else { -share };
    }
    total
}

/// What a move changes in the evaluation, in words, from the mover's point of view: the two
/// aspects it improves most (control gained, castle guarded, a piece activated, a Knecht
/// advanced, a threat parried or made). Empty when it improves nothing.
pub fn explain_move(pos: &Position, mv: &crate::Move, weights: &Weights) -> String {
    /// Aspects: terms joined under one phrase.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    enum Aspect {
        Control,
        Forward,
        NearKing,
        Activity,
        Knecht,
        VerKnecht,
        OwnCastle,
        King,
        EnemyCastle,
        Threat,
    }
    let aspect = |t: Term| match t {
        Term::Control => Some(Aspect::Control),
        Term::ControlForward => Some(Aspect::Forward),
        Term::ControlNearKing => Some(Aspect::NearKing),
        Term::MobilityRoyal | Term::MobilityRitter | Term::MobilityScout | Term::Reach2 => {
            Some(Aspect::Activity)
        }
        Term::KnechtAdvance | Term::KnechtPromotes => Some(Aspect::Knecht),
        Term::VerKnechtNearFar => Some(Aspect::VerKnecht),
        Term::CastleEmpty | Term::CastleOne => Some(Aspect::OwnCastle),
        Term::KingOut | Term::KingDistance => Some(Aspect::King),
        Term::CastlePressure | Term::RoyalsAtCastle => Some(Aspect::EnemyCastle),
        Term::Threat => Some(Aspect::Threat),
        _ => None,
    };
    let before = features(pos);
    let after = features(&pos.play(mv));
    // (cp gained, feature change) per aspect; `after` is seen from the opponent, so negated.
    let mut gains: std::collections::BTreeMap<Aspect, (i32, i32)> = Default::default();
    for (i, &t) in TERMS.iter().enumerate() {
        if let Some(a) = aspect(t) {
            let delta = -after[i] - before[i];
            let e = gains.entry(a).or_default();
            e.0 += delta * weights.0[i];
            e.1 += delta;
        }
    }
    let mut list: Vec<(Aspect, i32, i32)> = gains
        .into_iter()
        .filter(|(_, (cp, _))| *cp > 0)
        .map(|(a, (cp, d))| (a, cp, d))
        .collect();
    list.sort_by_key(|g| (std::cmp::Reverse(g.1), g.0));
    let piece = mv.piece.name();
    let words: Vec<String> = list
        .iter()
        .take(2)
        .map(|&(a, _, d)| match a {
            Aspect::Control => format!("gains superiority on {} more square{}", d.abs(), plural(d)),
            Aspect::Forward => "gains superiority in the enemy's half".to_string(),
            Aspect::NearKing => "presses on the squares around the enemy King".to_string(),
            Aspect::Activity => format!("activates the {piece}"),
            Aspect::Knecht => "advances the Knecht".to_string(),
            Aspect::VerKnecht => "brings the Ver Knecht next to promotion".to_string(),
            Aspect::OwnCastle => "guards the own castle with a royal".to_string(),
            Aspect::King => "brings the King back towards its castle".to_string(),
            Aspect::EnemyCastle => "presses on the enemy castle".to_string(),
            Aspect::Threat => "parries a threat or makes one".to_string(),
        })
        .collect();
    words.join(", ")
}

fn plural(n: i32) -> &'static str {
    if n.abs() == 1 { "" } else { "s" }
}
