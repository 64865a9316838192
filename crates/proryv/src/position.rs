//! Positions: the position string (§7.2), its checks (§7.3), legal plies (§4-§5) and the ends of
//! the game that a position shows by itself (§6 steps 1-3).

use crate::NAME;
use crate::geometry::{A1, CORNERS, H8, KING, bit, rook_attacks, surrounded};
use crate::ply::{Ply, PlyError};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use zonal_board::{Shape, Side};

/// Rooks a side has in all.
pub const ROOKS: u8 = 8;

/// A position of Прорыв: the pieces, the hands, the side to move and the counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rooks: [u64; 2],
    kings: [u8; 2],
    hands: [u8; 2],
    side: Side,
    quiet: u32,
    fullmove: u32,
}

/// How a game ended by the position alone (draws need the game's history).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The Kings touch while `loser`'s King stands on its home square (D11).
    ContactAtHome {
        /// The side that lost.
        loser: Side,
    },
    /// `winner`'s King stands on its target square (D12).
    TargetReached {
        /// The side that won.
        winner: Side,
    },
    /// The side to move, `loser`, has no legal ply (D13).
    NoLegalPly {
        /// The side that lost.
        loser: Side,
    },
}

impl Outcome {
    /// The winning side.
    pub const fn winner(self) -> Side {
        match self {
            Outcome::ContactAtHome { loser } | Outcome::NoLegalPly { loser } => loser.other(),
            Outcome::TargetReached { winner } => winner,
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
        let name = |s: Side| match s {
            Side::White => "White",
            Side::Black => "Black",
        };
        match *self {
            Outcome::ContactAtHome { loser } => write!(
                f,
                "{} ({} King touched at home)",
                self.result(),
                name(loser)
            ),
            Outcome::TargetReached { winner } => {
                write!(
                    f,
                    "{} ({} King reached its target)",
                    self.result(),
                    name(winner)
                )
            }
            Outcome::NoLegalPly { loser } => {
                write!(f, "{} ({} has no legal ply)", self.result(), name(loser))
            }
        }
    }
}

/// A position string that does not give a valid position (§7.3).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Not 3 or 5 fields.
    #[error(
        "{NAME}: a position string has 3 or 5 fields (placement side hands [quiet move]), found {found}"
    )]
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// One field is wrong.
    #[error("{NAME}: position string, {field}: {reason}")]
    Field {
        /// The field: placement, side, hands, quiet or move number.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
}

fn field_error(field: &'static str, reason: impl Into<String>) -> PositionError {
    PositionError::Field {
        field,
        reason: reason.into(),
    }
}

fn name(sq: u8) -> String {
    Shape::EIGHT.name(u32::from(sq))
}

impl Position {
    /// The start: Kings on a1 and h8, eight rooks in each hand, White to drop.
    pub const fn startpos() -> Position {
        Position {
            rooks: [0, 0],
            kings: [A1, H8],
            hands: [ROOKS, ROOKS],
            side: Side::White,
            quiet: 0,
            fullmove: 1,
        }
    }

    /// The side to move.
    #[inline]
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// The rooks of `side` (bit i = square i, a1 = 0).
    #[inline]
    pub const fn rooks(&self, side: Side) -> u64 {
        self.rooks[side as usize]
    }

    /// The square of `side`'s King.
    #[inline]
    pub const fn king(&self, side: Side) -> u8 {
        self.kings[side as usize]
    }

    /// The rooks `side` still has to drop.
    #[inline]
    pub const fn hand(&self, side: Side) -> u8 {
        self.hands[side as usize]
    }

    /// Plies since the last drop, capture or removal.
    #[inline]
    pub const fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The move number (starts at 1, up after each Black ply).
    #[inline]
    pub const fn move_number(&self) -> u32 {
        self.fullmove
    }

    /// The position without its counters: what a repetition compares (placement, side to
    /// move, hands).
    pub const fn repetition_key(&self) -> Position {
        Position {
            quiet: 0,
            fullmove: 1,
            ..*self
        }
    }

    /// The same placement with `side` to move, if that is a valid position (phase 2 only: in the
    /// placement phase the hands fix the side to move).
    pub fn with_side_to_move(&self, side: Side) -> Option<Position> {
        if self.in_placement() || self.decided().is_some() {
            return (self.side == side).then_some(*self);
        }
        let pos = Position { side, ..*self };
        (!pos.in_check(Side::White) && !pos.in_check(Side::Black)).then_some(pos)
    }

