//! Engine protocol: any input ends the session without a panic. Searches are kept small (every
//! `go` becomes `go nodes 200`, `Hash` options are dropped) so that an input costs milliseconds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use chess_t1::protocol::{SharedBuffer, run};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let input: String = text
        .lines()
        .take(32)
        .filter(|l| !l.contains("Hash"))
        .map(|l| if l.trim_start().starts_with("go") { "go nodes 200" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let out = SharedBuffer::default();
    run(std::io::Cursor::new(input), out.clone()).expect("a session over a buffer cannot fail");
    assert!(String::from_utf8(out.contents()).is_ok());
});
