//! Прорыв's parsers: position strings, plies and position files never panic; an accepted
//! position prints back to itself and an accepted ply is legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zonal_proryv::{Position, posfile};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let pos = match first.parse::<Position>() {
        Ok(pos) => {
            let again: Position = pos.to_string().parse().expect("a printed position reads back");
            assert_eq!(again, pos);
            pos
        }
        Err(_) => Position::startpos(),
    };
    for line in lines.take(16) {
        if let Ok(ply) = pos.parse_ply(line) {
            assert!(pos.legal_plies().contains(&ply));
        }
    }
    if let Ok(records) = posfile::parse_str(text, "fuzz") {
        for r in &records {
            let back = posfile::parse_str(&posfile::write_record(r), "w").expect("reads back");
            assert_eq!(back[0].position, r.position);
        }
    }
});
