use super::*;

/// Nim with one heap: take 1-3 stones; whoever takes the last stone wins.
struct Nim;

impl Rules for Nim {
    type Position = (u32, u8);
    type Move = u32;

    fn moves(&self, pos: &(u32, u8), out: &mut Vec<u32>) {
        out.clear();
        out.extend((1..=3).filter(|&n| n <= pos.0));
    }
    fn play(&self, pos: &(u32, u8), mv: u32) -> (u32, u8) {
        (pos.0 - mv, 1 - pos.1)
    }
    fn terminal(&self, pos: &(u32, u8)) -> Option<Terminal> {
        (pos.0 == 0).then_some(Terminal::Loss)
    }
    fn evaluate(&self, _: &(u32, u8)) -> i32 {
        0
    }
    fn key(&self, pos: &(u32, u8)) -> u64 {
        u64::from(pos.0) * 2 + u64::from(pos.1)
    }
    fn irreversible(&self, _: &(u32, u8), _: u32, _: &(u32, u8)) -> bool {
        true
    }
}

#[test]
fn nim_is_solved() {
    // Heaps that are multiples of 4 are lost for the side to move; the others win by
    // leaving a multiple of 4.
    for heap in 1..=13u32 {
        let r = search(
            &Nim,
            &(heap, 0),
            &[],
            &Limits {
                depth: Some(14),
                ..Limits::default()
            },
        );
        if heap % 4 == 0 {
            assert!(r.score < -WIN_BOUND, "{heap}: {}", r.score);
        } else {
            assert!(r.score > WIN_BOUND, "{heap}: {}", r.score);
            assert_eq!(r.best, Some(heap % 4), "{heap}");
            // The fastest win: plies to the end.
            let plies = WIN - r.score;
            assert_eq!(plies as usize, r.line.len(), "{heap}: {:?}", r.line);
        }
    }
}

/// A narrowing that keeps only "take one stone" for the root's opponent (odd plies) and
/// records the plies and depths it is asked at.
struct TakeOne {
    asked: std::cell::RefCell<Vec<(usize, i32)>>,
}

impl Narrowing<Nim> for TakeOne {
    fn narrow(&self, _: &Nim, _: &(u32, u8), ply: usize, moves: &mut Vec<u32>) {
        if ply % 2 == 1 {
            moves.retain(|&m| m == 1);
        }
    }
    fn narrow_at(
        &self,
        rules: &Nim,
        pos: &(u32, u8),
        ply: usize,
        depth: i32,
        moves: &mut Vec<u32>,
    ) {
        self.asked.borrow_mut().push((ply, depth));
        self.narrow(rules, pos, ply, moves);
    }
}

#[test]
fn a_narrowed_win_is_checked_against_the_left_out_defences() {
    // Heap 4 is lost for the side to move. Kept to "take one", the opponent seems lost after
    // 4 -> 3 (3 -> 2, and the root side takes both); its left-out "take three" wins, and
    // the search tries it because its kept move loses.
    let narrowing = TakeOne {
        asked: std::cell::RefCell::new(Vec::new()),
    };
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let narrowed = search_with(&Nim, &narrowing, &(4, 0), &[], &limits, &Control::default());
    assert!(narrowed.score < -WIN_BOUND, "{narrowed:?}");
    let r = search_narrowed(&Nim, &narrowing, &(4, 0), &[], &limits);
    assert!(r.score < -WIN_BOUND, "{r:?}");
    // Where the opponent's kept move does not lose, its other moves are not searched: on
    // heap 5 the win (take one) is found with fewer nodes than the full tree's.
    let full = search(&Nim, &(5, 0), &[], &limits);
    let r = search_narrowed(&Nim, &narrowing, &(5, 0), &[], &limits);
    assert_eq!((r.best, r.score), (Some(1), full.score));
    // Below the root the narrowing is told the plies left: iteration depth minus ply.
    narrowing.asked.borrow_mut().clear();
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    search_with(&Nim, &narrowing, &(9, 0), &[], &limits, &Control::default());
    assert!(narrowing.asked.borrow().is_empty());
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    search_with(&Nim, &narrowing, &(9, 0), &[], &limits, &Control::default());
    let asked = narrowing.asked.borrow();
    assert!(
        asked.contains(&(1, 2)) && asked.contains(&(2, 1)),
        "{asked:?}"
    );
    assert!(
        asked
            .iter()
            .all(|&(ply, depth)| ply >= 1 && ply as i32 + depth <= 3),
        "{asked:?}"
    );
}

