//! The projection by force sums (`zonal_core::force`) on a board that is not 8x8: a sample game of
//! sliding towers on 11x11 (121 squares, `u128` sets), force the number of towers that reach a
//! square, a capture gated by superiority. The zones come out as the method says, and the
//! incremental projection gives exactly a rebuild after every move of random games, so nothing in
//! the builder or the cache assumes a board size or a square count.

use std::fmt;
use zonal_board::{Shape, Side, SquareSet};
use zonal_core::force::incremental::Tracker;
use zonal_core::force::zone::{Projection, Role, ZoneConfig};
use zonal_core::force::{BoardSquare, ForceGame};
use zonal_core::rng::Rng;

const SHAPE: Shape = match Shape::new(11, 11) {
    Ok(shape) => shape,
    Err(_) => panic!("11x11 is a board shape"),
};

/// A square of the 11x11 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Cell(u8);

impl BoardSquare for Cell {
    fn at(index: u32) -> Cell {
        Cell(index as u8)
    }
}

impl From<Cell> for u32 {
    fn from(c: Cell) -> u32 {
        c.0 as u32
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&SHAPE.name(self.0 as u32))
    }
}

fn cell(name: &str) -> Cell {
    Cell(SHAPE.parse_square(name).expect("a square") as u8)
}

/// A tower of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Tower(Side);

impl fmt::Display for Tower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0 == Side::White { "T" } else { "t" })
    }
}

/// A move from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step(u8, u8);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", Cell(self.0), Cell(self.1))
    }
}

/// Towers of both sides and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    towers: [u128; 2],
    to_move: Side,
}

impl Pos {
    fn of(white: &[&str], black: &[&str], to_move: Side) -> Pos {
        let set = |names: &[&str]| {
            names
                .iter()
                .fold(0u128, |s, n| s | u128::single(u32::from(cell(n))))
        };
        Pos {
            towers: [set(white), set(black)],
            to_move,
        }
    }
    fn occupied(&self) -> u128 {
        self.towers[0] | self.towers[1]
    }
}

/// The aims of the sample game: a capture only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Aim {
    Capture,
}

/// The squares a tower on `from` reaches: along ranks and files up to and including the first
/// occupied square.
fn slides(from: u32, occupied: u128) -> u128 {
    let mut out = 0u128;
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut sq = from;
        while let Some(next) = SHAPE.offset(sq, df, dr) {
            out |= u128::single(next);
            if occupied.has(next) {
                break;
            }
            sq = next;
        }
    }
    out
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Towers;

impl ForceGame for Towers {
    type Piece = Tower;
    type Position = Pos;
    type Move = Step;
    type Aim = Aim;
    type Square = Cell;
    type Set = u128;
    const SHAPE: Shape = SHAPE;
    const CAPTURE: Aim = Aim::Capture;

