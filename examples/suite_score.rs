//! Scores the zone-guided search against the full-width search on a position file with `bm`:
//! for every position the move each search chooses at the same depth, whether it is a `bm`
//! move, and the nodes each visited. Used for the figures in NOTES.md.
//!
//! `cargo run --release --example suite_score -- [FILE] [DEPTH]` (defaults:
//! `positions/tactics.t1`, 4).

use chess_t1::search::Mode;
use chess_t1::search::baseline::{BaselineConfig as SearchConfig, search};

fn main() {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .unwrap_or_else(|| "positions/tactics.t1".to_string());
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(4);
    let records = match chess_t1::posfile::read_file(std::path::Path::new(&file)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    println!("| id | bm | zone-guided | full-width | nodes zones | nodes full | ratio |");
    println!("|---|---|---|---|---|---|---|");
    let (mut zone_hits, mut full_hits, mut scored) = (0, 0, 0);
    let (mut zone_nodes, mut full_nodes) = (0u64, 0u64);
    for r in &records {
        let Some(bm) = r.operands("bm") else { continue };
        scored += 1;
        let config = |mode| SearchConfig {
            depth,
            mode,
            horizon: depth as i32,
            ..SearchConfig::default()
        };
        let z = search(&r.position, &config(Mode::Zones));
        let f = search(&r.position, &config(Mode::Full));
        let zm = z.best.map(|m| m.uci()).unwrap_or_default();
        let fm = f.best.map(|m| m.uci()).unwrap_or_default();
        let (zh, fh) = (bm.contains(&zm), bm.contains(&fm));
        zone_hits += zh as usize;
        full_hits += fh as usize;
        zone_nodes += z.nodes;
        full_nodes += f.nodes;
        let mark = |hit: bool| if hit { "" } else { " (miss)" };
        println!(
            "| {} | {} | {zm}{} | {fm}{} | {} | {} | {:.1} |",
            r.id().unwrap_or("-"),
            bm.join(" "),
            mark(zh),
            mark(fh),
            z.nodes,
            f.nodes,
            f.nodes as f64 / z.nodes.max(1) as f64
        );
    }
    println!(
        "\n{scored} positions at depth {depth}: zone-guided finds a bm move in {zone_hits} ({:.0}%), full-width in {full_hits}; nodes {zone_nodes} vs {full_nodes} ({:.1}x fewer)",
        100.0 * zone_hits as f64 / scored.max(1) as f64,
        full_nodes as f64 / zone_nodes.max(1) as f64
    );
}
