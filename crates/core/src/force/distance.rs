//! Distance maps (docs/zones.md §1): how many moves a piece needs to reach each square as the board
//! stands, by breadth-first search over its steps with the other pieces as obstacles.
//!
//! The search expands whole frontiers at once with the set-wise steps of [`ForceGame::expand`]; the
//! other pieces block (a square holding a piece may be the last square of a path, never a square
//! passed through), and squares the piece may never stop on are left out.
//!

use super::{ForceGame, Squares};
use crate::distance::DistanceMap;
use zonal_board::SquareSet;

/// MAP_p(from, .): the least number of moves `piece` needs from `from` to every square.
///
/// `occupied` holds the other pieces (not the piece itself): they block lines and may only be the
/// last square of a path (the goal is enterable). Remove own pieces from `occupied` to treat them
/// as removable.
pub fn distance_map<R: ForceGame>(
    rules: &R,
    piece: R::Piece,
    from: R::Square,
    occupied: R::Set,
) -> DistanceMap<R::Set> {
    let occupied = occupied.minus(R::Set::from_square(from));
    DistanceMap::grow(
        R::SHAPE,
        from.into(),
        u32::MAX,
        |frontier| rules.expand(piece, frontier, occupied),
        rules.goals(piece, occupied),
        rules.waypoints(piece, occupied),
    )
}

/// MAPrev_p(goal, .): for every square v, the least number of moves `piece` would need from v to
/// `goal` (searching backwards from the goal over reversed steps).
///
/// `occupied` holds the other pieces; the piece's own square must not be in it. Squares a path
/// passes through (and its start) must be squares the piece may stand on.
pub fn reverse_map<R: ForceGame>(
    rules: &R,
    piece: R::Piece,
    goal: R::Square,
    occupied: R::Set,
) -> DistanceMap<R::Set> {
    // A goal the piece may not end on is reached from nowhere.
    let enter = if rules.goals(piece, occupied).contains(goal) {
        rules.waypoints(piece, occupied)
    } else {
        R::Set::EMPTY
    };
    DistanceMap::grow(
        R::SHAPE,
        goal.into(),
        u32::MAX,
        |frontier| rules.expand_reverse(piece, frontier, occupied),
        enter,
        !R::Set::EMPTY,
    )
}

/// The squares whose contents a search of `map` up to `depth` moves could observe: those within
/// `depth` moves and everything one step from those within `depth - 1` (blockers included). If
/// none of them changes, the map up to `depth` stays the same. `occupied` and `piece` must be
/// those the map was built with.
pub fn observed<R: ForceGame>(
    rules: &R,
    map: &DistanceMap<R::Set>,
    piece: R::Piece,
    occupied: R::Set,
    depth: u32,
) -> R::Set {
    let reached = map.within(depth);
    if depth == 0 {
        return reached;
    }
    reached | rules.expand(piece, map.within(depth - 1), occupied)
}
