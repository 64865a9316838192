//! Positions: the position string (§8.3), its checks, the legal moves (§5-§6) and the ends of the
//! game a position shows by itself (§7 rules 1-3; repetition and the move limit need a
//! [`Game`](crate::Game)).
//!
//! Generation is set-wise: each side's pieces are eight `u64` sets (one per animal; a set holds
//! at most one square), the four steps are shifts masked by the water, den and trap sets, and
//! the capture rules become sets of enemy squares each animal may take.

use crate::NAME;
use crate::animal::Animal;
use crate::geometry::{
    ALL, DEN, JUMP_FROM, JUMPS, LAND, TRAPS, WATER, bit, enemy_den, name, neighbours, own_den,
};
use crate::moves::{Move, MoveError};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use zonal_board::Side;

const RAT: usize = Animal::Rat as usize;
const TIGER: usize = Animal::Tiger as usize;
const LION: usize = Animal::Lion as usize;
const ELEPHANT: usize = Animal::Elephant as usize;

/// A position of Jungle: the pieces, the side to move, the two counters and a hash of the
/// placement and side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// `pieces[side][animal]`: the square of that piece (one bit) or empty.
    pieces: [[u64; 8]; 2],
    /// Each side's occupied squares.
    occ: [u64; 2],
    side: Side,
    quiet: u32,
    fullmove: u32,
    hash: u64,
}

/// How a game ended by the position alone (draws need the game's history).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A piece of `winner` stands on the enemy den (§7 rule 1).
    Den {
        /// The side that won.
        winner: Side,
    },
    /// `loser` has no pieces left (§7 rule 2).
    NoPieces {
        /// The side that lost.
        loser: Side,
    },
    /// `loser`, to move, has no legal move (§7 rule 3).
    NoMove {
        /// The side that lost.
        loser: Side,
    },
}

/// "White" or "Black".
pub(crate) const fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

impl Outcome {
    /// The winning side.
    pub const fn winner(self) -> Side {
        match self {
            Outcome::Den { winner } => winner,
            Outcome::NoPieces { loser } | Outcome::NoMove { loser } => loser.other(),
        }
    }

    /// The result as written in game records: `1-0` or `0-1`.
    pub const fn result(self) -> &'static str {
        match self.winner() {
            Side::White => "1-0",
            Side::Black => "0-1",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Den { winner } => {
                write!(
                    f,
                    "{} ({} entered the enemy den)",
                    self.result(),
                    side_name(winner)
                )
            }
            Outcome::NoPieces { loser } => {
                write!(
                    f,
                    "{} ({} has no pieces left)",
                    self.result(),
                    side_name(loser)
                )
            }
            Outcome::NoMove { loser } => {
                write!(
                    f,
                    "{} ({} has no legal move)",
                    self.result(),
                    side_name(loser)
                )
            }
        }
    }
}

/// A position string that does not give a valid position (§8.3).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Not 2 to 4 fields.
    #[error(
        "{NAME}: a position string has 2 to 4 fields (placement side [quiet-plies [move-number]]), found {found}"
    )]
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// One field is wrong.
    #[error("{NAME}: position string, {field}, column {column}: {reason}")]
    Field {
        /// The field: placement, side, quiet-plies or move-number.
        field: &'static str,
        /// The column (1-based, in characters of the whole string) where the problem is.
        column: usize,
        /// What is wrong.
        reason: String,
    },
}

