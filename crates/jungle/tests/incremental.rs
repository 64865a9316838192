//! The incremental projection stays exact for Jungle: along random games, the zones the core's
//! [`IncrementalProjection`] gives, reusing the pieces' distance maps from the position before, are exactly
//! the zones built from scratch, at several horizons; and the reuse happens.

use zonal_core::rng::Rng;
use zonal_core::zone::IncrementalProjection;
use zonal_jungle::Position;
use zonal_jungle::zones::{Jungle, changed_squares, project, role_text};

#[test]
fn incremental_zones_equal_fresh_ones_along_random_games() {
    let mut rng = Rng::new(17);
    let (mut checked, mut reused, mut built, mut fresh_built) = (0, 0, 0, 0);
    let (mut jumps, mut swimming, mut blocks) = (0, 0, 0);
    for game in 0..40 {
        let h = [3, 4, 5, 6][game % 4];
        let mut pos = Position::startpos();
        let mut projection = IncrementalProjection::new();
        let mut previous = pos;
        for _ in 0..120 {
            let incremental =
                projection.project(&Jungle, &pos, h, changed_squares(&previous, &pos));
            let mut fresh = IncrementalProjection::new();
            assert_eq!(
                incremental,
                fresh.project(&Jungle, &pos, h, 0),
                "game {game}, H = {h}: {pos}"
            );
            assert_eq!(incremental, project(&pos, h));
            fresh_built += fresh.stats.built;
            checked += 1;
            jumps += incremental
                .zones
                .iter()
                .filter(|z| {
                    z.root
                        .windows(2)
                        .any(|w| !matches!(w[0].abs_diff(w[1]), 1 | 7))
                })
                .count();
            swimming += usize::from(is_swimming(&pos));
            blocks += incremental
                .zones
                .iter()
                .flat_map(|z| &z.negations)
                .filter(|n| role_text(&pos, n) == "jump block")
                .count();
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_over() {
                break;
            }
            previous = pos;
            // Captures half the time, so that the pieces meet.
            let captures: Vec<_> = moves.iter().filter(|m| pos.is_capture(**m)).collect();
            let mv = if !captures.is_empty() && rng.below(2) == 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos = pos.play(&mv);
        }
        reused += projection.stats.reused;
        built += projection.stats.built;
    }
    println!(
        "{checked} positions; distance maps built {built}, found in the cache {reused}; \
         {fresh_built} built by fresh projections; {jumps} zones with a jump; \
         {swimming} positions with a rat in the water; {blocks} rats swimming into a jump"
    );
    assert!(blocks > 0, "no rat swam into a jump");
    assert!(checked > 1500, "only {checked} positions");
    assert!(jumps > 20, "only {jumps} zones jump");
    assert!(
        swimming > 100,
        "only {swimming} positions with a swimming rat"
    );
    assert!(reused > built / 4, "reused {reused}, built {built}");
    assert!(
        built * 4 < fresh_built * 3,
        "incremental built {built}, fresh projections {fresh_built}"
    );
}

/// Whether a rat of either side stands in the water.
fn is_swimming(pos: &Position) -> bool {
    use zonal_jungle::{Animal, Side, geometry::WATER};
    Side::BOTH
        .iter()
        .any(|&s| pos.pieces(s, Animal::Rat) & WATER != 0)
}
