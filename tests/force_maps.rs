//! The incrementally updated force map equals a from-scratch computation, and both equal the
//! per-square lookup used by move generation, on every position of many random games; moves
//! generated from the map's superiority are the rules' moves.

use crate::common;

use chess_t1::force::{self, ForceMap, changed_squares};
use chess_t1::{Color, Position, Square};
use common::{Rng, SEEDS, random_game};

#[test]
fn incremental_force_map_equals_rebuild() {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for (i, seed) in SEEDS.iter().enumerate() {
        let start: Position = seed.parse().expect("seed position");
        for game in 0..12 {
            let mut map = ForceMap::new(start.board());
            let mut prev = *start.board();
            random_game(&start, 120, &mut rng, |pos| {
                let board = pos.board();
                map.update(&prev, board, changed_squares(&prev, board));
                let scratch = ForceMap::new(board);
                assert_eq!(
                    map, scratch,
                    "seed {i} game {game}: incremental map differs at {pos}"
                );
                prev = *board;
                checked += 1;
            });
        }
    }
    assert!(checked > 1000, "only {checked} positions checked");
}

#[test]
fn lookup_sums_equal_force_map() {
    let mut rng = Rng::new(11);
    for seed in SEEDS {
        let start: Position = seed.parse().expect("seed position");
        for _ in 0..6 {
            random_game(&start, 100, &mut rng, |pos| {
                let board = pos.board();
                let map = ForceMap::new(board);
                for sq in Square::all() {
                    for color in Color::BOTH {
                        assert_eq!(
                            force::sums_at(board, color, sq),
                            map.side_force(color, sq),
                            "{color} on {sq} in {pos}"
                        );
                        assert_eq!(
                            force::effective_at(board, color, sq),
                            map.effective(board, color, sq)
                        );
                    }
                }
                // The word-wise superiority of the map is the square-by-square one.
                let both = map.superiority_both(board);
                for color in Color::BOTH {
                    let slow: Vec<Square> = Square::all()
                        .filter(|&sq| force::has_superiority(board, color, sq))
                        .collect();
                    let fast: Vec<Square> = both[color.index()].into_iter().collect();
                    assert_eq!(fast, slow, "{color}'s superiority in {pos}");
                }
                // Moves generated from that superiority are the moves of the rules, and so are
                // the tactical ones; the check test agrees too.
                let us = pos.side_to_move();
                let mut given = Vec::new();
                pos.moves_given_superiority(both[us.index()], false, &mut given);
                assert_eq!(given, pos.generate_moves(), "moves of {pos}");
                pos.moves_given_superiority(both[us.index()], true, &mut given);
                assert_eq!(given, pos.tactical_moves(), "tactical moves of {pos}");
                assert_eq!(
                    pos.has_moves_given_superiority(both[us.index()]),
                    pos.has_moves()
                );
                for color in Color::BOTH {
                    assert_eq!(
                        pos.in_check_given(color, both[color.other().index()]),
                        pos.in_check(color),
                        "check of {color} in {pos}"
                    );
                }
            });
        }
    }
}

#[test]
fn start_position_sums() {
    let pos = Position::startpos();
    let map = ForceMap::new(pos.board());
    let sq = |s: &str| -> Square { s.parse().unwrap() };
    // d3: Konnet d1 jumps (3 units) + Knecht d2 (1) + Knecht... c2/e2 are not orthogonal to d3.
    assert_eq!(map.raw(Color::White, sq("d3")), 8);
    // e2: the Knecht itself (1), King e1 (1½), Konnet d1 diagonal (3), Prince f1 diagonal (1½),
    // Knechts d2 and f2 (1 + 1), Knecht e2 is self; 1+1.5+3+1.5+1+1 = 9 units.
    assert_eq!(map.raw(Color::White, sq("e2")), 18);
    assert_eq!(map.raw(Color::Black, sq("e2")), 0);
    // a3: Ritter a1 jumps (2), Knecht a2 (1), Scout b1 (0).
    assert_eq!(map.raw(Color::White, sq("a3")), 6);
    // a4: Knecht a2 two-step (1).
    assert_eq!(map.raw(Color::White, sq("a4")), 2);
}