/// The Zobrist keys: one per side, animal and square, and one for Black to move.
struct Keys {
    piece: [[[u64; 63]; 8]; 2],
    black: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const KEYS: Keys = {
    let mut state = 0x6a75_6e67_6c65_0001u64;
    let mut piece = [[[0u64; 63]; 8]; 2];
    let mut s = 0;
    while s < 2 {
        let mut a = 0;
        while a < 8 {
            let mut q = 0;
            while q < 63 {
                piece[s][a][q] = splitmix(&mut state);
                q += 1;
            }
            a += 1;
        }
        s += 1;
    }
    Keys {
        piece,
        black: splitmix(&mut state),
    }
};

#[inline]
fn key(side: usize, animal: usize, square: u8) -> u64 {
    KEYS.piece[side][animal][square as usize]
}

/// The placement of the start position (§3), White's pieces then Black's, by animal.
const START: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";

impl Position {
    /// The start position (§3), White to move.
    pub fn startpos() -> Position {
        match START.parse() {
            Ok(pos) => pos,
            Err(e) => unreachable!("the start position reads: {e}"),
        }
    }

    /// An empty board with White to move (not a valid position by itself).
    const fn empty() -> Position {
        Position {
            pieces: [[0; 8]; 2],
            occ: [0; 2],
            side: Side::White,
            quiet: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The side to move.
    #[inline]
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// The square set of `side`'s `animal` (one square or none; bit i = square i, a1 = 0).
    #[inline]
    pub const fn pieces(&self, side: Side, animal: Animal) -> u64 {
        self.pieces[side as usize][animal as usize]
    }

    /// Every square `side` occupies.
    #[inline]
    pub const fn occupied(&self, side: Side) -> u64 {
        self.occ[side as usize]
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: u8) -> Option<(Side, Animal)> {
        let b = bit(square);
        for side in Side::BOTH {
            if self.occ[side as usize] & b != 0 {
                let i = self.pieces[side as usize]
                    .iter()
                    .position(|&p| p & b != 0)?;
                return Some((side, Animal::from_index(i)));
            }
        }
        None
    }

    /// Plies since the last capture (for the 200-ply rule).
    #[inline]
    pub const fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The move number (starts at 1, up after each Black move).
    #[inline]
    pub const fn move_number(&self) -> u32 {
        self.fullmove
    }

    /// A Zobrist hash of the placement and the side to move (what a repetition compares).
    #[inline]
    pub const fn hash_key(&self) -> u64 {
        self.hash
    }

    /// The same placement and counters with `side` to move (the hash follows).
    pub fn with_side_to_move(&self, side: Side) -> Position {
        let mut next = *self;
        if side != self.side {
            next.side = side;
            next.hash ^= KEYS.black;
        }
        next
    }

    /// The position without its counters: what a repetition compares (placement and side to
    /// move).
    pub const fn repetition_key(&self) -> Position {
        Position {
            quiet: 0,
            fullmove: 1,
            ..*self
        }
    }

    /// The end the position shows by itself (§7 rules 1-3, in that order): a piece on the
    /// enemy den, a side without pieces, or no legal move for the side to move.
    pub fn outcome(&self) -> Option<Outcome> {
        self.decided().or_else(|| {
            (self.count_legal_moves() == 0).then_some(Outcome::NoMove { loser: self.side })
        })
    }

    /// Whether the game is over by [`Position::outcome`].
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// §7 rules 1-2: a piece on the enemy den, or a side without pieces. Such a position has
    /// no legal moves (§9).
    #[inline]
    pub fn decided(&self) -> Option<Outcome> {
        let [w, b] = self.occ;
        if (w & DEN[1]) | (b & DEN[0]) | u64::from(w == 0 || b == 0) == 0 {
            return None;
        }
        for side in Side::BOTH {
            if self.occ[side as usize] & enemy_den(side) != 0 {
                return Some(Outcome::Den { winner: side });
            }
        }
        // The side to move first: a loaded string may leave it without pieces.
        for side in [self.side, self.side.other()] {
            if self.occ[side as usize] == 0 {
                return Some(Outcome::NoPieces { loser: side });
            }
        }
        None
    }

    /// Calls `f(animal index, from-square, destination set)` for each piece of the side to move
    /// (§5-§6). The caller checks [`Position::decided`] first.
    #[inline(always)]
    fn for_each_piece(&self, mut f: impl FnMut(usize, u8, u64)) {
        let us = self.side as usize;
        let them = 1 - us;
        let own = self.occ[us];
        let enemy = self.occ[them];
        let empty = ALL & !(own | enemy);
        let e = &self.pieces[them];
        // Enemy pieces in our traps: anyone may take them (§6.1 rule 3).
        let trapped = enemy & TRAPS[us];
        let not_den = !DEN[us];
        let rats = self.pieces[0][RAT] | self.pieces[1][RAT];
        let mut weaker = 0u64;
        for (a, &p) in self.pieces[us].iter().enumerate() {
            weaker |= e[a];
            if p == 0 {
                continue;
            }
            let from = p.trailing_zeros() as u8;
            let steps = neighbours(p) & not_den & !own;
            let targets = if a == RAT {
                if p & WATER != 0 {
                    // In water: into water (an enemy rat there may be taken), onto empty land.
                    steps & (WATER | empty)
                } else {
                    // On land: into empty water; on land take a rat, the elephant, or a trapped piece.
                    steps & ((WATER & empty) | (LAND & (empty | e[RAT] | e[ELEPHANT] | trapped)))
                }
            } else {
                let capturable = if a == ELEPHANT {
                    weaker & !e[RAT]
                } else {
                    weaker
                } | trapped;
                let mut t = steps & LAND & (empty | capturable);
                if (a == LION || a == TIGER) && p & JUMP_FROM != 0 {
                    for j in &JUMPS[from as usize] {
                        if j.over != 0 && j.over & rats == 0 {
                            t |= bit(j.to) & (empty | (capturable & LAND));
                        }
                    }
                }
                t
            };
            f(a, from, targets);
        }
    }

    /// The legal moves (none when the game is over by §7 rules 1-2), weakest animal first.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        self.for_each_move_to(u64::MAX, |mv| out.push(mv));
        out
    }

    /// Calls `f` with every legal move to a square of `targets`, in the order of
    /// [`Position::legal_moves`] (none once the game is decided).
    #[inline]
    pub fn for_each_move_to(&self, targets: u64, mut f: impl FnMut(Move)) {
        if self.decided().is_some() {
            return;
        }
        self.for_each_piece(|_, from, t| {
            let mut t = t & targets;
            while t != 0 {
                f(Move::new(from, t.trailing_zeros() as u8));
                t &= t - 1;
            }
        });
    }

    /// The number of legal moves, without making them.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        if self.decided().is_some() {
            return 0;
        }
        let mut n = 0;
        self.for_each_piece(|_, _, t| n += u64::from(t.count_ones()));
        n
    }

