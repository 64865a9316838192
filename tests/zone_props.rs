//! Properties of the mathematical projection on random positions: budgets are respected, every
//! negation is attached to a square of the trajectory it answers, and the result does not depend
//! on the number of threads.

use chess_t1::horizon;
use chess_t1::rules::ChessT1;
use chess_t1::zone::{Projection, Role, ZoneConfig};
use chess_t1::{Position, sample};

fn positions() -> Vec<Position> {
    let mut v = sample::middlegames(24, 77);
    v.push(Position::startpos());
    v.extend(
        [
            "8/4n3/6k1/8/8/4R3/8/8 b - 0 1",
            "8/8/3c4/2n1n3/8/2R1R3/8/8 w - 0 1",
            "3k4/2SVp3/7V/8/8/5N2/1N6/8 w - 0 1",
            "r1pc1psr/1nnn1nn1/8/2P1n3/4N3/8/NNN2NNN/RS1CKPSR b Pp 0 6",
        ]
        .iter()
        .map(|s| s.parse::<Position>().unwrap()),
    );
    v
}

fn build(pos: &Position, horizon: i32) -> Projection {
    let config = ZoneConfig {
        horizon,
        ..ZoneConfig::default()
    };
    Projection::build(&ChessT1, pos, &config)
}

#[test]
fn budgets_and_attachments() {
    let mut checked = 0;
    for pos in positions() {
        for h in [2, 3, 4, 5] {
            let mp = build(&pos, h);
            for z in &mp.zones {
                let root = z.root();
                let k_max = horizon::k_max(h, z.plus_to_move);
                assert!(
                    !root.is_empty() && root.len() as i32 <= k_max,
                    "root too long in {pos}"
                );
                assert_eq!(root.time, root.len() as i32);
                for (t, zt) in z.trajectories.iter().enumerate().skip(1) {
                    checked += 1;
                    let len = zt.len() as i32;
                    match zt.role {
                        Role::Blockade => assert!(len < zt.time, "{pos} zone {} t{t}", z.index),
                        Role::Retreat => assert_eq!(len, 1),
                        _ => assert!(
                            len <= zt.time,
                            "{pos} zone {} t{t}: {len} > {}",
                            z.index,
                            zt.time
                        ),
                    }
                    let att = zt.attached.expect("negations are attached");
                    assert!(att.parent < t, "parents come first");
                    let parent = &z.trajectories[att.parent];
                    assert_eq!(zt.level, parent.level + 1);
                    assert_ne!(zt.camp, parent.camp);
                    if att.beta {
                        assert!(parent.trajectory.passed[att.index - 1].contains(att.square));
                    } else {
                        assert_eq!(parent.trajectory.squares[att.index], att.square);
                    }
                    // The trajectory ends on its attachment square (a retreat leaves it).
                    if zt.role != Role::Retreat {
                        assert_eq!(zt.trajectory.goal(), att.square);
                    } else {
                        assert_eq!(zt.trajectory.start(), att.square);
                    }
                    // Budgets follow the horizon arithmetic.
                    if zt.level == 1 && zt.role != Role::Retreat {
                        assert_eq!(zt.time, horizon::time(att.index as i32, !z.plus_to_move));
                    }
                }
                for &h in &z.holding {
                    assert_eq!(z.trajectories[h].level, 1);
                }
                assert!(z.footprint.contains(z.target.square));
                assert_eq!(z.contests.len(), root.len() + 1);
            }
        }
    }
    assert!(checked > 1000, "only {checked} negations checked");
}

#[test]
fn identical_for_any_thread_count() {
    for pos in positions().iter().take(10) {
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let two = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let a = one.install(|| format!("{:?}", build(pos, 4)));
        let b = two.install(|| format!("{:?}", build(pos, 4)));
        assert_eq!(a, b, "{pos}");
    }
}
