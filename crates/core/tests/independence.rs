//! The core names no game: it depends on no game's crate, and its sources name no game's pieces,
//! special squares or board size.

use std::path::Path;

#[test]
fn the_core_depends_on_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .expect("a [dependencies] table");
    for game in [
        "zonal-chess-t1",
        "zonal-proryv",
        "zonal-hnefatafl",
        "zonal-jungle",
    ] {
        assert!(!deps.contains(game), "the core depends on {game}");
    }
}

#[test]
fn the_core_names_no_game_piece_or_board() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // Whole identifiers and words.
    let words = [
        "Knecht",
        "Ritter",
        "Konnet",
        "Scout",
        "Prince",
        "castle",
        "Castle",
        "rook",
        "Rook",
        "throne",
        "den",
        "trap",
        "Bitboard",
        "Proryv",
        "Hnefatafl",
        "Jungle",
    ];
    // Any occurrence.
    let fragments = ["chess-t1", "Прорыв", "; 64]", "..64", "0..64"];
    let mut files = Vec::new();
    let mut dirs = vec![src];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    let mut read = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a source file");
        // Tests may use a sample game (a rook on an empty board): only the code before them counts.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        let tokens: Vec<&str> = code
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .collect();
        for word in words {
            assert!(!tokens.contains(&word), "{} names {word:?}", path.display());
        }
        for fragment in fragments {
            assert!(
                !code.contains(fragment),
                "{} names {fragment:?}",
                path.display()
            );
        }
        read += 1;
    }
    assert!(read >= 14, "read {read} files");
}