    /// Calls `f` with every legal move and the position after it.
    #[inline]
    pub fn for_each_legal(&self, mut f: impl FnMut(Move, &Position)) {
        if self.decided().is_some() {
            return;
        }
        self.for_each_piece(|a, from, mut t| {
            while t != 0 {
                let to = t.trailing_zeros() as u8;
                t &= t - 1;
                f(Move::new(from, to), &self.make(a, from, to));
            }
        });
    }

    /// The position after `side`'s `animal` index `a` went from `from` to `to` (legal).
    #[inline(always)]
    fn make(&self, a: usize, from: u8, to: u8) -> Position {
        let us = self.side as usize;
        let them = 1 - us;
        let mut next = *self;
        let moved = bit(from) | bit(to);
        next.pieces[us][a] ^= moved;
        next.occ[us] ^= moved;
        next.hash ^= key(us, a, from) ^ key(us, a, to) ^ KEYS.black;
        if self.occ[them] & bit(to) != 0 {
            let mut b = 0;
            while self.pieces[them][b] & bit(to) == 0 {
                b += 1;
            }
            next.pieces[them][b] = 0;
            next.occ[them] ^= bit(to);
            next.hash ^= key(them, b, to);
            next.quiet = 0;
        } else {
            next.quiet = self.quiet.saturating_add(1);
        }
        if self.side == Side::Black {
            next.fullmove = self.fullmove.saturating_add(1);
        }
        next.side = self.side.other();
        next
    }