#[test]
fn limits_stop_the_search() {
    let r = search(
        &Nim,
        &(40, 0),
        &[],
        &Limits {
            nodes: Some(50),
            ..Limits::default()
        },
    );
    assert!(r.nodes <= 60, "{}", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn the_default_control_changes_nothing() {
    for heap in [5u32, 8, 13, 40] {
        let limits = Limits {
            depth: Some(7),
            ..Limits::default()
        };
        let plain = search(&Nim, &(heap, 0), &[], &limits);
        let with = search_with(
            &Nim,
            &FullWidth,
            &(heap, 0),
            &[],
            &limits,
            &Control::default(),
        );
        assert_eq!(plain, with, "{heap}");
        let narrowed = search_narrowed(&Nim, &FullWidth, &(heap, 0), &[], &limits);
        let narrowed_with = search_narrowed_with(
            &Nim,
            &FullWidth,
            &(heap, 0),
            &[],
            &limits,
            &Control::default(),
        );
        assert_eq!(narrowed, narrowed_with, "{heap}");
    }
}

#[test]
fn progress_reports_every_finished_iteration() {
    let seen = std::cell::RefCell::new(Vec::new());
    let report = |p: &Progress<'_, u32>| {
        seen.borrow_mut()
            .push((p.depth, p.score, p.nodes, p.line.to_vec()));
    };
    let control = Control {
        progress: Some(&report),
        ..Control::default()
    };
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let r = search_with(&Nim, &FullWidth, &(40, 0), &[], &limits, &control);
    let seen = seen.into_inner();
    let depths: Vec<u32> = seen.iter().map(|s| s.0).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    assert!(seen.windows(2).all(|w| w[0].2 <= w[1].2));
    let last = seen.last().expect("an iteration");
    assert_eq!((last.1, last.2, &last.3), (r.score, r.nodes, &r.line));
}

#[test]
fn a_raised_stop_flag_keeps_the_first_iteration() {
    let stop = AtomicBool::new(true);
    let control = Control {
        stop: Some(&stop),
        ..Control::default()
    };
    let limits = Limits {
        depth: Some(30),
        ..Limits::default()
    };
    let r = search_with(&Nim, &FullWidth, &(40, 0), &[], &limits, &control);
    assert_eq!(r.depth, 1);
    assert_eq!(r.root.len(), 3);
    assert!(r.best.is_some());
    // A soft limit that has passed also ends the search after its first iteration.
    let control = Control {
        soft_ms: Some(0),
        ..Control::default()
    };
    let r = search_with(&Nim, &FullWidth, &(40, 0), &[], &limits, &control);
    assert_eq!(r.depth, 1);
}

#[test]
fn a_stop_from_another_thread_ends_a_long_search() {
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let r = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(50));
            stop.store(true, Ordering::Relaxed);
        });
        let control = Control {
            stop: Some(&stop),
            ..Control::default()
        };
        let limits = Limits {
            depth: Some(40),
            ..Limits::default()
        };
        search_with(&Tree3, &FullWidth, &(0, 1), &[], &limits, &control)
    });
    assert!(started.elapsed().as_millis() < 5_000);
    assert!(r.best.is_some());
    assert!(r.depth >= 1 && r.depth < 40, "{}", r.depth);
}

