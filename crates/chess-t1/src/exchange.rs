//! The exchange on one square (docs/zones.md §4): the chess-t1 counterpart of chess SEE.
//!
//! Starting with the side to move, the two sides take turns on a square `sq`. At each turn the
//! side to move may **stop** (worth 0 from there on) or make any **legal** capture or Scout
//! exchange onto `sq` (every move of [`Position::legal_moves`] going to `sq` that is not quiet).
//! Legality already encodes everything chess-t1 asks of a capture: superiority of force on `sq`
//! before the move (docs/chess-t1-rules.md §5.1), the castle rules (§4.2: non-royal attackers of a castle square
//! count only beside a royal one, non-royal pieces never enter a castle), royal confinement (§3),
//! and the Scout's ungated captures and exchanges (§5.3). After every capture the position is
//! really played ([`Position::play`]), so force sums are recomputed, lines open and close, and
//! promotions happen; every promotion choice is a separate option.
//!
//! What a capture is worth to its side, in the half-units of a [`Material`] table:
//! - an ordinary capture: the value of the captured piece, plus (value of what the capturer
//!   becomes - value of what it was) when the capture promotes it;
//! - a Scout exchange: the victim's value minus the Scout's (both leave the board); the square is
//!   then empty and the sequence ends;
//! - a capture that decides the game ([`Position::decided`]: the King or the castle captured):
//!   [`DECISIVE`], and the sequence ends.
//!
//! The **value** of the exchange is the minimax of that sequence for the side that starts. It is
//! never negative, as the side may always stop at once. Ties go to stopping: the principal line
//! holds only captures that strictly improve on stopping at that point, so an even trade (value 0)
//! shows an empty line; [`exchange_after`] gives the line after a chosen first capture.
//! Among equally good captures the least valuable capturer is preferred (then coordinates).
//! Positions reached by different orders of the same captures are evaluated once.
//!
//! Why lines are short in chess-t1: an ordinary capture needs superiority, and afterwards the
//! capturer acts on the square with the same strength (more if it promoted) while the victim's
//! self-defence is gone, so the capturing side's superiority only grows. The other side can
//! answer only with a Scout, or through a line the capture opened (a diagonal or a Knecht
//! two-step passing the capturer's starting square). A Scout capture needs no superiority, so
//! ordinary recaptures may follow it.
//!
//! ```
//! use chess_t1::exchange::{Material, exchange};
//! use chess_t1::{Color, PieceKind, Position};
//!
//! // docs/chess-t1-rules.md §10 E4: W: K c1, R d3, N f3. B: V e3, P h1. e3 is 3:1½ for White.
//! let pos: Position = "8/8/8/8/8/3RvN2/8/2K4p w - 0 1".parse().unwrap();
//! let e3 = "e3".parse().unwrap();
//! let x = exchange(&pos, e3, &Material::default());
//! assert_eq!(x.side, Color::White);
//! assert_eq!(x.initial, [6, 3]);
//! // The Knecht takes the Ver Knecht (1½ units) and nothing of Black's can take back.
//! assert_eq!(x.value, 3);
//! assert_eq!(x.line.len(), 1);
//! assert_eq!(x.line[0].uci(), "f3e3");
//! assert_eq!(x.line[0].captured, Some(PieceKind::VerKnecht));
//! ```

use crate::force;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, PieceKind};
use crate::position::{Position, Reason};
use crate::square::{Color, Square};
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// The score of a capture that decides the game (King or castle captured): far above any
/// material balance a [`Material`] table can produce.
pub const DECISIVE: i32 = 100_000;

/// Largest value [`Material::parse`] accepts for one piece, in half-units. With at most 32
/// pieces on the board, material sums stay far below [`DECISIVE`].
pub const MAX_PIECE_VALUE: i32 = 1_000;

/// Piece values in half-units, used to score captures.
///
/// | piece | letter | default (half-units) | units |
/// |---|---|---|---|
/// | Knecht | N | 2 | 1 |
/// | Ver Knecht | V | 3 | 1½ |
/// | Prince | P | 3 | 1½ |
/// | Ritter | R | 4 | 2 |
/// | Scout | S | 4 | 2 |
/// | Konnet | C | 6 | 3 |
///
/// The defaults are the pieces' strengths (docs/chess-t1-rules.md §2), with the Scout, whose strength is special,
/// valued as a Ritter. The King is not valued: its value is always 0, since its capture decides
/// the game (scored [`DECISIVE`] by the exchange).
///
/// ```
/// use chess_t1::exchange::Material;
/// use chess_t1::PieceKind;
/// let m: Material = "S=5,c=7".parse().unwrap();
/// assert_eq!(m.value(PieceKind::Scout), 5);
/// assert_eq!(m.value(PieceKind::Konnet), 7);
/// assert_eq!(m.value(PieceKind::Knecht), 2); // not given: the default
/// assert_eq!(m, Material::default().with(PieceKind::Scout, 5).with(PieceKind::Konnet, 7));
/// assert_eq!(m.to_string(), "N=2,V=3,P=3,R=4,S=5,C=7");
/// assert!(Material::parse("K=9").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Material {
    /// Values indexed by [`PieceKind::index`]; the King's entry stays 0.
    values: [i32; 7],
}

