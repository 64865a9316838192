//! Perft from a start position or a position string, with the speed:
//! `cargo run --release -p zonal-hnefatafl --example hnefatafl_perft -- copenhagen 5`
//! (first argument `seed9`, `seed11`, `copenhagen` or a quoted position string; `divide` as a
//! third argument splits the count by the first move).

use std::time::Instant;
use zonal_hnefatafl::{Position, Ruleset, divide, perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let which = args.first().map_or("copenhagen", String::as_str);
    let pos = match which {
        "seed9" => Position::start(Ruleset::SEED_9),
        "seed11" => Position::start(Ruleset::SEED_11),
        "copenhagen" => Position::start(Ruleset::COPENHAGEN),
        text => match text.parse() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
    };
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    if args.get(2).map(String::as_str) == Some("divide") {
        for (mv, n) in divide(&pos, depth) {
            println!("{mv} {n}");
        }
    }
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&pos, d);
        let s = t.elapsed().as_secs_f64();
        println!(
            "perft({d}) = {n}  {:.3} s  {:.1} M moves/s",
            s,
            n as f64 / s.max(1e-9) / 1e6
        );
    }
}
