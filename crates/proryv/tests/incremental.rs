//! The incremental projection stays exact for Прорыв: along random games, the zones the core's
//! [`IncrementalProjection`] gives, reusing the rooks' distance maps from the position before, are exactly
//! the zones built from scratch, at several horizons; and the reuse happens.

use zonal_core::rng::Rng;
use zonal_core::zone::IncrementalProjection;
use zonal_proryv::Position;
use zonal_proryv::zones::{Proryv, changed_squares, project};

#[test]
fn incremental_zones_equal_fresh_ones_along_random_games() {
    let mut rng = Rng::new(13);
    let (mut checked, mut reused, mut built, mut fresh_built) = (0, 0, 0, 0);
    for game in 0..40 {
        let h = [2, 4, 6][game % 3];
        let mut pos = Position::startpos();
        let mut projection = IncrementalProjection::new();
        let mut previous = pos;
        for _ in 0..90 {
            let incremental =
                projection.project(&Proryv, &pos, h, changed_squares(&previous, &pos));
            let mut fresh = IncrementalProjection::new();
            assert_eq!(
                incremental,
                fresh.project(&Proryv, &pos, h, 0),
                "game {game}, H = {h}: {pos}"
            );
            assert_eq!(incremental, project(&pos, h));
            fresh_built += fresh.stats.built;
            checked += 1;
            let plies = pos.legal_plies();
            if plies.is_empty() || pos.is_over() {
                break;
            }
            previous = pos;
            pos = pos.play(&plies[rng.below(plies.len())]);
        }
        reused += projection.stats.reused;
        built += projection.stats.built;
    }
    println!(
        "{checked} positions; distance maps built {built}, found in the cache {reused}; \
         {fresh_built} built by fresh projections"
    );
    assert!(checked > 2000, "only {checked} positions");
    // Most moves leave most rook lines alone: maps are taken over, not only built.
    assert!(reused > built / 4, "reused {reused}, built {built}");
    // The cache also serves within one projection; across positions the incremental one builds
    // fewer maps than fresh projections of the same positions.
    assert!(
        built * 4 < fresh_built * 3,
        "incremental built {built}, fresh projections {fresh_built}"
    );
}