    /// The position after `mv` if it is legal here, `None` otherwise.
    pub fn try_play(&self, mv: Move) -> Option<Position> {
        if self.decided().is_some() {
            return None;
        }
        let mut next = None;
        self.for_each_piece(|a, from, t| {
            if from == mv.from() && t & bit(mv.to()) != 0 {
                next = Some(self.make(a, from, mv.to()));
            }
        });
        next
    }

    /// Whether the legal move `mv` takes a piece.
    pub fn is_capture(&self, mv: Move) -> bool {
        self.occ[1 - self.side as usize] & bit(mv.to()) != 0
    }

    /// The position after the legal move `mv`.
    ///
    /// # Panics
    /// If `mv` is not legal here (use [`Position::parse_move`], [`Position::try_play`] or
    /// [`Position::legal_moves`] for moves from outside).
    pub fn play(&self, mv: &Move) -> Position {
        match self.try_play(*mv) {
            Some(next) => next,
            None => panic!("{NAME}: {mv} is not a legal move in {self}"),
        }
    }

    /// Reads a move and checks that it is legal here; the error names the rule it breaks.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = Move::parse(text.trim())?;
        if self.try_play(mv).is_some() {
            return Ok(mv);
        }
        Err(MoveError::Illegal {
            mv: mv.to_string(),
            reason: self.why_illegal(mv),
        })
    }

    /// The rule an illegal `mv` breaks, in words.
    fn why_illegal(&self, mv: Move) -> String {
        if let Some(outcome) = self.decided() {
            return format!("the game is over: {outcome}");
        }
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let Some((side, a)) = self.piece_at(from) else {
            return format!("no piece stands on {}", name(from));
        };
        if side != us {
            return format!(
                "the {} on {} is not {}'s",
                a.name(),
                name(from),
                side_name(us)
            );
        }
        let target = self.piece_at(to);
        let jump = JUMPS[from as usize]
            .iter()
            .find(|j| j.over != 0 && j.to == to);
        let rats = self.pieces[0][RAT] | self.pieces[1][RAT];
        if neighbours(bit(from)) & bit(to) == 0 {
            return match (jump, target) {
                (None, _) => "a piece steps one square orthogonally (the lion and the tiger also jump across a pond)".into(),
                (Some(_), _) if a != Animal::Lion && a != Animal::Tiger => format!(
                    "only the lion and the tiger jump; the {} steps one square",
                    a.name()
                ),
                (Some(j), _) if j.over & rats != 0 => format!(
                    "the jump is blocked by the rat on {}",
                    name((j.over & rats).trailing_zeros() as u8)
                ),
                (Some(_), Some((s, _))) if s == us => {
                    format!("{} holds a piece of the mover's side", name(to))
                }
                (Some(_), Some((_, b))) => {
                    format!("the {} may not take the {} ({})", a.name(), b.name(), name(to))
                }
                (Some(_), None) => "not a legal move".into(),
            };
        }
        if bit(to) & own_den(us) != 0 {
            return "a piece may not enter its own den".into();
        }
        if bit(to) & WATER != 0 && a != Animal::Rat {
            return format!("only the rat enters water; {} is water", name(to));
        }
        match target {
            Some((s, _)) if s == us => format!("{} holds a piece of the mover's side", name(to)),
            Some((_, b)) => {
                if (bit(from) & WATER != 0) != (bit(to) & WATER != 0) {
                    "no capture between water and land (a rat in water takes nothing on land, nothing on land takes it)".into()
                } else {
                    format!(
                        "the {} may not take the {} ({})",
                        a.name(),
                        b.name(),
                        name(to)
                    )
                }
            }
            None => "not a legal move".into(),
        }
    }

    /// The two-field string jungine writes: placement and side to move.
    pub fn jungine(&self) -> String {
        let full = self.to_string();
        let mut fields = full.split(' ');
        let placement = fields.next().unwrap_or_default();
        let side = fields.next().unwrap_or_default();
        format!("{placement} {side}")
    }

    fn put(&mut self, side: Side, animal: Animal, square: u8) {
        self.pieces[side as usize][animal as usize] |= bit(square);
        self.occ[side as usize] |= bit(square);
        self.hash ^= key(side as usize, animal as usize, square);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

/// The fields of `text` with the 1-based column where each starts.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (i, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (true, Some((s, scol))) => {
                out.push((scol + 1, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some((i, col)),
            _ => {}
        }
    }
    if let Some((s, scol)) = start {
        out.push((scol + 1, &text[s..]));
    }
    out
}

