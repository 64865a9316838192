//! How much of the projection survives a move: the ceiling of any zone-by-zone incremental
//! update. Over short random continuations of the bench's middlegames it counts, from
//! from-scratch projections only, the attack zones whose footprint a move touches (docs/zones.md §5's
//! rebuild rule), and the attack zones identical (trajectories, contests, holdings) to the zone of
//! the same root trajectory two half-moves earlier, the last position with the same side to move.
//! Used for the figures in NOTES.md.
//!
//! `cargo run --release --example zone_churn -- [POSITIONS] [HORIZON]` (defaults: 16, 4).

use chess_t1::incremental::FootprintIndex;
use chess_t1::rules::ChessT1;
use chess_t1::sample;
use chess_t1::zone::{ForceZone, Projection, ZoneConfig, ZoneKind};
use std::collections::HashMap;

/// The zone's identity across positions.
fn key(z: &ForceZone) -> String {
    format!("{:?} {:?} {:?}", z.root().trajectory, z.target, z.side)
}

/// What the zone says (its index left out).
fn body(z: &ForceZone) -> String {
    format!(
        "{:?}",
        (&z.trajectories, &z.contests, &z.holding, z.target_defended)
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(16);
    let horizon: i32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let config = ZoneConfig {
        horizon,
        ..ZoneConfig::default()
    };
    let mut rng = sample::Rng::new(7);
    let (mut zones, mut touched, mut trajectories) = (0usize, 0usize, 0usize);
    let mut touched_lines = 0usize;
    let (mut compared, mut same) = (0usize, 0usize);
    for start in sample::middlegames(n, 2024) {
        let mut history: Vec<HashMap<String, String>> = Vec::new();
        let mut pos = start;
        for ply in 0..8 {
            let mp = Projection::build(&ChessT1, &pos, &config);
            let attack: Vec<&ForceZone> = mp
                .zones
                .iter()
                .filter(|z| z.kind == ZoneKind::Attack)
                .collect();
            let now: HashMap<String, String> = attack.iter().map(|z| (key(z), body(z))).collect();
            if ply >= 2 {
                for (k, b) in &now {
                    compared += 1;
                    same += usize::from(history[ply - 2].get(k) == Some(b));
                }
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            let index = FootprintIndex::new(&mp);
            let hit = index.touched_by([mv.from, mv.to]);
            for z in &attack {
                zones += 1;
                trajectories += z.trajectories.len();
                touched +=
                    usize::from(z.footprint.contains(mv.from) || z.footprint.contains(mv.to));
                touched_lines += usize::from(hit.binary_search(&z.index).is_ok());
            }
            history.push(now);
            pos = pos.play(&mv);
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "H={horizon}, {n} middlegames, 8 random moves each: {zones} attack zones, {:.1} trajectories a zone",
        trajectories as f64 / zones.max(1) as f64
    );
    println!(
        "footprint meets the move's from or to square: {touched} ({:.0}%)",
        pct(touched, zones)
    );
    println!(
        "with the lines of force onto its contested squares (FootprintIndex): {touched_lines} ({:.0}%)",
        pct(touched_lines, zones)
    );
    println!(
        "identical to the zone two half-moves earlier: {same} of {compared} ({:.1}%)",
        pct(same, compared)
    );
}