#[test]
fn clock_budgets() {
    // Sudden death: 30 moves planned, three quarters of the increment added.
    assert_eq!(
        clock_budget(10_000, 100, None),
        (9_970 / 30 + 75, 9_970 / 30 * 3 + 225)
    );
    assert_eq!(clock_budget(10_000, 0, None), (332, 996));
    // Moves to go: the time left over them, the hard limit at most half of it.
    assert_eq!(clock_budget(10_030, 0, Some(1)), (5_000, 5_000));
    assert_eq!(clock_budget(10_030, 0, Some(10)), (1_000, 3_000));
    assert_eq!(clock_budget(10_030, 0, Some(500)), (200, 600));
    // Nearly out of time: at least a millisecond, never more than is left.
    assert_eq!(clock_budget(0, 0, None), (1, 1));
    assert_eq!(clock_budget(40, 0, None), (1, 1));
    assert_eq!(clock_budget(200, 0, None), (5, 15));
    // Huge clocks do not overflow.
    let (soft, hard) = clock_budget(u64::MAX, u64::MAX, Some(1));
    assert!(1 <= soft && soft <= hard);
}

/// A game tree of three moves a node without transpositions (the key counts the moves).
struct Tree3;

impl Rules for Tree3 {
    type Position = (u32, u32);
    type Move = u32;
    fn moves(&self, _: &(u32, u32), out: &mut Vec<u32>) {
        out.clear();
        out.extend(1..=3);
    }
    fn play(&self, pos: &(u32, u32), mv: u32) -> (u32, u32) {
        (pos.0 + 1, pos.1.wrapping_mul(31).wrapping_add(mv))
    }
    fn terminal(&self, _: &(u32, u32)) -> Option<Terminal> {
        None
    }
    fn evaluate(&self, pos: &(u32, u32)) -> i32 {
        (pos.1 % 7) as i32
    }
    fn key(&self, pos: &(u32, u32)) -> u64 {
        u64::from(pos.1) << 8 | u64::from(pos.0)
    }
    fn irreversible(&self, _: &(u32, u32), _: u32, _: &(u32, u32)) -> bool {
        true
    }
}

/// The engine begins no iteration after half its time: every iteration but the first began
/// (its predecessor ended) before half the move time; and the search returns a move.
#[test]
fn the_engine_begins_no_iteration_it_cannot_finish() {
    let ended = std::cell::RefCell::new(Vec::new());
    let report = |p: &Progress<'_, u32>| ended.borrow_mut().push((p.depth, p.millis));
    let control = Control {
        progress: Some(&report),
        ..Control::default()
    };
    let limits = Limits {
        movetime_ms: Some(40),
        ..Limits::default()
    };
    let r =
        Engine::new(Techniques::ENGINE).search(&Tree3, &FullWidth, &(0, 1), &[], &limits, &control);
    assert!(r.best.is_some());
    let ended = ended.into_inner();
    // Iterations grow by three times: the ones that end after 20 ms are there.
    assert!(ended.len() >= 3, "{ended:?}");
    for w in ended.windows(2) {
        assert!(
            w[0].1 * 2 < 40,
            "iteration {} began at {} ms",
            w[1].0,
            w[0].1
        );
    }
    // A soft limit that has passed: the first iteration only.
    let control = Control {
        soft_ms: Some(0),
        ..Control::default()
    };
    let r = Engine::new(Techniques::ENGINE).search(
        &Nim,
        &FullWidth,
        &(1_000_000, 0),
        &[],
        &Limits {
            depth: Some(30),
            ..Limits::default()
        },
        &control,
    );
    assert_eq!(r.depth, 1);
}

/// The engine solves Nim as the plain search does, with every technique on (no game
/// hooks: no table moves, no null move).
#[test]
fn the_engine_solves_nim() {
    for heap in 1..=13u32 {
        let limits = Limits {
            depth: Some(14),
            ..Limits::default()
        };
        let r = Engine::new(Techniques::ENGINE).search(
            &Nim,
            &FullWidth,
            &(heap, 0),
            &[],
            &limits,
            &Control::default(),
        );
        if heap % 4 == 0 {
            assert!(r.score < -WIN_BOUND, "{heap}: {}", r.score);
        } else {
            assert!(r.score > WIN_BOUND, "{heap}: {}", r.score);
            assert_eq!(r.best, Some(heap % 4), "{heap}");
        }
    }
}