/// The valued kinds in the order [`Material`]'s text form lists them.
const VALUED: [PieceKind; 6] = [
    PieceKind::Knecht,
    PieceKind::VerKnecht,
    PieceKind::Prince,
    PieceKind::Ritter,
    PieceKind::Scout,
    PieceKind::Konnet,
];

impl Default for Material {
    fn default() -> Material {
        let mut values = [0; 7];
        values[PieceKind::Knecht.index()] = 2;
        values[PieceKind::VerKnecht.index()] = 3;
        values[PieceKind::Prince.index()] = 3;
        values[PieceKind::Ritter.index()] = 4;
        values[PieceKind::Scout.index()] = 4;
        values[PieceKind::Konnet.index()] = 6;
        Material { values }
    }
}

/// Why a material table text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MaterialError {
    /// An entry is not of the form `LETTER=VALUE`.
    #[error("material entry {:?} is not LETTER=VALUE (expected e.g. N=2,V=3,P=3,R=4,S=4,C=6)", crate::excerpt::excerpt(.entry))]
    Malformed {
        /// The entry.
        entry: String,
    },
    /// The letter names no valued piece.
    #[error("material entry {:?}: unknown piece letter (expected one of N V P R S C)", crate::excerpt::excerpt(.entry))]
    UnknownPiece {
        /// The entry.
        entry: String,
    },
    /// The King was given a value.
    #[error(
        "material entry {:?}: the King is not valued (its capture decides the game); use N V P R S C",
        crate::excerpt::excerpt(.entry)
    )]
    King {
        /// The entry.
        entry: String,
    },
    /// The value is not a whole number of half-units in range.
    #[error(
        "material entry {:?}: the value must be a whole number of half-units from 0 to {MAX_PIECE_VALUE}",
        crate::excerpt::excerpt(.entry)
    )]
    BadValue {
        /// The entry.
        entry: String,
    },
    /// The same piece was given twice.
    #[error("material table gives the {piece} twice")]
    Duplicate {
        /// The piece's name.
        piece: &'static str,
    },
}

impl Material {
    /// The value of `kind` in half-units (0 for the King).
    #[inline]
    pub const fn value(&self, kind: PieceKind) -> i32 {
        self.values[kind.index()]
    }

    /// This table with `kind` valued `value` half-units. Setting the King's value does nothing:
    /// the King is never valued. Keep values within 0..=[`MAX_PIECE_VALUE`] (as
    /// [`Material::parse`] does) so that [`DECISIVE`] stays above any material balance.
    #[must_use]
    pub const fn with(mut self, kind: PieceKind, value: i32) -> Material {
        if !matches!(kind, PieceKind::King) {
            self.values[kind.index()] = value;
        }
        self
    }

