//! The incrementally updated projection equals a from-scratch rebuild after every move of many
//! random games (from the start, the book examples and hand-built zone positions), and undo
//! restores the previous projection.

use crate::common;

use chess_t1::Position;
use chess_t1::incremental::Tracker;
use chess_t1::rules::ChessT1;
use chess_t1::zone::{Projection, ZoneConfig};
use common::{Rng, SEEDS};

/// Canonical form of a projection: its complete debug text (zones in order, with graphs).
fn canonical(mp: &Projection) -> String {
    format!("{mp:?}")
}

/// First differing zone, for the failure message.
fn first_difference(a: &Projection, b: &Projection) -> String {
    for (za, zb) in a.zones.iter().zip(&b.zones) {
        let (ta, tb) = (format!("{za:?}"), format!("{zb:?}"));
        if ta != tb {
            return format!("zone {}:\nincremental {ta}\nrebuild     {tb}", za.index);
        }
    }
    format!("zone counts {} vs {}", a.zones.len(), b.zones.len())
}

fn play_games(
    horizon: i32,
    games_per_seed: usize,
    plies: usize,
    seed: u64,
) -> (usize, usize, usize) {
    let config = ZoneConfig {
        horizon,
        ..ZoneConfig::default()
    };
    let mut rng = Rng::new(seed);
    let (mut moves, mut reused, mut rebuilt) = (0, 0, 0);
    let mut starts: Vec<Position> = SEEDS.iter().map(|s| s.parse().unwrap()).collect();
    starts.extend(chess_t1::sample::middlegames(4, seed));
    for (i, start) in starts.iter().enumerate() {
        for game in 0..games_per_seed {
            let mut tracker = Tracker::new(&ChessT1, *start, config.clone());
            let mut played = Vec::new();
            for ply in 0..plies {
                let pos = *tracker.position();
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let captures: Vec<_> = legal.iter().filter(|m| m.is_capture()).collect();
                let mv = if !captures.is_empty() && rng.below(3) == 0 {
                    *captures[rng.below(captures.len())]
                } else {
                    legal[rng.below(legal.len())]
                };
                let before = canonical(tracker.projection());
                tracker.play(&mv);
                played.push(mv.uci());
                moves += 1;
                reused += tracker.stats().reused;
                rebuilt += tracker.stats().rebuilt;
                let fresh = Projection::build(&ChessT1, tracker.position(), &config);
                if canonical(tracker.projection()) != canonical(&fresh) {
                    panic!(
                        "H={horizon} start {i} game {game} ply {ply}: moves {} from {start}\n{}",
                        played.join(" "),
                        first_difference(tracker.projection(), &fresh)
                    );
                }
                // Undo and redo once in a while.
                if rng.below(5) == 0 {
                    tracker.undo();
                    assert_eq!(
                        canonical(tracker.projection()),
                        before,
                        "undo after {}",
                        played.join(" ")
                    );
                    tracker.play(&mv);
                    assert_eq!(canonical(tracker.projection()), canonical(&fresh));
                }
            }
        }
    }
    (moves, reused, rebuilt)
}

#[test]
fn incremental_equals_rebuild_horizon_4() {
    let (moves, reused, rebuilt) = play_games(4, 4, 30, 1);
    assert!(moves > 1500, "only {moves} moves");
    assert!(reused > 0, "nothing was reused ({rebuilt} rebuilt)");
    eprintln!("H=4: {moves} moves, {reused} zones reused, {rebuilt} rebuilt");
}

#[test]
fn incremental_equals_rebuild_other_horizons() {
    for h in [2, 3, 5] {
        let (moves, _, _) = play_games(h, 1, 30, 2 + h as u64);
        assert!(moves > 300);
    }
}

#[test]
#[ignore = "long: thousands more moves"]
fn incremental_equals_rebuild_long() {
    for h in [2, 3, 4, 5, 6] {
        play_games(h, 12, 80, 100 + h as u64);
    }
}