    /// The positions after each legal ply of the side to move, the side to move staying the
    /// same (the opponent passes): the approach cost's search (D17). Empty when the game is over.
    pub(crate) fn plies_alone(&self) -> Vec<Position> {
        let mut out = Vec::new();
        self.for_each_legal(|_, next| {
            out.push(Position {
                side: self.side,
                ..*next
            })
        });
        out
    }

    /// Whether the Kings touch while `side`'s King stands at home (a loss for `side`, D11).
    pub(crate) fn lost_by_contact(&self, side: Side) -> bool {
        self.decided() == Some(Outcome::ContactAtHome { loser: side })
    }

    /// Whether the placement phase is on (a rook still in a hand).
    #[inline]
    pub const fn in_placement(&self) -> bool {
        self.hands[0] > 0 || self.hands[1] > 0
    }

    /// The home square of `side`'s King (where it starts): a1 or h8.
    #[inline]
    pub const fn home(side: Side) -> u8 {
        match side {
            Side::White => A1,
            Side::Black => H8,
        }
    }

    /// The target square of `side`'s King: the enemy's home.
    #[inline]
    pub const fn target(side: Side) -> u8 {
        Position::home(side.other())
    }

    /// Every occupied square.
    #[inline]
    pub const fn occupied(&self) -> u64 {
        self.rooks[0] | self.rooks[1] | bit(self.kings[0]) | bit(self.kings[1])
    }

    /// Whether `side`'s King is attacked by an enemy rook (D4).
    #[inline]
    pub fn in_check(&self, side: Side) -> bool {
        rook_attacks(self.king(side), self.occupied()) & self.rooks(side.other()) != 0
    }

    /// The end the position itself shows, if any: contact with a King at home, a King on its
    /// target, or no legal ply for the side to move (§6 steps 1-3; draws need the history).
    pub fn outcome(&self) -> Option<Outcome> {
        self.decided()
            .or_else(|| (!self.has_legal_ply()).then_some(Outcome::NoLegalPly { loser: self.side }))
    }

    /// Whether the game is over by [`Position::outcome`].
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// §6 steps 1-2: a ply has ended the game.
    fn decided(&self) -> Option<Outcome> {
        let [w, b] = self.kings;
        if KING[w as usize] & bit(b) != 0 {
            if w == A1 {
                return Some(Outcome::ContactAtHome { loser: Side::White });
            }
            if b == H8 {
                return Some(Outcome::ContactAtHome { loser: Side::Black });
            }
        }
        if w == H8 {
            return Some(Outcome::TargetReached {
                winner: Side::White,
            });
        }
        if b == A1 {
            return Some(Outcome::TargetReached {
                winner: Side::Black,
            });
        }
        None
    }

    /// The position after `ply` if it is legal by §4-§5 (the piece may make it and afterwards,
    /// removals done, no King is in check); `None` otherwise. Does not look at the game's end.
    #[inline]
    fn try_play(&self, ply: Ply) -> Option<Position> {
        if self.pseudo_legal(ply) {
            self.after(ply)
        } else {
            None
        }
    }

    /// Whether the side to move may make `ply` by the movement rules (§4.2-§4.4), the no-check
    /// rule aside: what [`Position::for_each_candidate`] generates.
    fn pseudo_legal(&self, ply: Ply) -> bool {
        let us = self.side as usize;
        let them = 1 - us;
        let to = ply.to();
        let occ = self.occupied();
        match ply.from() {
            None => self.hands[us] > 0 && (occ | CORNERS) & bit(to) == 0,
            Some(_) if self.hands[us] > 0 => false,
            Some(from) if from == self.kings[us] => {
                KING[from as usize] & bit(to) != 0
                    && self.rooks[us] & bit(to) == 0
                    && self.kings[them] != to
            }
            Some(from) => {
                self.rooks[us] & bit(from) != 0
                    && rook_attacks(from, occ) & !occ & !CORNERS & bit(to) != 0
            }
        }
    }

