//! The projection of a game whose control is a question of **force sums** (zones.md §3-5): a side
//! stops a root piece on a square when it has superiority of force there on arrival, a capture may
//! need superiority, and a square is weighed by the sums of both sides once the pieces in time have
//! arrived. zones-games.md §2 names this model for the first game; the games whose control is a
//! single piece's presence use [`crate::zone`] instead.
//!
//! A game implements [`ForceGame`]: how a piece steps (set-wise, forwards and backwards), where it
//! may stand and end, what a step passes over, the force on a square, what a root aims at, and the
//! squares whose contents can change the force on a square. The core does the rest:
//! - [`distance`]: distance maps ([`crate::DistanceMap`]) of a piece, forwards and backwards;
//! - [`trajectory`]: shortest trajectory bundles as layered graphs, admissible trajectories;
//! - [`zone`]: zones with negations of every level, supports, contests, linked and complex zones;
//! - [`incremental`]: the projection kept up to date move by move, exactly equal to a rebuild.
//!
//! Squares and square sets are the game's own types ([`ForceGame::Square`], [`ForceGame::Set`]),
//! so that its reports keep their names; the core sees them as indices below the board's
//! [`Shape`] and as [`SquareSet`]s.

pub mod distance;
pub mod incremental;
pub mod trajectory;
pub mod zone;

use std::fmt::{Debug, Display};
use std::hash::Hash;
use zonal_board::{Shape, Side, SquareSet};

/// A game's square as the core sees it: an index below the board's square count.
pub trait BoardSquare:
    Copy + Eq + Ord + Hash + Debug + Display + Send + Sync + Into<u32> + 'static
{
    /// The square of index `index` (below the board's square count).
    fn at(index: u32) -> Self;
    /// Its index (the same number as its `u32` form).
    #[inline]
    fn index(self) -> usize {
        let index: u32 = self.into();
        index as usize
    }
}

/// What the projection does with a game's square set beyond [`SquareSet`]: its squares typed as
/// the game's squares.
pub trait Squares<Q: BoardSquare>: SquareSet {
    /// The set of just `sq`.
    #[inline]
    fn from_square(sq: Q) -> Self {
        Self::single(sq.index() as u32)
    }
    /// Whether `sq` is in the set.
    #[inline]
    fn contains(self, sq: Q) -> bool {
        self.has(sq.index() as u32)
    }
    /// The set without the squares of `other`.
    #[inline]
    fn minus(self, other: Self) -> Self {
        self & !other
    }
    /// Whether the two sets share a square.
    #[inline]
    fn intersects(self, other: Self) -> bool {
        !(self & other).is_empty()
    }
    /// Adds `sq`.
    #[inline]
    fn insert(&mut self, sq: Q) {
        *self |= Self::from_square(sq);
    }
    /// The lowest square, if any.
    #[inline]
    fn lowest(self) -> Option<Q> {
        self.first().map(Q::at)
    }
    /// The squares, lowest first.
    #[inline]
    fn each(self) -> impl Iterator<Item = Q> {
        self.squares().map(Q::at)
    }
    /// The set of `squares`.
    #[inline]
    fn of(squares: impl IntoIterator<Item = Q>) -> Self {
        Self::from_squares(squares.into_iter().map(|sq| sq.index() as u32))
    }
}

impl<Q: BoardSquare, S: SquareSet> Squares<Q> for S {}

/// What the trajectory and zone layers need to know about a game whose control is a question of
/// force sums.
pub trait ForceGame: Copy + Default + Send + Sync + Debug + PartialEq + Eq + Hash {
    /// A piece together with its side.
    type Piece: Copy + Eq + Hash + Debug + Display + Send + Sync;
    /// A position of the game.
    type Position: Clone + Send + Sync;
    /// A move of the game.
    type Move: Copy + Eq + Debug + Display + Send + Sync;
    /// What a root may aim at (the game's kinds of target).
    type Aim: Copy + Eq + Ord + Hash + Debug + Send + Sync;
    /// A square of its board.
    type Square: BoardSquare;
    /// A set of squares of its board.
    type Set: Squares<Self::Square> + Send + Sync;
    /// The board.
    const SHAPE: Shape;
    /// The aim of a capture: what a linked zone aims at (the square of a negation).
    const CAPTURE: Self::Aim;

    /// The side a piece belongs to.
    fn side(&self, piece: Self::Piece) -> Side;
    /// The piece on `sq`, if any.
    fn piece_at(&self, pos: &Self::Position, sq: Self::Square) -> Option<Self::Piece>;
    /// Squares holding pieces of `side`.
    fn pieces_of(&self, pos: &Self::Position, side: Side) -> Self::Set;
    /// The side to move.
    fn side_to_move(&self, pos: &Self::Position) -> Side;

    /// Squares one step of `piece` from any square of `frontier` can land on, given `occupied`
    /// (the other pieces): non-jumping lines stop at, and include, the first occupied square;
    /// squares the piece may never enter are left out.
    fn expand(&self, piece: Self::Piece, frontier: Self::Set, occupied: Self::Set) -> Self::Set;
    /// The inverse of [`ForceGame::expand`]: squares from which one step of `piece` lands on a
    /// square of `targets`, given `occupied`.
    fn expand_reverse(
        &self,
        piece: Self::Piece,
        targets: Self::Set,
        occupied: Self::Set,
    ) -> Self::Set;
    /// Squares `piece` may stand on between two steps of a trajectory (empty ones only).
    fn waypoints(&self, piece: Self::Piece, occupied: Self::Set) -> Self::Set;
    /// Squares on which a trajectory of `piece` may end: empty squares it may stop on, and
    /// occupied squares it could move onto if the occupant were an enemy.
    fn goals(&self, piece: Self::Piece, occupied: Self::Set) -> Self::Set;
    /// The squares a step from `from` to `to` passes over and could be blocked on (beta-squares):
    /// empty for jumping steps.
    fn passed_over(&self, piece: Self::Piece, from: Self::Square, to: Self::Square) -> Self::Set;
    /// Effective force of `side` on `sq`, in the game's integer units.
    fn force_on(&self, pos: &Self::Position, side: Side, sq: Self::Square) -> i32;
    /// The squares whose contents can change the force on `sq`: `sq` itself and every square a
    /// piece could act on it from or across. The incremental projection rebuilds what a change
    /// there could alter, so it must not leave one out.
    fn force_region(sq: Self::Square) -> Self::Set;
    /// The targets a root piece on `from` may aim at: squares with what reaching them achieves.
    fn aims(
        &self,
        pos: &Self::Position,
        piece: Self::Piece,
        from: Self::Square,
    ) -> Vec<(Self::Square, Self::Aim)>;
    /// The force `piece` adds on each square it acts on.
    fn strength(&self, piece: Self::Piece) -> i32;
    /// Whether `piece` needs superiority of force to capture (false for a piece whose captures
    /// the game never gates).
    fn capture_needs_superiority(&self, piece: Self::Piece) -> bool;
    /// Effective force sums `[first side, second side]` on `sq` after moving pieces as
    /// `relocations` say (each `(from, to)` moves the piece on `from` to `to`, replacing what
    /// stood there). Used to weigh a contested square when pieces have arrived.
    fn sums_after(
        &self,
        pos: &Self::Position,
        relocations: &[(Self::Square, Self::Square)],
        sq: Self::Square,
    ) -> [i32; 2];
    /// Legal moves of the side to move.
    fn legal_moves(&self, pos: &Self::Position) -> Vec<Self::Move>;
    /// The squares whose contents `mv` changes in `pos`.
    fn changed_squares(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Set;
    /// The position after `mv`.
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;
}
