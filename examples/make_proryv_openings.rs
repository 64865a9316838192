//! Writes `positions/proryv/openings.pos`: the openings of `zonal match --game proryv`.
//!
//! ```sh
//! cargo run --release --example make_proryv_openings > positions/proryv/openings.pos
//! ```
//!
//! Each opening is the start position after six random drops (three rooks a side, drawn
//! uniformly among the legal drops with a seeded generator), kept when a depth-4 search of the
//! core scores it within ±0.50 for the side to move: balanced positions that differ, so that
//! deterministic players do not repeat one game. 24 openings, each played with both colours.

use zonal_core::rng::Rng;
use zonal_core::{Limits, search};
use zonal_proryv::Position;
use zonal_proryv::play::Proryv;

fn main() {
    let mut rng = Rng::new(2026);
    let mut kept = Vec::new();
    let mut tried = 0;
    while kept.len() < 24 {
        tried += 1;
        let mut pos = Position::startpos();
        for _ in 0..6 {
            let plies = pos.legal_plies();
            pos = pos.play(&plies[rng.below(plies.len())]);
        }
        let limits = Limits {
            depth: Some(4),
            nodes: None,
            movetime_ms: None,
        };
        let r = search(&Proryv::default(), &pos, &[], &limits);
        if r.score.abs() <= 50 && !kept.iter().any(|(p, _)| *p == pos) {
            kept.push((pos, r.score));
        }
    }
    println!("# Прорыв openings for `zonal match --game proryv`: the start after six random drops");
    println!("# (three rooks a side), kept when a depth-4 search scores them within ±0.50.");
    println!(
        "# Made by: cargo run --release --example make_proryv_openings ({tried} tried, seed 2026)"
    );
    println!("game proryv");
    for (i, (pos, score)) in kept.iter().enumerate() {
        println!(
            "{pos} id \"O{}\"; c0 \"depth 4: {score:+} cp for the side to move\";",
            i + 1
        );
    }
}
