//! Perft from a position string with timing: `cargo run --release -p zonal-jungle --example
//! perft -- [depth] [position] [divide|full]` (default: depth 6 from the start; `full` makes
//! every leaf instead of counting the moves of the last ply).

use std::time::Instant;
use zonal_jungle::{Position, divide, perft};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(6);
    let pos: Position = match args.get(1) {
        Some(text) => match text.parse() {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        },
        None => Position::startpos(),
    };
    if args.get(2).is_some_and(|a| a == "divide") {
        for (mv, n) in divide(&pos, depth) {
            println!("{mv} {n}");
        }
    }
    // Without bulk counting: every leaf position is made.
    fn full(pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        pos.for_each_legal(|_, next| n += full(next, depth - 1));
        n
    }
    if args.get(2).is_some_and(|a| a == "full") {
        let t = Instant::now();
        let n = full(&pos, depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "perft({depth}) = {n} without bulk counting  {:.3} s  {:.1} M moves/s",
            s,
            n as f64 / s.max(1e-9) / 1e6
        );
        return;
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