/// The cache serves any position, not only the next one of a line: the children of a position
/// in turn (siblings reuse each other's zones), at the horizons a search uses, equal a rebuild.
#[test]
fn cache_serves_siblings_and_horizons() {
    use chess_t1::incremental::ZoneCache;
    let mut rng = Rng::new(77);
    let mut checked = 0;
    let mut reused = 0;
    for (i, start) in chess_t1::sample::middlegames(6, 77).iter().enumerate() {
        let mut cache = ZoneCache::new(&ChessT1, ZoneConfig::default());
        let legal = start.legal_moves();
        for n in 0..12.min(legal.len()) {
            let mv = legal[rng.below(legal.len())];
            let child = start.play(&mv);
            let horizon = 2 + (n % 3) as i32;
            let got = cache.project_at(&child, horizon);
            reused += cache.stats().reused;
            let config = ZoneConfig {
                horizon,
                ..ZoneConfig::default()
            };
            let fresh = Projection::build(&ChessT1, &child, &config);
            assert_eq!(
                canonical(&got),
                canonical(&fresh),
                "start {i} ({start}), child {} at H={horizon}\n{}",
                mv.uci(),
                first_difference(&got, &fresh)
            );
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} positions");
    assert!(reused > 0, "siblings shared no zone");
}

/// The zone-guided search gives exactly the same results whether each node's projection is built
/// from scratch or taken over zone by zone from nearby nodes, and it does take zones over.
#[test]
fn search_with_reused_zones_is_the_same_search() {
    use chess_t1::search::Mode;
    use chess_t1::search::baseline::{BaselineConfig as SearchConfig, search};
    let mut reused = 0;
    let mut starts: Vec<Position> = chess_t1::sample::middlegames(4, 31);
    starts.extend(SEEDS.iter().take(3).map(|s| s.parse::<Position>().unwrap()));
    for pos in &starts {
        let run = |reuse_zones: bool| {
            search(
                pos,
                &SearchConfig {
                    depth: 3,
                    mode: Mode::Zones,
                    reuse_zones,
                    ..SearchConfig::default()
                },
            )
        };
        let (fresh, cached) = (run(false), run(true));
        assert_eq!(fresh.zone_stats.reused, 0);
        reused += cached.zone_stats.reused;
        assert_eq!(
            cached.zone_stats.reused + cached.zone_stats.rebuilt,
            fresh.zone_stats.rebuilt,
            "{pos}: the same nodes project the same attack zones"
        );
        assert_eq!(cached.zone_stats.linked, fresh.zone_stats.linked, "{pos}");
        assert_eq!(
            (cached.best, cached.score, cached.nodes, &cached.line),
            (fresh.best, fresh.score, fresh.nodes, &fresh.line),
            "{pos}"
        );
        let root = |r: &chess_t1::search::SearchReport| -> Vec<(String, i32)> {
            r.root.iter().map(|m| (m.mv.uci(), m.score)).collect()
        };
        assert_eq!(root(&cached), root(&fresh), "{pos}");
    }
    assert!(reused > 0, "no node took a zone over");
}

/// Building zones one after the other gives the same projection as building them in parallel.
#[test]
fn sequential_build_equals_parallel_build() {
    for pos in chess_t1::sample::middlegames(8, 5) {
        for horizon in [2, 4] {
            let config = |parallel| ZoneConfig {
                horizon,
                parallel,
                ..ZoneConfig::default()
            };
            let a = Projection::build(&ChessT1, &pos, &config(true));
            let b = Projection::build(&ChessT1, &pos, &config(false));
            assert_eq!(canonical(&a), canonical(&b), "{pos} at H={horizon}");
        }
    }
}

/// The footprint index lists exactly the zones whose dependency squares hold each square, and a
/// move touches the union of its squares' lists.
#[test]
fn footprint_index_matches_the_zones() {
    use chess_t1::incremental::FootprintIndex;
    use chess_t1::{Bitboard, Square};
    let mut touched_total = 0;
    for pos in chess_t1::sample::middlegames(6, 11) {
        let mp = Projection::build(&ChessT1, &pos, &ZoneConfig::default());
        let index = FootprintIndex::new(&mp);
        assert_eq!(index.len(), mp.zones.len());
        for zone in &mp.zones {
            let deps = zone.dependency_squares();
            assert!(zone.footprint.into_iter().all(|sq| deps.contains(sq)));
            assert!(deps.contains(zone.root_square()));
            assert!(deps.contains(zone.target.square));
            for c in &zone.contests {
                assert!(deps.contains(c.square));
            }
        }
        for sq in Square::all() {
            let expected: Vec<usize> = mp
                .zones
                .iter()
                .filter(|z| z.dependency_squares().contains(sq))
                .map(|z| z.index)
                .collect();
            assert_eq!(index.zones_at(sq), expected.as_slice(), "{pos} {sq}");
        }
        for mv in pos.legal_moves().iter().take(10) {
            let squares: Bitboard = [mv.from, mv.to].into_iter().collect();
            let expected: Vec<usize> = mp
                .zones
                .iter()
                .filter(|z| z.dependency_squares().intersects(squares))
                .map(|z| z.index)
                .collect();
            let got = index.touched_by([mv.from, mv.to]);
            assert_eq!(got, expected, "{pos} {}", mv.uci());
            touched_total += got.len();
        }
    }
    assert!(touched_total > 0);
}
