//! Prints the zones of a position: `cargo run --release -p zonal-jungle --example jungle_zones --
//! "<position>" [horizon]` (default: the start position, horizon 5).

use zonal_jungle::Position;
use zonal_jungle::zones::{project, to_text};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pos: Position = match args.first().map(|t| t.parse()) {
        Some(Ok(pos)) => pos,
        Some(Err(e)) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
        None => Position::startpos(),
    };
    let h: i32 = args.get(1).and_then(|h| h.parse().ok()).unwrap_or(5);
    print!("{}", to_text(&pos, &project(&pos, h), h));
}