    fn side(&self, piece: Tower) -> Side {
        piece.0
    }
    fn piece_at(&self, pos: &Pos, sq: Cell) -> Option<Tower> {
        Side::BOTH
            .into_iter()
            .find(|s| pos.towers[s.index()].has(sq.into()))
            .map(Tower)
    }
    fn pieces_of(&self, pos: &Pos, side: Side) -> u128 {
        pos.towers[side.index()]
    }
    fn side_to_move(&self, pos: &Pos) -> Side {
        pos.to_move
    }
    fn expand(&self, _: Tower, frontier: u128, occupied: u128) -> u128 {
        frontier
            .squares()
            .fold(0, |acc, sq| acc | slides(sq, occupied))
    }
    fn expand_reverse(&self, piece: Tower, targets: u128, occupied: u128) -> u128 {
        // Slides are symmetric.
        self.expand(piece, targets, occupied)
    }
    fn waypoints(&self, _: Tower, occupied: u128) -> u128 {
        SHAPE.all::<u128>() & !occupied
    }
    fn goals(&self, _: Tower, _: u128) -> u128 {
        SHAPE.all()
    }
    fn passed_over(&self, _: Tower, from: Cell, to: Cell) -> u128 {
        let (from, to) = (u32::from(from), u32::from(to));
        let df = (SHAPE.file(to) as i32 - SHAPE.file(from) as i32).signum();
        let dr = (SHAPE.rank(to) as i32 - SHAPE.rank(from) as i32).signum();
        let mut out = 0u128;
        let mut sq = SHAPE.offset(from, df, dr);
        while let Some(s) = sq.filter(|&s| s != to) {
            out |= u128::single(s);
            sq = SHAPE.offset(s, df, dr);
        }
        out
    }
    fn force_on(&self, pos: &Pos, side: Side, sq: Cell) -> i32 {
        let reach = slides(sq.into(), pos.occupied());
        (reach & pos.towers[side.index()]).count() as i32
    }
    fn force_region(sq: Cell) -> u128 {
        let s = u32::from(sq);
        SHAPE.rank_mask::<u128>(SHAPE.rank(s)) | SHAPE.file_mask::<u128>(SHAPE.file(s))
    }
    fn aims(&self, pos: &Pos, piece: Tower, _: Cell) -> Vec<(Cell, Aim)> {
        pos.towers[piece.0.other().index()]
            .squares()
            .map(|s| (Cell::at(s), Aim::Capture))
            .collect()
    }
    fn strength(&self, _: Tower) -> i32 {
        1
    }
    fn capture_needs_superiority(&self, _: Tower) -> bool {
        true
    }
    fn sums_after(&self, pos: &Pos, relocations: &[(Cell, Cell)], sq: Cell) -> [i32; 2] {
        let mut after = *pos;
        for &(from, to) in relocations {
            if let Some(t) = self.piece_at(&after, from) {
                for side in &mut after.towers {
                    *side &= !u128::single(from.into()) & !u128::single(to.into());
                }
                after.towers[t.0.index()] |= u128::single(to.into());
            }
        }
        [
            self.force_on(&after, Side::White, sq),
            self.force_on(&after, Side::Black, sq),
        ]
    }
    fn legal_moves(&self, pos: &Pos) -> Vec<Step> {
        let us = pos.to_move.index();
        let mut out = Vec::new();
        for from in pos.towers[us].squares() {
            let to = slides(from, pos.occupied()) & !pos.towers[us];
            out.extend(to.squares().map(|t| Step(from as u8, t as u8)));
        }
        out
    }
    fn changed_squares(&self, _: &Pos, mv: &Step) -> u128 {
        u128::single(mv.0 as u32) | u128::single(mv.1 as u32)
    }
    fn play(&self, pos: &Pos, mv: &Step) -> Pos {
        let (from, to) = (u128::single(mv.0 as u32), u128::single(mv.1 as u32));
        let us = pos.to_move.index();
        let mut next = *pos;
        next.towers[us] = (next.towers[us] & !from) | to;
        next.towers[1 - us] &= !to;
        next.to_move = pos.to_move.other();
        next
    }
}

#[test]
fn a_tower_two_moves_from_an_undefended_one_on_the_far_corner() {
    // White a1 against Black k11 across the whole board: two moves either way round.
    let pos = Pos::of(&["a1"], &["k11"], Side::White);
    let mp = Projection::build(&Towers, &pos, &ZoneConfig::default());
    let zone = mp
        .zones
        .iter()
        .find(|z| z.root_square() == cell("a1"))
        .expect("a zone of the a1 tower");
    assert_eq!(zone.target.square, cell("k11"));
    let root = &zone.root().trajectory;
    assert_eq!(root.len(), 2);
    assert_eq!(zone.root().alternatives, 2);
    // The path's first step slides across nine squares of the 11-wide board.
    assert_eq!(root.passed[0].count(), 9);
    // The Black tower meets it on its way: a capture of the root, not an open road.
    assert!(zone.trajectories.iter().any(|t| t.role != Role::Root));
}

#[test]
fn a_defended_target_is_not_taken() {
    // Black k11 is defended by Black k1 along the k-file; White's a11 tower reaches k11 in one
    // move but alone has no superiority there.
    let pos = Pos::of(&["a11"], &["k11", "k1"], Side::White);
    let mp = Projection::build(&Towers, &pos, &ZoneConfig::default());
    let zone = mp
        .zones
        .iter()
        .find(|z| z.root_square() == cell("a11") && z.target.square == cell("k11"))
        .expect("a zone of a11 against k11");
    assert!(!zone.is_open(), "{zone:?}");
}

#[test]
fn the_incremental_projection_is_a_rebuild_on_an_11x11_board() {
    let config = ZoneConfig {
        horizon: 4,
        parallel: false,
        ..ZoneConfig::default()
    };
    let mut rng = Rng::new(11);
    let mut compared = 0;
    for game in 0..12 {
        let mut names: Vec<u32> = (0..SHAPE.len()).collect();
        let mut pick = |rng: &mut Rng| names.swap_remove(rng.below(names.len()));
        let mut pos = Pos {
            towers: [0, 0],
            to_move: if game % 2 == 0 {
                Side::White
            } else {
                Side::Black
            },
        };
        for i in 0..8 {
            pos.towers[i % 2] |= u128::single(pick(&mut rng));
        }
        let mut tracker = Tracker::new(&Towers, pos, config.clone());
        for _ in 0..30 {
            let moves = Towers.legal_moves(tracker.position());
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            tracker.play(&mv);
            let fresh = Projection::build(&Towers, tracker.position(), &config);
            assert_eq!(
                format!("{:?}", tracker.projection()),
                format!("{fresh:?}"),
                "game {game}"
            );
            compared += 1;
        }
    }
    assert!(compared >= 300, "{compared} positions compared");
}