    /// The position after the pseudo-legal `ply` (removals done, counters moved on), or `None`
    /// when a King is then in check (§4.1).
    #[inline]
    fn after(&self, ply: Ply) -> Option<Position> {
        let us = self.side as usize;
        let them = 1 - us;
        let to = ply.to();
        let mut next = *self;
        let mut reset = false;
        match ply.from() {
            None => {
                next.rooks[us] |= bit(to);
                next.hands[us] -= 1;
                reset = true;
            }
            Some(from) if from == self.kings[us] => {
                if self.rooks[them] & bit(to) != 0 {
                    next.rooks[them] &= !bit(to);
                    reset = true;
                }
                next.kings[us] = to;
            }
            Some(from) => next.rooks[us] ^= bit(from) | bit(to),
        }
        next.remove_surrounded(&mut reset);
        if next.in_check(Side::White) || next.in_check(Side::Black) {
            return None;
        }
        next.quiet = if reset { 0 } else { self.quiet + 1 };
        if self.side == Side::Black {
            next.fullmove += 1;
        }
        next.side = self.side.other();
        Some(next)
    }

    /// Removes every surrounded rook (D8, D9).
    #[inline]
    fn remove_surrounded(&mut self, removed: &mut bool) {
        let gone = surrounded(self.rooks[0] | self.rooks[1], self.occupied());
        if gone != 0 {
            self.rooks[0] &= !gone;
            self.rooks[1] &= !gone;
            *removed = true;
        }
    }

