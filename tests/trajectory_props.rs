//! Properties of distance maps, reverse maps, shortest-trajectory bundles and admissible
//! trajectories (docs/zones.md §1), checked against the plain square-by-square oracle in
//! `tests/plain_bfs` on random positions: sample middlegames, random scatters of 2-30 pieces,
//! and hypothetical pieces of every kind and colour on every square.

use crate::plain_bfs;

use chess_t1::distance::{DistanceMap, distance_map, reverse_map};
use chess_t1::rules::ChessT1;
use chess_t1::sample::{Rng, middlegames};
use chess_t1::trajectory::{Bundle, Trajectory, admissible, shortest_from_map};
use chess_t1::{Bitboard, Board, Color, Piece, PieceKind, Square};
use plain_bfs as oracle;
use plain_bfs::Dist;
use proptest::prelude::*;
use std::collections::HashSet;

/// Largest bundle whose trajectories are enumerated and compared one by one.
const ENUMERATION_CAP: u128 = 5000;

fn sq(name: &str) -> Square {
    name.parse().expect("square name")
}

fn set(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

fn all_pieces() -> Vec<Piece> {
    PieceKind::ALL
        .iter()
        .flat_map(|&kind| Color::BOTH.map(|color| Piece::new(color, kind)))
        .collect()
}

fn random_piece(rng: &mut Rng) -> Piece {
    let kind = PieceKind::ALL[rng.below(PieceKind::ALL.len())];
    Piece::new(Color::BOTH[rng.below(2)], kind)
}

/// 2-30 random pieces of random kinds and colours on random squares (one per square, nothing
/// else respected).
fn scatter(rng: &mut Rng) -> Board {
    let n = 2 + rng.below(29);
    let mut board = Board::empty();
    while board.occupied().len() < n as u32 {
        let square = Square::new(rng.below(64) as u8);
        if board.piece_at(square).is_none() {
            board.put(square, random_piece(rng));
        }
    }
    board
}

/// Sample middlegames followed by random scatters.
fn boards(seed: u64, games: usize, scatters: usize) -> Vec<Board> {
    let mut out: Vec<Board> = middlegames(games, seed)
        .iter()
        .map(|pos| *pos.board())
        .collect();
    let mut rng = Rng::new(seed ^ 0xabcd);
    out.extend((0..scatters).map(|_| scatter(&mut rng)));
    out
}

fn dist_of(map: &DistanceMap) -> Dist {
    let all = map.distances();
    std::array::from_fn(|i| all[i])
}

fn squares_where(pred: impl Fn(Square) -> bool) -> Bitboard {
    Square::all().filter(|&s| pred(s)).collect()
}

/// The layer accessors of a map agree with its distances.
fn check_map_accessors(map: &DistanceMap, expected: &Dist, what: &str) {
    let max = expected.iter().flatten().copied().max().expect("origin");
    assert_eq!(map.max_distance(), max, "{what}: max distance");
    assert_eq!(map.layers().len() as u32, max + 1, "{what}: layer count");
    for d in 0..=max + 1 {
        let layer = squares_where(|s| expected[s.index()] == Some(d));
        assert_eq!(map.layer(d), layer, "{what}: layer {d}");
        let within = squares_where(|s| expected[s.index()].is_some_and(|e| e <= d));
        assert_eq!(map.within(d), within, "{what}: within {d}");
    }
    assert_eq!(
        map.reachable(),
        squares_where(|s| expected[s.index()].is_some()),
        "{what}: reachable"
    );
}

/// One trajectory is a legal sequence of single steps on the static board, from `from` to `to`,
/// of `len` moves, with the right beta-squares.
fn check_trajectory(
    t: &Trajectory,
    piece: Piece,
    from: Square,
    to: Square,
    occupied: Bitboard,
    len: usize,
    what: &str,
) {
    let occupied = occupied.without(Bitboard::from_square(from));
    let (kind, color) = (piece.kind, piece.color);
    assert_eq!(t.piece, piece, "{what}: piece");
    assert_eq!(t.squares.len(), len + 1, "{what}: {:?}", t.squares);
    assert_eq!(t.len(), len, "{what}: len");
    assert_eq!(t.is_empty(), len == 0, "{what}: is_empty");
    assert_eq!(t.start(), from, "{what}: start");
    assert_eq!(t.goal(), to, "{what}: goal");
    assert_eq!(t.alpha(), &t.squares[1..], "{what}: alpha");
    assert_eq!(t.passed.len(), len, "{what}: one passed set per step");
    let mut beta = Vec::new();
    let mut footprint: Bitboard = t.squares.iter().copied().collect();
    for (j, w) in t.squares.windows(2).enumerate() {
        let (u, v) = (w[0], w[1]);
        assert!(
            oracle::step_ok(kind, color, u, v, occupied),
            "{what}: {u}-{v} is not a legal step of {piece} in {:?}",
            t.squares
        );
        if j > 0 {
            assert!(
                oracle::may_stand(kind, color, u, occupied),
                "{what}: {piece} may not stop on {u} in {:?}",
                t.squares
            );
        }
        let expected: Vec<Square> = oracle::passed(kind, u, v);
        let expected_set: Bitboard = expected.iter().copied().collect();
        assert_eq!(t.passed[j], expected_set, "{what}: passed over on {u}-{v}");
        footprint |= expected_set;
        beta.extend(expected);
    }
    assert_eq!(
        t.beta_squares(),
        beta,
        "{what}: beta squares of {:?}",
        t.squares
    );
    assert_eq!(t.footprint(), footprint, "{what}: footprint");
    assert_eq!(
        &Trajectory::new(&ChessT1, piece, t.squares.clone()),
        t,
        "{what}: Trajectory::new"
    );
}

/// Oracle data for one piece on one occupancy in which the start squares examined are empty.
struct Tables {
    piece: Piece,
    occupied: Bitboard,
    /// table[v][y] = MAP(v, y).
    table: Vec<Dist>,
}

impl Tables {
    fn new(piece: Piece, occupied: Bitboard) -> Tables {
        Tables {
            piece,
            occupied,
            table: oracle::all_pairs(piece.kind, piece.color, occupied),
        }
    }

    /// MAPrev(goal, .) (start squares the piece may stand on).
    fn reverse(&self, goal: Square) -> Dist {
        oracle::reverse(
            self.piece.kind,
            self.piece.color,
            goal,
            self.occupied,
            &self.table,
        )
    }
}

/// Checks the shortest bundle from `from` (empty in `t.occupied`) to `to`; `given` is the
/// occupancy handed to `Bundle::shortest` (it may also hold `from`). Returns the shortest length.
fn check_bundle(t: &Tables, from: Square, to: Square, given: Bitboard, what: &str) -> Option<u32> {
    let piece = t.piece;
    let occupied = t.occupied;
    let bundle = Bundle::shortest(&ChessT1, piece, from, to, given);
    let Some(l) = t.table[from.index()][to.index()] else {
        assert!(
            bundle.is_none(),
            "{what}: {piece} {from}->{to} is unreachable but a bundle exists"
        );
        return None;
    };
    let bundle = bundle.unwrap_or_else(|| panic!("{what}: no bundle for {piece} {from}->{to}"));
    let what = format!("{what}: {piece} {from}->{to} (length {l})");
    assert_eq!(bundle.length(), l, "{what}: length");
    assert_eq!(
        (bundle.piece(), bundle.from(), bundle.to()),
        (piece, from, to)
    );
    let count = oracle::shortest_counts(piece.kind, piece.color, from, occupied)[to.index()];
    assert_eq!(bundle.count(), count, "{what}: count");
    check_shortest_from_map(piece, from, to, occupied, l, count, &what);
    // The layers: squares on some shortest trajectory, by distance from the start.
    let rev = t.reverse(to);
    let layers = bundle.layers();
    assert_eq!(layers.len() as u32, l + 1, "{what}: layers");
    for (j, &layer) in layers.iter().enumerate() {
        let j = j as u32;
        let expected = if j == 0 {
            Bitboard::from_square(from)
        } else if j == l {
            Bitboard::from_square(to)
        } else {
            squares_where(|v| {
                t.table[from.index()][v.index()] == Some(j) && rev[v.index()] == Some(l - j)
            })
        };
        assert_eq!(layer, expected, "{what}: layer {j}");
    }
    // The layered graph: one node per layer square, one edge per legal step between layers.
    let nodes: u32 = layers.iter().map(|layer| layer.len()).sum();
    assert_eq!(
        bundle.graph().node_count() as u32,
        nodes,
        "{what}: graph nodes"
    );
    let edges: usize = layers
        .windows(2)
        .map(|w| {
            w[0].map(|u| {
                w[1].filter(|&v| oracle::step_ok(piece.kind, piece.color, u, v, occupied))
                    .count()
            })
            .sum::<usize>()
        })
        .sum();
    assert_eq!(bundle.graph().edge_count(), edges, "{what}: graph edges");
    if count > ENUMERATION_CAP {
        // Still check a bounded enumeration.
        let some = bundle.paths(50);
        assert_eq!(some.len(), 50, "{what}: paths(50)");
        for p in &some {
            check_trajectory(p, piece, from, to, occupied, l as usize, &what);
        }
        return Some(l);
    }
    let paths = bundle.paths(usize::MAX);
    assert_eq!(paths.len() as u128, count, "{what}: paths vs count");
    let mut seen = HashSet::new();
    let mut footprint = Bitboard::EMPTY;
    for p in &paths {
        check_trajectory(p, piece, from, to, occupied, l as usize, &what);
        assert!(
            seen.insert(p.squares.clone()),
            "{what}: repeated {:?}",
            p.squares
        );
        footprint |= p.footprint();
    }
    assert_eq!(bundle.footprint(), footprint, "{what}: bundle footprint");
    // Exactly the simple paths of length l found by brute force.
    let column: Dist = std::array::from_fn(|v| t.table[v][to.index()]);
    let brute = oracle::simple_paths(
        piece.kind,
        piece.color,
        from,
        to,
        occupied,
        l,
        &column,
        usize::MAX,
    )
    .expect("no cap");
    let brute: HashSet<Vec<Square>> = brute.into_iter().collect();
    assert_eq!(seen, brute, "{what}: bundle paths vs brute force");
    // A limited enumeration is a prefix of the full one.
    for limit in [0, 1, 3] {
        let some = bundle.paths(limit);
        assert_eq!(some.len(), limit.min(paths.len()), "{what}: paths({limit})");
        assert_eq!(
            &paths[..some.len()],
            &some[..],
            "{what}: paths({limit}) prefix"
        );
    }
    Some(l)
}

/// `shortest_from_map` gives one shortest trajectory and the exact count.
fn check_shortest_from_map(
    piece: Piece,
    from: Square,
    to: Square,
    occupied: Bitboard,
    l: u32,
    count: u128,
    what: &str,
) {
    let map = distance_map(&ChessT1, piece, from, occupied);
    let (one, n) = shortest_from_map(&ChessT1, piece, from, to, occupied, &map)
        .unwrap_or_else(|| panic!("{what}: shortest_from_map found nothing"));
    assert_eq!(n, count, "{what}: shortest_from_map count");
    check_trajectory(&one, piece, from, to, occupied, l as usize, what);
}

/// Checks `admissible` from `from` (empty in `t.occupied`) to `to` up to `max_len` against the
/// brute-force degree-2 simple paths. Returns false if the case was too big to compare.
fn check_admissible(
    t: &Tables,
    from: Square,
    to: Square,
    given: Bitboard,
    max_len: u32,
    what: &str,
) -> bool {
    let piece = t.piece;
    let occupied = t.occupied;
    let Some(l) = t.table[from.index()][to.index()] else {
        let adm = admissible(&ChessT1, piece, from, to, given, max_len, usize::MAX);
        assert!(
            adm.is_empty(),
            "{what}: admissible to an unreachable square"
        );
        return true;
    };
    let what = format!("{what}: {piece} {from}->{to} (shortest {l}, max {max_len})");
    let from_start = &t.table[from.index()];
    let rev = t.reverse(to);
    let column: Dist = std::array::from_fn(|v| t.table[v][to.index()]);
    let mut expected: HashSet<Vec<Square>> = HashSet::new();
    for len in l + 1..=max_len {
        let Some(paths) = oracle::simple_paths(
            piece.kind,
            piece.color,
            from,
            to,
            occupied,
            len,
            &column,
            3000,
        ) else {
            return false;
        };
        expected.extend(
            paths
                .into_iter()
                .filter(|p| oracle::is_degree2(p, from_start, &rev)),
        );
    }
    let adm = admissible(&ChessT1, piece, from, to, given, max_len, usize::MAX);
    let mut seen = HashSet::new();
    let mut last_len = 0;
    for p in &adm {
        let len = p.len() as u32;
        assert!(
            len > l && len <= max_len,
            "{what}: length {len} of {:?}",
            p.squares
        );
        assert!(len >= last_len, "{what}: not shortest first");
        last_len = len;
        check_trajectory(p, piece, from, to, occupied, len as usize, &what);
        let distinct: HashSet<Square> = p.squares.iter().copied().collect();
        assert_eq!(
            distinct.len(),
            p.squares.len(),
            "{what}: repeats a square: {:?}",
            p.squares
        );
        assert!(
            oracle::is_degree2(&p.squares, from_start, &rev),
            "{what}: not of degree 2: {:?}",
            p.squares
        );
        assert!(
            seen.insert(p.squares.clone()),
            "{what}: listed twice: {:?}",
            p.squares
        );
    }
    let missing: Vec<_> = expected.difference(&seen).collect();
    assert!(missing.is_empty(), "{what}: admissible misses {missing:?}");
    assert_eq!(seen.len(), expected.len(), "{what}: admissible count");
    for limit in [1, adm.len() / 2] {
        if limit == 0 {
            continue;
        }
        let some = admissible(&ChessT1, piece, from, to, given, max_len, limit);
        assert_eq!(some.len(), limit.min(adm.len()), "{what}: limit {limit}");
        assert_eq!(
            &adm[..some.len()],
            &some[..],
            "{what}: limit {limit} prefix"
        );
    }
    true
}

/// (a) MAP equals the oracle on every square, for every kind and colour standing on every square
/// (the occupancy may or may not hold the start square: it counts as empty either way).
#[test]
fn distance_maps_equal_plain_bfs() {
    let mut checked = 0;
    for (b, board) in boards(11, 20, 150).iter().enumerate() {
        let occupied = board.occupied();
        for piece in all_pieces() {
            for from in Square::all() {
                let expected = oracle::distances(piece.kind, piece.color, from, occupied);
                let map = distance_map(&ChessT1, piece, from, occupied);
                let what = format!("board {b} {board:?} {piece} from {from}");
                assert_eq!(dist_of(&map), expected, "{what}");
                let without = distance_map(
                    &ChessT1,
                    piece,
                    from,
                    occupied.without(Bitboard::from_square(from)),
                );
                assert_eq!(map, without, "{what}: own square in occupied");
                check_map_accessors(&map, &expected, &what);
                checked += 1;
            }
        }
    }
    assert!(checked > 40_000);
}

/// (b) MAPrev(goal, v) equals the oracle's MAP(v, goal) for every start square v the piece may
/// stand on, and is absent from every other square but the goal.
#[test]
fn reverse_maps_equal_plain_bfs() {
    for (b, board) in boards(12, 20, 150).iter().enumerate() {
        let occupied = board.occupied();
        for piece in all_pieces() {
            let t = Tables::new(piece, occupied);
            for goal in Square::all() {
                let rev = reverse_map(&ChessT1, piece, goal, occupied);
                let expected = t.reverse(goal);
                let what = format!("board {b} {board:?} {piece} to {goal}");
                assert_eq!(dist_of(&rev), expected, "{what}");
                check_map_accessors(&rev, &expected, &what);
            }
        }
        // Real pieces: their own square removed from the occupancy.
        for (s, piece) in board.iter() {
            let others = occupied.without(Bitboard::from_square(s));
            let forward = oracle::distances(piece.kind, piece.color, s, others);
            for goal in Square::all() {
                let rev = reverse_map(&ChessT1, piece, goal, others);
                let expected = if goal == s || oracle::may_start(piece.kind, piece.color, s) {
                    forward[goal.index()]
                } else {
                    None
                };
                assert_eq!(
                    rev.distance(s),
                    expected,
                    "board {b} real {piece} on {s} to {goal}"
                );
            }
        }
    }
}

/// (c, d) Bundles on random (from, to) pairs, hypothetical pieces on empty squares they may stand
/// on, and the real pieces of the sample middlegames.
#[test]
fn shortest_bundles_equal_plain_enumeration() {
    let mut rng = Rng::new(99);
    let (mut reachable, mut unreachable, mut enumerated) = (0, 0, 0);
    for (b, board) in boards(13, 20, 120).iter().enumerate() {
        let occupied = board.occupied();
        let what = format!("board {b} {board:?}");
        for piece in all_pieces() {
            let t = Tables::new(piece, occupied);
            let starts: Vec<Square> = Square::all()
                .filter(|&s| oracle::may_stand(piece.kind, piece.color, s, occupied))
                .collect();
            if starts.is_empty() {
                continue;
            }
            for _ in 0..3 {
                let from = starts[rng.below(starts.len())];
                // Every target for existence, length and count...
                let count = oracle::shortest_counts(piece.kind, piece.color, from, occupied);
                for to in Square::all() {
                    let bundle = Bundle::shortest(&ChessT1, piece, from, to, occupied);
                    let expected = t.table[from.index()][to.index()];
                    assert_eq!(
                        bundle.as_ref().map(|b| b.length()),
                        expected,
                        "{what} {piece} {from}->{to}"
                    );
                    match bundle {
                        Some(bundle) => {
                            assert_eq!(
                                bundle.count(),
                                count[to.index()],
                                "{what} {piece} {from}->{to} count"
                            );
                            reachable += 1;
                        }
                        None => unreachable += 1,
                    }
                }
                // ...and a few in full.
                let targets: Vec<Square> = Square::all()
                    .filter(|&y| t.table[from.index()][y.index()].is_some())
                    .collect();
                for _ in 0..3 {
                    let to = targets[rng.below(targets.len())];
                    check_bundle(&t, from, to, occupied, &what);
                    enumerated += 1;
                }
            }
        }
        // The real pieces of the board, with their own square given in the occupancy.
        for (s, piece) in board.iter() {
            if !oracle::may_start(piece.kind, piece.color, s) {
                continue;
            }
            let others = occupied.without(Bitboard::from_square(s));
            let t = Tables::new(piece, others);
            for _ in 0..2 {
                let to = Square::new(rng.below(64) as u8);
                check_bundle(&t, s, to, occupied, &format!("{what} real"));
            }
        }
    }
    eprintln!("bundles: {reachable} reachable, {unreachable} unreachable, {enumerated} in full");
    assert!(reachable > 50_000 && unreachable > 5_000 && enumerated > 10_000);
}

/// (e) Admissible trajectories of degree 2 equal the brute-force ones on small cases.
#[test]
fn admissible_equal_brute_force_degree2() {
    let mut rng = Rng::new(2024);
    let (mut compared, mut nonempty, mut skipped) = (0, 0, 0);
    for (b, board) in boards(14, 20, 120).iter().enumerate() {
        let occupied = board.occupied();
        let what = format!("board {b} {board:?}");
        for piece in all_pieces() {
            let t = Tables::new(piece, occupied);
            let starts: Vec<Square> = Square::all()
                .filter(|&s| oracle::may_stand(piece.kind, piece.color, s, occupied))
                .collect();
            if starts.is_empty() {
                continue;
            }
            for _ in 0..3 {
                let from = starts[rng.below(starts.len())];
                let to = Square::new(rng.below(64) as u8);
                let Some(l) = t.table[from.index()][to.index()] else {
                    assert!(check_admissible(&t, from, to, occupied, 4, &what));
                    continue;
                };
                if l > 5 {
                    continue;
                }
                let extra = 1 + rng.below(2) as u32;
                if check_admissible(&t, from, to, occupied, l + extra, &what) {
                    compared += 1;
                    if !admissible(&ChessT1, piece, from, to, occupied, l + extra, 1).is_empty() {
                        nonempty += 1;
                    }
                } else {
                    skipped += 1;
                }
                // Nothing longer than the shortest when max_len does not allow it.
                assert!(admissible(&ChessT1, piece, from, to, occupied, l, usize::MAX).is_empty());
            }
        }
    }
    eprintln!("admissible: {compared} compared, {nonempty} non-empty, {skipped} too big");
    assert!(
        compared > 3000 && nonempty > 1500 && skipped < compared / 10,
        "{compared} compared, {nonempty} non-empty, {skipped} too big"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random placements, piece, start and goal: maps, bundle and admissible trajectories
    /// against the oracle (shrinks to a small counterexample).
    #[test]
    fn random_placement_properties(
        placement in proptest::collection::vec((0..64u8, 0..7usize, any::<bool>()), 2..31),
        kind in 0..7usize,
        white in any::<bool>(),
        from in 0..64u8,
        to in 0..64u8,
    ) {
        let mut board = Board::empty();
        for &(s, k, w) in &placement {
            let color = if w { Color::White } else { Color::Black };
            board.put(Square::new(s), Piece::new(color, PieceKind::ALL[k]));
        }
        let piece = Piece::new(if white { Color::White } else { Color::Black }, PieceKind::ALL[kind]);
        let (from, to) = (Square::new(from), Square::new(to));
        let occupied = board.occupied();
        let others = occupied.without(Bitboard::from_square(from));
        let expected = oracle::distances(piece.kind, piece.color, from, occupied);
        prop_assert_eq!(dist_of(&distance_map(&ChessT1, piece, from, occupied)), expected);
        let t = Tables::new(piece, others);
        prop_assert_eq!(dist_of(&reverse_map(&ChessT1, piece, to, others)), t.reverse(to));
        let what = format!("{board:?}");
        if let Some(l) = expected[to.index()] {
            let count = oracle::shortest_counts(piece.kind, piece.color, from, occupied)[to.index()];
            check_shortest_from_map(piece, from, to, others, l, count, &what);
        }
        if oracle::may_start(piece.kind, piece.color, from) {
            check_bundle(&t, from, to, occupied, &what);
            if expected[to.index()].is_some_and(|l| l <= 4) {
                let l = expected[to.index()].unwrap_or_default();
                check_admissible(&t, from, to, occupied, l + 1, &what);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Targeted cases.

fn white(kind: PieceKind) -> Piece {
    Piece::new(Color::White, kind)
}

fn black(kind: PieceKind) -> Piece {
    Piece::new(Color::Black, kind)
}

fn dist(piece: Piece, from: &str, to: &str, occupied: Bitboard) -> Option<u32> {
    let map = distance_map(&ChessT1, piece, sq(from), occupied);
    let expected = oracle::distances(piece.kind, piece.color, sq(from), occupied);
    assert_eq!(dist_of(&map), expected, "{piece} {from} oracle");
    map.distance(sq(to))
}

fn bundle(piece: Piece, from: &str, to: &str, occupied: Bitboard) -> Bundle {
    Bundle::shortest(&ChessT1, piece, sq(from), sq(to), occupied).expect("reachable")
}

fn path_names(b: &Bundle) -> Vec<String> {
    b.paths(usize::MAX)
        .iter()
        .map(|t| {
            t.squares
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect()
}

#[test]
fn prince_diagonal_blocked_at_first_square() {
    let prince = white(PieceKind::Prince);
    // Free diagonal: one move, passing over f6 and g7.
    assert_eq!(dist(prince, "e5", "h8", Bitboard::EMPTY), Some(1));
    let b = bundle(prince, "e5", "h8", Bitboard::EMPTY);
    assert_eq!(b.paths(9)[0].beta_squares(), vec![sq("f6"), sq("g7")]);
    // A piece on f6 stops the line there: f6 is enterable, g7 and h8 are not in one move.
    let occ = set(&["f6"]);
    assert_eq!(dist(prince, "e5", "f6", occ), Some(1));
    assert_eq!(dist(prince, "e5", "g7", occ), Some(3));
    assert_eq!(dist(prince, "e5", "h8", occ), Some(3));
    for t in bundle(prince, "e5", "g7", occ).paths(usize::MAX) {
        assert!(!t.footprint().contains(sq("f6")), "{:?}", t.squares);
    }
    // E1 (B2 fig 2.9): h2 is behind the Knecht on g3.
    let occ = set(&["g3", "d5"]);
    assert_eq!(dist(prince, "e5", "g3", occ), Some(1));
    assert_eq!(dist(prince, "e5", "h2", occ), Some(3));
}

#[test]
fn ritter_and_konnet_jump_a_wall() {
    let wall = set(&["d5", "e5", "f5", "d4", "f4", "d3", "e3", "f3"]);
    let ritter = white(PieceKind::Ritter);
    for to in ["e6", "e2", "c4", "g4", "e5"] {
        assert_eq!(dist(ritter, "e4", to, wall), Some(1), "Ritter e4-{to}");
        let b = bundle(ritter, "e4", to, wall);
        assert_eq!(b.count(), 1);
        assert!(b.paths(1)[0].beta_squares().is_empty());
    }
    assert_eq!(dist(ritter, "e4", "d6", wall), Some(2));
    // The Konnet jumps orthogonally but its diagonals are blocked by the wall.
    let konnet = black(PieceKind::Konnet);
    assert_eq!(dist(konnet, "e4", "e6", wall), Some(1));
    assert_eq!(dist(konnet, "e4", "g6", Bitboard::EMPTY), Some(1));
    assert_eq!(dist(konnet, "e4", "g6", wall), Some(2));
    assert_eq!(
        path_names(&bundle(konnet, "e4", "g6", wall)),
        ["e4-g4-g6", "e4-e6-g6"]
    );
    // The Prince cannot get out: it only reaches the wall itself.
    let prince = white(PieceKind::Prince);
    assert_eq!(dist(prince, "e4", "e5", wall), Some(1));
    assert!(Bundle::shortest(&ChessT1, prince, sq("e4"), sq("e6"), wall).is_none());
    assert!(admissible(&ChessT1, prince, sq("e4"), sq("e6"), wall, 9, 100).is_empty());
}

#[test]
fn knecht_two_step_blocked_in_the_middle() {
    let knecht = white(PieceKind::Knecht);
    let b = bundle(knecht, "e2", "e4", Bitboard::EMPTY);
    assert_eq!((b.length(), b.count()), (1, 1));
    assert_eq!(b.paths(1)[0].beta_squares(), vec![sq("e3")]);
    let occ = set(&["e3"]);
    assert_eq!(dist(knecht, "e2", "e3", occ), Some(1));
    let b = bundle(knecht, "e2", "e4", occ);
    assert_eq!(b.length(), 3);
    assert_eq!(path_names(&b), ["e2-d2-d4-e4", "e2-f2-f4-e4"]);
    let betas: Vec<Vec<Square>> = b.paths(9).iter().map(|t| t.beta_squares()).collect();
    assert_eq!(betas, [vec![sq("d3")], vec![sq("f3")]]);
    // No two-step outside the own territory, and none backwards.
    assert_eq!(dist(knecht, "e4", "e6", Bitboard::EMPTY), Some(2));
    assert_eq!(dist(knecht, "e4", "e2", Bitboard::EMPTY), Some(2));
    // From the back rank (outside the castle): 1 -> 3.
    assert_eq!(dist(knecht, "b1", "b3", Bitboard::EMPTY), Some(1));
}

#[test]
fn black_knecht_moves_down() {
    let knecht = black(PieceKind::Knecht);
    let b = bundle(knecht, "e7", "e5", Bitboard::EMPTY);
    assert_eq!((b.length(), b.count()), (1, 1));
    assert_eq!(b.paths(1)[0].beta_squares(), vec![sq("e6")]);
    assert_eq!(dist(knecht, "e6", "e4", Bitboard::EMPTY), Some(2));
    assert_eq!(dist(knecht, "e5", "e7", Bitboard::EMPTY), Some(2));
    assert_eq!(dist(knecht, "e7", "e8", Bitboard::EMPTY), None); // castle
    // Rank 1 is the Black Knecht's far rank: it ends there, so b1 is no way to a1...
    assert_eq!(
        path_names(&bundle(knecht, "b2", "a1", Bitboard::EMPTY)),
        ["b2-a2-a1"]
    );
    // ...while for White rank 1 is home ground.
    let w = white(PieceKind::Knecht);
    assert_eq!(
        path_names(&bundle(w, "b2", "a1", Bitboard::EMPTY)),
        ["b2-b1-a1", "b2-a2-a1"]
    );
    // Reverse maps reverse the two-step.
    let rev = reverse_map(&ChessT1, w, sq("e4"), Bitboard::EMPTY);
    assert_eq!(rev.distance(sq("e2")), Some(1));
    assert_eq!(rev.distance(sq("e6")), Some(2));
    let rev = reverse_map(&ChessT1, knecht, sq("e5"), Bitboard::EMPTY);
    assert_eq!(rev.distance(sq("e7")), Some(1));
    assert_eq!(rev.distance(sq("e3")), Some(2));
}

#[test]
fn scout_never_stops_on_an_empty_castle_square() {
    let scout = white(PieceKind::Scout);
    assert_eq!(dist(scout, "e3", "d1", Bitboard::EMPTY), None);
    assert_eq!(dist(scout, "e3", "f1", Bitboard::EMPTY), None);
    assert_eq!(dist(scout, "e3", "d1", set(&["d1"])), Some(1)); // exchange
    // An occupied castle square is a goal, never a way through.
    let via = bundle(scout, "b2", "e2", set(&["d1"]));
    assert!(
        via.paths(usize::MAX)
            .iter()
            .all(|t| !t.squares.contains(&sq("d1")))
    );
}

/// A piece standing where it could never stop (a Scout or Ritter on a castle square, a Knecht on
/// its far rank) still has a distance map from there, so its bundle should hold the trajectories.
#[test]
fn bundle_from_a_square_the_piece_may_not_stop_on() {
    for (piece, from, to) in [
        (white(PieceKind::Scout), "d1", "e3"),
        (white(PieceKind::Ritter), "d1", "d3"),
        (white(PieceKind::Knecht), "a8", "a7"),
        (black(PieceKind::VerKnecht), "h1", "h2"),
    ] {
        assert_eq!(
            dist(piece, from, to, Bitboard::EMPTY),
            Some(1),
            "{piece} {from}"
        );
        let b = bundle(piece, from, to, Bitboard::EMPTY);
        assert_eq!(b.length(), 1);
        assert_eq!(
            b.count(),
            1,
            "{piece} {from}->{to}: count of a one-move bundle"
        );
        assert_eq!(b.paths(9).len(), 1, "{piece} {from}->{to}: paths");
    }
}

#[test]
fn shortest_from_map_from_a_square_the_piece_may_not_stop_on() {
    for (piece, from, to) in [
        (white(PieceKind::Scout), "d1", "e3"),
        (white(PieceKind::Ritter), "d1", "d3"),
        (white(PieceKind::Knecht), "a8", "a7"),
        (black(PieceKind::VerKnecht), "h1", "h2"),
    ] {
        let map = distance_map(&ChessT1, piece, sq(from), Bitboard::EMPTY);
        let (t, n) = shortest_from_map(&ChessT1, piece, sq(from), sq(to), Bitboard::EMPTY, &map)
            .expect("reachable");
        assert_eq!(
            (t.squares, n),
            (vec![sq(from), sq(to)], 1),
            "{piece} {from}->{to}"
        );
    }
    let prince = white(PieceKind::Prince);
    let wall = set(&["d5", "e5", "f5", "d4", "f4", "d3", "e3", "f3"]);
    let map = distance_map(&ChessT1, prince, sq("e4"), wall);
    assert!(shortest_from_map(&ChessT1, prince, sq("e4"), sq("e6"), wall, &map).is_none());
}

#[test]
fn admissible_with_limit_zero_is_empty() {
    let king = white(PieceKind::King);
    let all = admissible(
        &ChessT1,
        king,
        sq("a1"),
        sq("a3"),
        Bitboard::EMPTY,
        3,
        usize::MAX,
    );
    assert!(!all.is_empty());
    let none = admissible(&ChessT1, king, sq("a1"), sq("a3"), Bitboard::EMPTY, 3, 0);
    assert!(none.is_empty(), "limit 0 gave {} trajectories", none.len());
}

#[test]
fn admissible_small_exact() {
    // King a1 -> a3 on an empty board: shortest 2 (via a2 or b2). Degree 2 of length 3 needs an
    // inner square at distance 1 from a1 and 2 from a3 (b1), or 2 from a1 and 1 from a3 (b3);
    // a1-a2-b2-a3 is a legal simple path of length 3 but not of degree 2.
    let king = white(PieceKind::King);
    let adm = admissible(
        &ChessT1,
        king,
        sq("a1"),
        sq("a3"),
        Bitboard::EMPTY,
        3,
        usize::MAX,
    );
    let names: HashSet<String> = adm
        .iter()
        .map(|t| {
            t.squares
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join("-")
        })
        .collect();
    let expected: HashSet<String> = ["a1-b1-a2-a3", "a1-b1-b2-a3", "a1-a2-b3-a3", "a1-b2-b3-a3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(names, expected);
}
