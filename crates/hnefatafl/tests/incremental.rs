//! The incremental projection stays exact for Hnefatafl: along random games of all three
//! rulesets, the zones the core's [`IncrementalProjection`] gives, reusing distance maps from the position
//! before, are exactly the zones built from scratch, at several horizons; and the reuse happens.

use zonal_core::rng::Rng;
use zonal_core::zone::IncrementalProjection;
use zonal_hnefatafl::zones::{Tafl, changed_squares, project};
use zonal_hnefatafl::{Position, Ruleset};

#[test]
fn incremental_zones_equal_fresh_ones_along_random_games() {
    let mut rng = Rng::new(17);
    let (mut checked, mut reused, mut built, mut fresh_built) = (0, 0, 0, 0);
    let mut with_complexes = 0;
    for game in 0..18 {
        let rules = Ruleset::ALL[game % 3];
        let h = [2, 3, 4][(game / 3) % 3];
        let mut pos = Position::start(rules);
        let mut projection = IncrementalProjection::new();
        let mut previous = pos;
        for _ in 0..70 {
            let incremental = projection.project(&Tafl, &pos, h, changed_squares(&previous, &pos));
            let mut fresh = IncrementalProjection::new();
            assert_eq!(
                incremental,
                fresh.project(&Tafl, &pos, h, 0),
                "game {game}, H = {h}: {pos}"
            );
            assert_eq!(incremental, project(&pos, h));
            fresh_built += fresh.stats.built;
            with_complexes += usize::from(!incremental.complexes.is_empty());
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            previous = pos;
            pos = pos.play(moves[rng.below(moves.len())]);
        }
        reused += projection.stats.reused;
        built += projection.stats.built;
    }
    println!(
        "{checked} positions ({with_complexes} with complexes); distance maps built {built}, \
         found in the cache {reused}; {fresh_built} built by fresh projections"
    );
    assert!(checked > 1000, "only {checked} positions");
    assert!(with_complexes > 300, "only {with_complexes} with complexes");
    assert!(reused > built / 4, "reused {reused}, built {built}");
    assert!(
        built * 4 < fresh_built * 3,
        "incremental built {built}, fresh projections {fresh_built}"
    );
}