    /// Calls `f` with every pseudo-legal ply (legal but for the no-check rule of §4.1).
    #[inline]
    fn for_each_candidate(&self, mut f: impl FnMut(Ply) -> bool) {
        let us = self.side as usize;
        let them = 1 - us;
        let occ = self.occupied();
        if self.hands[us] > 0 {
            let mut targets = !occ & !CORNERS;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                if !f(Ply::drop(to)) {
                    return;
                }
            }
            return;
        }
        let k = self.kings[us];
        let mut steps = KING[k as usize] & !self.rooks[us] & !bit(self.kings[them]);
        while steps != 0 {
            let to = steps.trailing_zeros() as u8;
            steps &= steps - 1;
            if !f(Ply::step(k, to)) {
                return;
            }
        }
        let mut rooks = self.rooks[us];
        while rooks != 0 {
            let from = rooks.trailing_zeros() as u8;
            rooks &= rooks - 1;
            let mut targets = rook_attacks(from, occ) & !occ & !CORNERS;
            while targets != 0 {
                let to = targets.trailing_zeros() as u8;
                targets &= targets - 1;
                if !f(Ply::step(from, to)) {
                    return;
                }
            }
        }
    }

    /// The legal plies (empty when the game is over by §6 steps 1-2), drops by square, then
    /// King steps, then rook moves.
    pub fn legal_plies(&self) -> Vec<Ply> {
        let mut out = Vec::with_capacity(64);
        if self.decided().is_some() {
            return out;
        }
        self.for_each_candidate(|ply| {
            if self.after(ply).is_some() {
                out.push(ply);
            }
            true
        });
        out
    }

    /// The number of legal plies, without collecting them.
    pub fn count_legal_plies(&self) -> u64 {
        if self.decided().is_some() {
            return 0;
        }
        let mut n = 0;
        self.for_each_candidate(|ply| {
            n += u64::from(self.after(ply).is_some());
            true
        });
        n
    }

    /// Calls `f` with every legal ply and the position after it.
    pub fn for_each_legal(&self, mut f: impl FnMut(Ply, &Position)) {
        if self.decided().is_some() {
            return;
        }
        self.for_each_candidate(|ply| {
            if let Some(next) = self.after(ply) {
                f(ply, &next);
            }
            true
        });
    }

    fn has_legal_ply(&self) -> bool {
        let mut found = false;
        self.for_each_candidate(|ply| {
            found = self.after(ply).is_some();
            !found
        });
        found
    }

    /// The position after the legal ply `ply`.
    ///
    /// # Panics
    /// If `ply` is not legal here (use [`Position::parse_ply`] or [`Position::legal_plies`]).
    pub fn play(&self, ply: &Ply) -> Position {
        match self.try_play(*ply) {
            Some(next) if self.decided().is_none() => next,
            _ => panic!("{NAME}: {ply} is not a legal ply in {self}"),
        }
    }

    /// Reads a ply and checks that it is legal here; the error names the rule it breaks.
    pub fn parse_ply(&self, text: &str) -> Result<Ply, PlyError> {
        let ply = Ply::parse(text.trim())?;
        if self.decided().is_none() && self.try_play(ply).is_some() {
            return Ok(ply);
        }
        Err(PlyError::Illegal {
            ply: ply.to_string(),
            reason: self.why_illegal(ply),
        })
    }

    /// The rule an illegal `ply` breaks, in words.
    fn why_illegal(&self, ply: Ply) -> String {
        if let Some(outcome) = self.decided() {
            return format!("the game is over: {outcome}");
        }
        let us = self.side;
        let them = us.other();
        let to = ply.to();
        let occ = self.occupied();
        let corner = "no rook may stand on a corner square (a1 a2 b1 b2 g7 g8 h7 h8)";
        let check = "afterwards, surrounded rooks removed, a King would be in check";
        match ply.from() {
            None if self.hand(us) == 0 => "no rook is left in hand: rooks move now".into(),
            None if occ & bit(to) != 0 => {
                format!("a rook may not be dropped on {}: it is occupied", name(to))
            }
            None if CORNERS & bit(to) != 0 => {
                format!("a rook may not be dropped on {}: {corner}", name(to))
            }
            None => format!("a rook may not be dropped on {}: {check}", name(to)),
            Some(_) if self.hand(us) > 0 => {
                "in the placement phase every ply is a drop (`R@d4`)".into()
            }
            Some(from) if from == self.king(us) => {
                if KING[from as usize] & bit(to) == 0 {
                    "a King steps to a neighbouring square".into()
                } else if self.rooks(us) & bit(to) != 0 {
                    format!("{} holds a rook of the King's own side", name(to))
                } else if self.king(them) == to {
                    "a King never takes a King".into()
                } else if self.rooks(them) & bit(to) != 0 {
                    format!(
                        "the rook on {} is protected (or taking it uncovers a check)",
                        name(to)
                    )
                } else {
                    check.into()
                }
            }
            Some(from) if self.rooks(us) & bit(from) != 0 => {
                if occ & bit(to) != 0 {
                    format!("rooks never capture: {} is occupied", name(to))
                } else if rook_attacks(from, occ) & bit(to) == 0 {
                    "a rook moves along a clear rank or file".into()
                } else if CORNERS & bit(to) != 0 {
                    corner.into()
                } else {
                    format!("{check} (a rook may not give check or leave a pin)")
                }
            }
            Some(from) => format!("no piece of the side to move stands on {}", name(from)),
        }
    }

    /// The position string's checks that need the whole position (§7.3).
    fn validate(&self) -> Result<(), PositionError> {
        let placement = |reason: String| Err(field_error("placement", reason));
        let [w, b] = self.kings;
        if (self.rooks[0] | self.rooks[1]) & CORNERS != 0 {
            let sq = ((self.rooks[0] | self.rooks[1]) & CORNERS).trailing_zeros() as u8;
            return placement(format!("a rook on the corner square {}", name(sq)));
        }
        for side in Side::BOTH {
            let i = side as usize;
            if self.hands[i] > ROOKS {
                return Err(field_error(
                    "hands",
                    format!("{} rooks in a hand (at most 8)", self.hands[i]),
                ));
            }
            let total = self.rooks[i].count_ones() as u8 + self.hands[i];
            if total > ROOKS {
                return Err(field_error(
                    "hands",
                    format!("{total} rooks of one colour on the board and in hand (at most 8)"),
                ));
            }
        }
        if self.in_placement() {
            if w != A1 || b != H8 {
                return placement("in the placement phase the Kings stand on a1 and h8".into());
            }
            let fits = match self.side {
                Side::White => self.hands[0] == self.hands[1] && self.hands[0] >= 1,
                Side::Black => self.hands[1] == self.hands[0] + 1,
            };
            if !fits {
                return Err(field_error(
                    "hands",
                    format!(
                        "{}:{} does not fit {} to move in the placement phase",
                        self.hands[0],
                        self.hands[1],
                        if self.side == Side::White {
                            "White"
                        } else {
                            "Black"
                        }
                    ),
                ));
            }
        }
        for side in Side::BOTH {
            if self.in_check(side) {
                return placement(format!("the King on {} is in check", name(self.king(side))));
            }
        }
        let gone = surrounded(self.rooks[0] | self.rooks[1], self.occupied());
        if gone != 0 {
            return placement(format!(
                "the rook on {} is surrounded (it would have been removed)",
                name(gone.trailing_zeros() as u8)
            ));
        }
        let on_target = |s: Side| self.king(s) == Position::target(s);
        if on_target(Side::White) && on_target(Side::Black) {
            return placement("both Kings stand on their targets".into());
        }
        if on_target(self.side) {
            return placement(
                "the King of the side to move stands on its target (no ply leads there)".into(),
            );
        }
        Ok(())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 3 && fields.len() != 5 {
            return Err(PositionError::FieldCount {
                found: fields.len(),
            });
        }
        let mut pos = Position {
            rooks: [0, 0],
            kings: [0, 0],
            hands: [0, 0],
            side: Side::White,
            quiet: 0,
            fullmove: 1,
        };
        let mut kings: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(field_error(
                "placement",
                format!("{} ranks, not 8", ranks.len()),
            ));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0u8;
            let mut last_digit = false;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    if last_digit {
                        return Err(field_error(
                            "placement",
                            format!("two digits side by side in rank {}", rank + 1),
                        ));
                    }
                    file += d as u8;
                    last_digit = true;
                    continue;
                }
                last_digit = false;
                if file >= 8 {
                    return Err(field_error(
                        "placement",
                        format!("rank {} has more than 8 squares", rank + 1),
                    ));
                }
                let sq = rank * 8 + file;
                match c {
                    'R' => pos.rooks[0] |= bit(sq),
                    'r' => pos.rooks[1] |= bit(sq),
                    'K' => kings[0].push(sq),
                    'k' => kings[1].push(sq),
                    other => {
                        return Err(field_error(
                            "placement",
                            format!(
                                "{other:?} is not a piece (K R k r) or a count of empty squares 1-8"
                            ),
                        ));
                    }
                }
                file += 1;
            }
            if file != 8 {
                return Err(field_error(
                    "placement",
                    format!("rank {} has {file} squares, not 8", rank + 1),
                ));
            }
        }
        for side in Side::BOTH {
            match kings[side as usize].as_slice() {
                [k] => pos.kings[side as usize] = *k,
                other => {
                    return Err(field_error(
                        "placement",
                        format!(
                            "{} {} Kings, not one",
                            other.len(),
                            if side == Side::White {
                                "white"
                            } else {
                                "black"
                            }
                        ),
                    ));
                }
            }
        }
        pos.side = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(field_error(
                    "side",
                    format!(
                        "{:?} is not w or b",
                        other.chars().take(60).collect::<String>()
                    ),
                ));
            }
        };
        let hand = |t: &str| {
            t.parse::<u8>()
                .ok()
                .filter(|_| t.bytes().all(|b| b.is_ascii_digit()))
        };
        match fields[2].split_once(':').map(|(a, b)| (hand(a), hand(b))) {
            Some((Some(a), Some(b))) => pos.hands = [a, b],
            _ => {
                return Err(field_error(
                    "hands",
                    format!(
                        "{:?} is not white:black rook counts such as 8:8",
                        fields[2].chars().take(60).collect::<String>()
                    ),
                ));
            }
        }
        if fields.len() == 5 {
            let counter = |field: &'static str, t: &str| {
                if !t.bytes().all(|b| b.is_ascii_digit()) || t.is_empty() {
                    return Err(field_error(
                        field,
                        format!(
                            "{:?} is not a whole number",
                            t.chars().take(60).collect::<String>()
                        ),
                    ));
                }
                t.parse::<u32>().map_err(|_| {
                    field_error(
                        field,
                        format!("{} is too large", t.chars().take(60).collect::<String>()),
                    )
                })
            };
            pos.quiet = counter("quiet", fields[3])?;
            pos.fullmove = counter("move number", fields[4])?;
            if pos.fullmove == 0 {
                return Err(field_error("move number", "0 (it starts at 1)"));
            }
        }
        pos.validate()?;
        Ok(pos)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq = rank * 8 + file;
                let c = if self.rooks[0] & bit(sq) != 0 {
                    'R'
                } else if self.rooks[1] & bit(sq) != 0 {
                    'r'
                } else if self.kings[0] == sq {
                    'K'
                } else if self.kings[1] == sq {
                    'k'
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{c}")?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = if self.side == Side::White { 'w' } else { 'b' };
        write!(
            f,
            " {side} {}:{} {} {}",
            self.hands[0], self.hands[1], self.quiet, self.fullmove
        )
    }
}
