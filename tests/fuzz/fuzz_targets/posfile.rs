//! Position files: no panic; every accepted record writes back to a line that reads as itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use chess_t1::posfile;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(records) = posfile::parse_str(text, "fuzz") {
        for record in records {
            let line = posfile::write_record(&record);
            let back = posfile::parse_str(&line, "written").expect("a written record reads back");
            assert_eq!(back.len(), 1);
            assert_eq!(back[0].position, record.position);
            assert_eq!(back[0].ops, record.ops);
        }
    }
});
