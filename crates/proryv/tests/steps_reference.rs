//! The core's set-wise distance maps and shortest bundles for Прорыв's pieces against a plain
//! breadth-first search written here square by square, on the positions of random games.

use std::collections::VecDeque;
use zonal_board::{Shape, Side};
use zonal_core::rng::Rng;
use zonal_core::{Bundle, DistanceMap};
use zonal_proryv::Position;
use zonal_proryv::steps::PieceSteps;

const CORNERS: [(i32, i32); 8] = [
    (0, 0),
    (0, 1),
    (1, 0),
    (1, 1),
    (6, 6),
    (6, 7),
    (7, 6),
    (7, 7),
];

/// What stands on (file, rank): 'K'/'R' White, 'k'/'r' Black, '.' empty.
fn board(pos: &Position) -> [[char; 8]; 8] {
    let mut b = [['.'; 8]; 8];
    let text = pos.to_string();
    let placement = text.split(' ').next().expect("placement");
    for (i, row) in placement.split('/').enumerate() {
        let rank = 7 - i;
        let mut file = 0;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
            } else {
                b[file][rank] = c;
                file += 1;
            }
        }
    }
    b
}

/// One move of the piece on (f, r), the rest of the board standing still: plain loops.
fn plain_steps(b: &[[char; 8]; 8], piece: char, f: i32, r: i32) -> Vec<(i32, i32)> {
    let white = piece.is_ascii_uppercase();
    let own = |c: char| c != '.' && c.is_ascii_uppercase() == white;
    let mut out = Vec::new();
    if piece.eq_ignore_ascii_case(&'k') {
        for df in -1..=1 {
            for dr in -1..=1 {
                let (nf, nr) = (f + df, r + dr);
                if (df, dr) == (0, 0) || !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                    continue;
                }
                let c = b[nf as usize][nr as usize];
                if own(c) || c.eq_ignore_ascii_case(&'k') {
                    continue;
                }
                out.push((nf, nr));
            }
        }
    } else {
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (mut nf, mut nr) = (f + df, r + dr);
            while (0..8).contains(&nf) && (0..8).contains(&nr) {
                // The moving rook's own square counts as empty.
                let c = if (nf, nr) == (f, r) {
                    '.'
                } else {
                    b[nf as usize][nr as usize]
                };
                if c != '.' {
                    break;
                }
                if !CORNERS.contains(&(nf, nr)) {
                    out.push((nf, nr));
                }
                nf += df;
                nr += dr;
            }
        }
    }
    out
}

/// Distances and shortest-path counts by a queue.
fn plain_bfs(b: &[[char; 8]; 8], piece: char, f: i32, r: i32) -> ([Option<u32>; 64], [u64; 64]) {
    let mut dist = [None; 64];
    let mut ways = [0u64; 64];
    let idx = |f: i32, r: i32| (r * 8 + f) as usize;
    dist[idx(f, r)] = Some(0);
    ways[idx(f, r)] = 1;
    let mut queue = VecDeque::from([(f, r)]);
    let mut board_now = *b;
    board_now[f as usize][r as usize] = '.';
    while let Some((cf, cr)) = queue.pop_front() {
        let d = dist[idx(cf, cr)].expect("queued squares have a distance");
        for (nf, nr) in plain_steps(&board_now, piece, cf, cr) {
            let i = idx(nf, nr);
            match dist[i] {
                None => {
                    dist[i] = Some(d + 1);
                    ways[i] = ways[idx(cf, cr)];
                    queue.push_back((nf, nr));
                }
                Some(e) if e == d + 1 => ways[i] = ways[i].saturating_add(ways[idx(cf, cr)]),
                _ => {}
            }
        }
    }
    (dist, ways)
}

#[test]
fn set_wise_maps_equal_the_plain_search() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for _game in 0..40 {
        let mut pos = Position::startpos();
        for _ply in 0..60 {
            let plies = pos.legal_plies();
            if plies.is_empty() {
                break;
            }
            pos = pos.play(&plies[rng.below(plies.len())]);
            if pos.in_placement() && rng.below(3) != 0 {
                continue;
            }
            let b = board(&pos);
            for f in 0..8i32 {
                for r in 0..8i32 {
                    let piece = b[f as usize][r as usize];
                    if piece == '.' {
                        continue;
                    }
                    let sq = (r * 8 + f) as u32;
                    let steps = PieceSteps::of(&pos, sq as u8).expect("a piece");
                    assert_eq!(steps.side() == Side::White, piece.is_ascii_uppercase());
                    let map = DistanceMap::build(Shape::EIGHT, sq, 64, &steps);
                    let (dist, ways) = plain_bfs(&b, piece, f, r);
                    for t in 0..64u32 {
                        assert_eq!(map.distance(t), dist[t as usize], "{pos} {piece} {sq}->{t}");
                        if let Some(bundle) = Bundle::shortest(Shape::EIGHT, sq, t, 64, &steps) {
                            assert_eq!(bundle.count, ways[t as usize], "{pos} {sq}->{t}");
                            if bundle.count <= 200 {
                                let listed = bundle.trajectories(&steps, 1_000);
                                assert_eq!(listed.len() as u64, bundle.count, "{pos} {sq}->{t}");
                                assert!(listed.iter().all(|p| p.len() == bundle.layers.len()));
                            }
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 5_000, "{checked}");
}