/// At most 60 characters of `t` for a message: a number of any integer type is named whole.
fn short(t: &str) -> String {
    t.chars().take(60).collect()
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let fields = fields(text);
        if !(2..=4).contains(&fields.len()) {
            return Err(PositionError::FieldCount {
                found: fields.len(),
            });
        }
        let err = |field: &'static str, column: usize, reason: String| PositionError::Field {
            field,
            column,
            reason,
        };
        let (pcol, placement) = fields[0];
        let bad = |column: usize, reason: String| err("placement", column, reason);
        let mut pos = Position::empty();
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 9 {
            return Err(bad(pcol, format!("{} ranks, not 9", ranks.len())));
        }
        let mut column = pcol;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 8 - i as u32;
            let mut file = 0u32;
            let mut last_digit = false;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=7).contains(&d) {
                        return Err(bad(
                            column,
                            format!("{c:?}: a run of empty squares is 1 to 7"),
                        ));
                    }
                    if last_digit {
                        return Err(bad(
                            column,
                            format!("two digits side by side in rank {}", rank + 1),
                        ));
                    }
                    file += d;
                    last_digit = true;
                } else {
                    last_digit = false;
                    let Some((side, animal)) = Animal::from_letter(c) else {
                        return Err(bad(
                            column,
                            format!(
                                "{c:?} is not a piece (E L T P W D C R, e l t p w d c r) or a count of empty squares 1-7"
                            ),
                        ));
                    };
                    if file >= 7 {
                        return Err(bad(
                            column,
                            format!("rank {} has more than 7 squares", rank + 1),
                        ));
                    }
                    let square = (rank * 7 + file) as u8;
                    let b = bit(square);
                    if pos.pieces(side, animal) != 0 {
                        return Err(bad(
                            column,
                            format!(
                                "a second {} {} (one of each animal a side)",
                                side_name(side).to_lowercase(),
                                animal.name()
                            ),
                        ));
                    }
                    if b & WATER != 0 && animal != Animal::Rat {
                        return Err(bad(
                            column,
                            format!(
                                "the {} on {} stands on water (only the rat swims)",
                                animal.name(),
                                name(square)
                            ),
                        ));
                    }
                    if b & own_den(side) != 0 {
                        return Err(bad(
                            column,
                            format!(
                                "the {} on {} stands on its own den",
                                animal.name(),
                                name(square)
                            ),
                        ));
                    }
                    if b & enemy_den(side) != 0 {
                        return Err(bad(
                            column,
                            format!(
                                "the {} on {} stands on the enemy den (the game would be over)",
                                animal.name(),
                                name(square)
                            ),
                        ));
                    }
                    pos.put(side, animal, square);
                    file += 1;
                }
                if file > 7 {
                    return Err(bad(
                        column,
                        format!("rank {} has more than 7 squares", rank + 1),
                    ));
                }
                column += 1;
            }
            if file != 7 {
                return Err(bad(
                    column,
                    format!("rank {} has {file} squares, not 7", rank + 1),
                ));
            }
            column += 1; // the `/`
        }
        if pos.occ == [0, 0] {
            return Err(bad(pcol, "no pieces at all".into()));
        }
        let (scol, side) = fields[1];
        pos.side = match side {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(err(
                    "side",
                    scol,
                    format!("{:?} is not w or b", short(other)),
                ));
            }
        };
        if pos.side == Side::Black {
            pos.hash ^= KEYS.black;
        }
        let counter = |field: &'static str, (col, t): (usize, &str)| {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err(
                    field,
                    col,
                    format!("{:?} is not a whole number", short(t)),
                ));
            }
            t.parse::<u32>()
                .map_err(|_| err(field, col, format!("{} is too large", short(t))))
        };
        if let Some(&f) = fields.get(2) {
            pos.quiet = counter("quiet-plies", f)?;
        }
        if let Some(&f) = fields.get(3) {
            pos.fullmove = counter("move-number", f)?;
            if pos.fullmove == 0 {
                return Err(err("move-number", f.0, "0 (it starts at 1)".into()));
            }
        }
        Ok(pos)
    }
}

