use super::*;

#[test]
fn start_positions_read_and_print() {
    for rules in Ruleset::ALL {
        let p = Position::start(rules);
        assert_eq!(p.to_string(), rules.start_string());
        assert_eq!(p.side_to_move(), ATTACKERS);
        assert_eq!(p.hash(), p.compute_hash());
    }
    let p = Position::start(Ruleset::SEED_9);
    assert_eq!(p.attackers().count_ones(), 16);
    assert_eq!(p.defenders().count_ones(), 8);
    assert_eq!(p.king(), 40);
}

#[test]
fn hash_is_incremental() {
    let mut p = Position::start(Ruleset::COPENHAGEN);
    for i in 0..40 {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p = p.play(moves[(i * 7919) % moves.len()]);
        assert_eq!(p.hash(), p.compute_hash());
    }
}

#[test]
fn bad_strings_name_field_and_column() {
    for (text, field, column) in [
        ("9/9/9 a seed", "placement", 1),
        (
            "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 x seed",
            "side",
            51,
        ),
        (
            "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a copenhagen",
            "ruleset",
            53,
        ),
        (
            "3aaa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a seed x",
            "quiet-plies",
            58,
        ),
        ("a8/9/9/9/4k4/9/9/9/9 a seed", "placement", 1),
        ("k8/9/9/9/9/9/9/9/9 a seed", "placement", 1),
        ("9/9/9/9/9/9/9/9/9 a seed", "placement", 1),
        (
            "3aa3/4a4/4d4/a3d3a/aaddkddaa/a3d3a/4d4/4a4/3aaa3 a seed",
            "placement",
            4,
        ),
        (
            "11/11/11/11/11/5a5/11/11/11/11/k10 a copenhagen",
            "placement",
            32,
        ),
        (
            "11/11/11/11/11/5a5/11/11/11/11/1k9 a copenhagen",
            "placement",
            17,
        ),
        ("9/9/9/9/4k4/9/9/9/9 a seed 0 0", "move-number", 30),
    ] {
        let e = text.parse::<Position>().unwrap_err();
        assert_eq!((e.field, e.column), (field, column), "{text}: {e}");
    }
    // Counters: the largest is read, one more is too large (named whole).
    let p: Position = "9/9/9/9/4k4/9/9/9/9 a seed 4294967295 1".parse().unwrap();
    assert_eq!(p.quiet_plies(), 4_294_967_295);
    for (text, field, what) in [
        (
            "9/9/9/9/4k4/9/9/9/9 a seed 4294967296",
            "quiet-plies",
            "4294967296 is too large (at most 4294967295)",
        ),
        (
            "9/9/9/9/4k4/9/9/9/9 a seed 0 18446744073709551616",
            "move-number",
            "18446744073709551616 is too large",
        ),
    ] {
        let e = text.parse::<Position>().unwrap_err();
        assert_eq!(e.field, field, "{text}: {e}");
        assert!(e.to_string().contains(what), "{text}: {e}");
    }
}