    /// Parses a table such as `N=2,V=3,P=3,R=4,S=4,C=6`: comma-separated `LETTER=VALUE` entries
    /// (letters of the position notation, either case; values in half-units, 0 to
    /// [`MAX_PIECE_VALUE`]; spaces ignored). Pieces not named keep their default value; an empty
    /// text gives the defaults. The King (`K`) may not be given, nor a piece twice.
    pub fn parse(text: &str) -> Result<Material, MaterialError> {
        let mut material = Material::default();
        let mut seen = [false; 7];
        for entry in text.split(',') {
            let entry = entry.trim();
            if entry.is_empty() && text.trim().is_empty() {
                continue;
            }
            let owned = || entry.to_string();
            let Some((letter, value)) = entry.split_once('=') else {
                return Err(MaterialError::Malformed { entry: owned() });
            };
            let mut chars = letter.trim().chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(MaterialError::Malformed { entry: owned() });
            };
            let kind =
                PieceKind::from_letter(c).ok_or(MaterialError::UnknownPiece { entry: owned() })?;
            if kind == PieceKind::King {
                return Err(MaterialError::King { entry: owned() });
            }
            let value: i32 = value
                .trim()
                .parse()
                .ok()
                .filter(|v| (0..=MAX_PIECE_VALUE).contains(v))
                .ok_or(MaterialError::BadValue { entry: owned() })?;
            if std::mem::replace(&mut seen[kind.index()], true) {
                return Err(MaterialError::Duplicate { piece: kind.name() });
            }
            material = material.with(kind, value);
        }
        Ok(material)
    }

    /// The value of `piece`'s kind.
    #[inline]
    pub const fn piece(&self, piece: Piece) -> i32 {
        self.value(piece.kind)
    }

    /// Total value of `side`'s pieces on the board, in half-units.
    pub fn total(&self, pos: &Position, side: Color) -> i32 {
        PieceKind::ALL
            .iter()
            .map(|&kind| pos.board().pieces(side, kind).len() as i32 * self.value(kind))
            .sum()
    }

    /// Material of `side` minus the other side's, in half-units.
    pub fn balance(&self, pos: &Position, side: Color) -> i32 {
        self.total(pos, side) - self.total(pos, side.other())
    }

    /// What `mv` (a legal move) gains its side in material, ignoring what follows: the captured
    /// or exchanged piece's value, plus the change of the moving piece by promotion, minus the
    /// Scout for an exchange. 0 for a quiet move without promotion. Deciding the game is not
    /// counted here (see [`exchange_after`]).
    pub fn gain(&self, mv: &Move) -> i32 {
        let taken = mv.captured.map_or(0, |k| self.value(k));
        match mv.kind {
            MoveKind::Exchange => taken - self.value(mv.piece),
            MoveKind::Quiet | MoveKind::Capture => {
                taken + self.value(mv.promotion.unwrap_or(mv.piece)) - self.value(mv.piece)
            }
        }
    }
}

impl FromStr for Material {
    type Err = MaterialError;

    fn from_str(text: &str) -> Result<Material, MaterialError> {
        Material::parse(text)
    }
}

impl fmt::Display for Material {
    /// The text form [`Material::parse`] reads, e.g. `N=2,V=3,P=3,R=4,S=4,C=6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, kind) in VALUED.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}={}", kind.letter(), self.value(*kind))?;
        }
        Ok(())
    }
}

/// One capture of an exchange line, with the situation before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The position before the capture (its side to move makes it).
    pub before: Position,
    /// The capture or Scout exchange.
    pub mv: Move,
    /// Effective force sums White, Black on the square before the capture (half-units).
    pub sums_before: [i32; 2],
    /// What the capture alone gains its side ([`Material::gain`]), half-units.
    pub gain: i32,
}

impl Step {
    /// The side making the capture.
    #[inline]
    pub fn side(&self) -> Color {
        self.before.side_to_move()
    }
}

/// The result of an exchange on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// The square fought over.
    pub square: Square,
    /// The side that starts (the side to move of the position).
    pub side: Color,
    /// The piece on the square at the start, if any.
    pub target: Option<Piece>,
    /// The minimax value for `side` in half-units ([`DECISIVE`] if it wins the game in the line).
    /// Never negative for [`exchange`]; may be negative for [`exchange_after`].
    pub value: i32,
    /// The principal line: the captures both sides make, `side` first.
    pub line: Vec<Move>,
    /// The same captures with the position, sums and material gain before each.
    pub steps: Vec<Step>,
    /// Effective force sums White, Black on the square before the first capture (half-units).
    pub initial: [i32; 2],
    /// The win decided by the last capture of the line (King or castle captured), if any.
    pub outcome: Option<(Color, Reason)>,
    /// The position after the whole line.
    pub end: Position,
}

impl Exchange {
    /// The material balance of the line for `side` (the sum of the gains, signed), in
    /// half-units. Equals [`Exchange::value`] unless the line ends by deciding the game.
    pub fn material(&self) -> i32 {
        self.steps
            .iter()
            .map(|s| {
                if s.side() == self.side {
                    s.gain
                } else {
                    -s.gain
                }
            })
            .sum()
    }
}

/// Effective sums White, Black on `sq`.
fn sums(pos: &Position, sq: Square) -> [i32; 2] {
    Color::BOTH.map(|c| force::effective_at(pos.board(), c, sq))
}