impl fmt::Display for Position {
    /// The full position string: placement, side, quiet plies and move number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..9u8).rev() {
            let mut empty = 0;
            for file in 0..7u8 {
                let Some((side, animal)) = self.piece_at(rank * 7 + file) else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{}", animal.letter_of(side))?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = if self.side == Side::White { 'w' } else { 'b' };
        write!(f, " {side} {} {}", self.quiet, self.fullmove)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position() {
        let start = Position::startpos();
        assert_eq!(
            start.to_string(),
            "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1"
        );
        assert_eq!(start.jungine(), START);
        let mut moves: Vec<String> = start.legal_moves().iter().map(Move::to_string).collect();
        moves.sort();
        assert_eq!(
            moves.join(" "),
            "a1a2 a1b1 a3a2 a3a4 a3b3 b2a2 b2b1 b2b3 b2c2 c3b3 c3c2 c3d3 e3d3 e3e2 e3f3 f2e2 f2f1 f2f3 f2g2 g1f1 g1g2 g3f3 g3g2 g3g4"
        );
    }

    #[test]
    fn hashes_follow_the_moves() {
        let start = Position::startpos();
        start.for_each_legal(|mv, next| {
            let again: Position = next.to_string().parse().unwrap();
            assert_eq!(again, *next, "{mv}");
            assert_ne!(next.hash_key(), start.hash_key());
        });
    }

    #[test]
    fn bad_strings_name_field_and_column() {
        for (text, words) in [
            (
                "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1 w",
                "column 1: 8 ranks",
            ),
            (
                "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T51L w",
                "column 41: two digits",
            ),
            (
                "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5LL w",
                "column 42: rank 1 has more",
            ),
            (
                "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5 w",
                "column 41: rank 1 has 6",
            ),
            ("x5t/7/7/7/7/7/7/7/7 w", "column 1: 'x' is not a piece"),
            ("l5t/7/7/7/7/7/7/7/7 x", "side, column 21"),
            ("l5l/7/7/7/7/7/7/7/7 w", "column 3: a second black lion"),
            (
                "l6/7/7/1E5/7/7/7/7/7 w",
                "column 9: the elephant on b6 stands on water",
            ),
            ("l6/7/7/7/7/7/7/7/3L3 w", "own den"),
            ("3L3/7/7/7/7/7/7/7/7 w", "enemy den"),
            ("7/7/7/7/7/7/7/7/7 w", "no pieces"),
            ("l6/7/7/7/7/7/7/7/7 w 0 0", "move-number, column 24"),
            ("l6/7/7/7/7/7/7/7/7 w x", "quiet-plies"),
            ("l6/7/7/7/7/7/7/7/7/7 w", "10 ranks"),
            ("l6/7/7/7/7/7/7/7/8 w", "1 to 7"),
        ] {
            let e = text.parse::<Position>().unwrap_err().to_string();
            assert!(e.contains(words), "{text}: {e}");
        }
        assert!(matches!(
            "l6/7/7/7/7/7/7/7/7".parse::<Position>(),
            Err(PositionError::FieldCount { found: 1 })
        ));
    }
}
