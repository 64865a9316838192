//! Exact distance maps: every piece kind on the empty board, with obstacles, castle squares and
//! the Knecht's one-way moves. Grids are written rank 8 first, `-` for unreachable.

use chess_t1::distance::{distance_map, reverse_map};
use chess_t1::rules::ChessT1;
use chess_t1::{Bitboard, Color, Piece, PieceKind, Position, Square};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn grid(map: &chess_t1::distance::DistanceMap) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let row: Vec<String> = (0..8)
            .map(|file| {
                let s = Square::from_coords(file, rank).unwrap();
                map.distance(s).map_or("-".to_string(), |d| d.to_string())
            })
            .collect();
        rows.push(row.join(" "));
    }
    rows.join("\n")
}

fn empty_map(piece: &str, from: &str) -> String {
    let p = Piece::from_char(piece.chars().next().unwrap()).unwrap();
    grid(&distance_map(&ChessT1, p, sq(from), Bitboard::EMPTY))
}

fn on(pos: &str, from: &str) -> chess_t1::distance::DistanceMap {
    let pos: Position = pos.parse().unwrap();
    let piece = pos.piece_at(sq(from)).unwrap();
    distance_map(&ChessT1, piece, sq(from), pos.board().occupied())
}

#[test]
fn king_on_empty_board() {
    assert_eq!(
        empty_map("K", "e4"),
        "4 4 4 4 4 4 4 4\n4 3 3 3 3 3 3 3\n4 3 2 2 2 2 2 3\n4 3 2 1 1 1 2 3\n\
         4 3 2 1 0 1 2 3\n4 3 2 1 1 1 2 3\n4 3 2 2 2 2 2 3\n4 3 3 3 3 3 3 3"
    );
}

#[test]
fn konnet_and_prince_on_empty_board() {
    assert_eq!(
        empty_map("C", "e4"),
        "2 2 2 3 2 3 2 2\n2 1 2 2 2 2 2 1\n2 2 1 2 1 2 1 2\n3 2 2 1 1 1 2 2\n\
         2 2 1 1 0 1 1 2\n3 2 2 1 1 1 2 2\n2 2 1 2 1 2 1 2\n2 1 2 2 2 2 2 1"
    );
    assert_eq!(
        empty_map("P", "e4"),
        "2 2 2 3 2 3 2 2\n2 1 2 2 3 2 2 1\n2 2 1 2 2 2 1 2\n3 2 2 1 1 1 2 2\n\
         2 3 2 1 0 1 2 3\n3 2 2 1 1 1 2 2\n2 2 1 2 2 2 1 2\n2 1 2 2 3 2 2 1"
    );
}

#[test]
fn ritter_never_enters_castles() {
    assert_eq!(
        empty_map("R", "e4"),
        "4 4 - - - - 3 4\n4 4 3 3 2 3 3 4\n3 3 2 2 1 2 2 3\n3 3 2 2 1 2 2 3\n\
         2 2 1 1 0 1 1 2\n3 3 2 2 1 2 2 3\n3 3 2 2 1 2 2 3\n4 4 - - - - 3 4"
    );
}

#[test]
fn scout_is_the_chess_knight_but_never_lands_on_an_empty_castle_square() {
    let map = empty_map("S", "a1");
    assert_eq!(
        map,
        "5 4 - - - - 5 6\n4 3 4 3 4 5 4 5\n3 4 3 4 3 4 5 4\n2 3 2 3 4 3 4 5\n\
         3 2 3 2 3 4 3 4\n2 1 4 3 2 3 4 5\n3 4 1 2 3 4 3 4\n0 3 - - - - 4 5"
    );
    // An occupied castle square is a goal (exchange), never a square to pass through.
    let m = on("3k4/8/8/8/8/8/8/S7 w - 0 1", "a1");
    assert_eq!(m.distance(sq("d8")), Some(4)); // a1-b3-d4-c6-d8
    assert_eq!(m.distance(sq("c8")), None);
}