/// The legal captures and Scout exchanges of the side to move onto `sq`, least valuable
/// capturer first (then by coordinates), the order in which ties are broken.
pub fn captures_on(pos: &Position, sq: Square, material: &Material) -> Vec<Move> {
    let mut list: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.to == sq && m.kind != MoveKind::Quiet)
        .collect();
    list.sort_by_cached_key(|m| (material.value(m.piece), m.piece, m.from, m.promotion));
    list
}

/// Minimax over the captures on one square, with the values of positions already seen.
struct Solver<'a> {
    sq: Square,
    material: &'a Material,
    seen: HashMap<Position, (i32, Option<Move>)>,
}

impl Solver<'_> {
    /// Score of `mv` for its side: [`DECISIVE`] if it decides the game, else its gain minus the best
    /// the opponent then gets on the square.
    fn score(&mut self, pos: &Position, mv: &Move) -> i32 {
        let next = pos.play(mv);
        if next.decided().is_some() {
            DECISIVE
        } else if mv.kind == MoveKind::Exchange {
            // The square is empty now: nothing more to take there.
            self.material.gain(mv)
        } else {
            self.material.gain(mv) - self.value(&next)
        }
    }

    /// Value for the side to move of `pos` (stopping is worth 0) and the capture achieving it.
    fn best(&mut self, pos: &Position) -> (i32, Option<Move>) {
        if let Some(&known) = self.seen.get(pos) {
            return known;
        }
        let mut best = (0, None);
        for mv in captures_on(pos, self.sq, self.material) {
            let score = self.score(pos, &mv);
            if score > best.0 {
                best = (score, Some(mv));
            }
        }
        self.seen.insert(*pos, best);
        best
    }

    fn value(&mut self, pos: &Position) -> i32 {
        self.best(pos).0
    }

    /// Follows the best captures from `pos`, appending them to `steps`; returns the last
    /// position and the decided outcome, if any.
    fn principal(
        &mut self,
        mut pos: Position,
        steps: &mut Vec<Step>,
    ) -> (Position, Option<(Color, Reason)>) {
        loop {
            if pos.decided().is_some() {
                return (pos, pos.decided());
            }
            let (_, Some(mv)) = self.best(&pos) else {
                return (pos, None);
            };
            steps.push(self.step(&pos, mv));
            pos = pos.play(&mv);
        }
    }

    fn step(&self, pos: &Position, mv: Move) -> Step {
        Step {
            before: *pos,
            mv,
            sums_before: sums(pos, self.sq),
            gain: self.material.gain(&mv),
        }
    }
}

fn finish(pos: &Position, sq: Square, value: i32, steps: Vec<Step>, end: Position) -> Exchange {
    Exchange {
        square: sq,
        side: pos.side_to_move(),
        target: pos.piece_at(sq),
        value,
        line: steps.iter().map(|s| s.mv).collect(),
        outcome: if steps.is_empty() {
            None
        } else {
            end.decided()
        },
        steps,
        initial: sums(pos, sq),
        end,
    }
}

/// The exchange on `sq` in `pos`, the side to move starting (see the [module](self) doc).
///
/// If `sq` is empty, holds a piece of the side to move, or the side to move has no legal capture
/// there (or the game is over), the value is 0 and the line is empty. Never panics.
pub fn exchange(pos: &Position, sq: Square, material: &Material) -> Exchange {
    let mut solver = Solver {
        sq,
        material,
        seen: HashMap::new(),
    };
    let value = solver.value(pos);
    let mut steps = Vec::new();
    let (end, _) = solver.principal(*pos, &mut steps);
    finish(pos, sq, value, steps, end)
}

/// The exchange when the side to move of `pos` first plays `mv`, one of its legal moves, and
/// both sides then go on optimally on `mv.to`: the value is what `mv` gains
/// ([`Material::gain`]; [`DECISIVE`] if it decides the game) minus the best the opponent then gets on
/// that square. It may be negative. Useful to order moves: for a capture it is the capture's
/// exchange value; for a quiet move, whether the piece moved is safe on its new square.
///
/// The line starts with `mv`. `mv` must come from `pos`'s legal moves; otherwise the result
/// means nothing (but nothing panics).
pub fn exchange_after(pos: &Position, mv: &Move, material: &Material) -> Exchange {
    let sq = mv.to;
    let mut solver = Solver {
        sq,
        material,
        seen: HashMap::new(),
    };
    let value = solver.score(pos, mv);
    let mut steps = vec![solver.step(pos, *mv)];
    let next = pos.play(mv);
    let end = if next.decided().is_some() || mv.kind == MoveKind::Exchange {
        next
    } else {
        solver.principal(next, &mut steps).0
    };
    finish(pos, sq, value, steps, end)
}