#[test]
fn knechts_move_one_way_with_two_steps_at_home() {
    // White Knecht on e2: one step in four directions, the two-step only from ranks 1-2, never
    // into its own castle, and rank 8 ends its trajectory (it would promote there; on an empty
    // enemy castle square too).
    assert_eq!(
        empty_map("N", "e2"),
        "9 8 7 6 5 6 7 8\n8 7 6 5 4 5 6 7\n7 6 5 4 3 4 5 6\n6 5 4 3 2 3 4 5\n\
         5 4 3 2 1 2 3 4\n5 4 3 2 1 2 3 4\n4 3 2 1 0 1 2 3\n5 4 - - - - 3 4"
    );
    // Black Knecht on d7: forward is down, the two-step goes 7 -> 5.
    assert_eq!(
        empty_map("n", "d7"),
        "4 3 - - - - 4 5\n3 2 1 0 1 2 3 4\n4 3 2 1 2 3 4 5\n4 3 2 1 2 3 4 5\n\
         5 4 3 2 3 4 5 6\n6 5 4 3 4 5 6 7\n7 6 5 4 5 6 7 8\n8 7 6 5 6 7 8 9"
    );
    // The Ver Knecht moves the same way.
    assert_eq!(empty_map("V", "e2"), empty_map("N", "e2"));
}

#[test]
fn obstacles_block_lines_but_may_be_the_goal() {
    // A piece on e3 blocks the Knecht's two-step e2-e4: e4 now takes 3 moves (d2-d4-e4).
    let m = on("8/8/8/8/8/4r3/4N3/8 w - 0 1", "e2");
    assert_eq!(m.distance(sq("e3")), Some(1));
    assert_eq!(m.distance(sq("e4")), Some(3));
    // A Prince's diagonal stops at the first piece: f5 is reachable (the goal is enterable),
    // g6 behind it is not reachable in one move, nor in two.
    let m = on("8/8/8/5n2/4P3/8/8/8 w - 0 1", "e4");
    assert_eq!(m.distance(sq("f5")), Some(1));
    assert_eq!(m.distance(sq("g6")), Some(3));
    // Same with an own piece: obstacles are obstacles, whoever owns them.
    let own = on("8/8/8/5N2/4P3/8/8/8 w - 0 1", "e4");
    assert_eq!(own.distance(sq("g6")), Some(3));
    // ... unless own pieces are treated as removable.
    let prince = Piece::new(Color::White, PieceKind::Prince);
    let removable = distance_map(&ChessT1, prince, sq("e4"), Bitboard::EMPTY);
    assert_eq!(removable.distance(sq("g6")), Some(1));
    // A Ritter jumps: with e5 and e6 occupied both are still one move away.
    let m = on("8/8/4n3/4n3/4R3/8/8/8 w - 0 1", "e4");
    assert_eq!(
        (m.distance(sq("e5")), m.distance(sq("e6"))),
        (Some(1), Some(1))
    );
    // A square behind pieces may become unreachable: a King boxed in by pieces reaches only
    // the pieces around it.
    let m = on("8/8/8/3nnn2/3rKr2/3rrr2/8/8 w - 0 1", "e4");
    assert_eq!(m.reachable().len(), 9);
    assert_eq!(m.distance(sq("e6")), None);
}

#[test]
fn reverse_maps_invert_one_way_moves() {
    let knecht = Piece::new(Color::Black, PieceKind::Knecht);
    let m = reverse_map(&ChessT1, knecht, sq("d5"), Bitboard::EMPTY);
    assert_eq!(m.distance(sq("d7")), Some(1)); // the two-step
    assert_eq!(m.distance(sq("d6")), Some(1)); // forward (down)
    assert_eq!(m.distance(sq("d4")), Some(1)); // backward (up)
    assert_eq!(m.distance(sq("d3")), Some(2));
    assert_eq!(m.distance(sq("d8")), None); // a castle square: never a start for a Knecht
    // For every start square, the reverse distance equals the forward one.
    for from in Square::all() {
        let forward = distance_map(&ChessT1, knecht, from, Bitboard::EMPTY);
        if !from.is_castle() && from.rank() != 0 {
            assert_eq!(forward.distance(sq("d5")), m.distance(from), "from {from}");
        }
    }
}
