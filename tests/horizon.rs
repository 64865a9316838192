//! Exhaustive checks of the horizon arithmetic (docs/zones.md §2): Botvinnik's half-move budgets,
//! Stilman's TIME/NEXTTIME, and a brute-force count of half-moves must agree.

use chess_t1::horizon::{
    RootBudget, admitted, arrival, botvinnik_admits, counter_time, h0, hx, hx_retreat, hxx, k_max,
    moves_within, negation_moves, next_time, plus_moves_on, raise_next_time, time,
};

const MAX_H: i32 = 12;
const MAX_L: i32 = 12;

/// Half-moves of side `plus` (true = (+)) among 1..=n, counted one by one.
fn count_moves(plus: bool, n: i32, plus_to_move: bool) -> i32 {
    (1..=n)
        .filter(|&t| plus_moves_on(t, plus_to_move) == plus)
        .count() as i32
}

/// Every (h, plus_to_move, k, i) of a root trajectory within the horizon.
fn roots() -> Vec<(i32, bool, i32, i32)> {
    let mut v = Vec::new();
    for h in 1..=MAX_H {
        for ptm in [true, false] {
            for k in 1..=k_max(h, ptm) {
                for i in 0..=k {
                    v.push((h, ptm, k, i));
                }
            }
        }
    }
    v
}

#[test]
fn first_level_forms_agree() {
    let mut checked = 0;
    for (h, ptm, k, i) in roots() {
        let m = negation_moves(i, k, ptm);
        let t = time(i, !ptm);
        assert_eq!(m, moves_within(hx(i, k, ptm)));
        assert_eq!(
            m,
            t - 1,
            "m(i) = TIME(a_i) - 1, h={h} ptm={ptm} k={k} i={i}"
        );
        // Brute force: the (-) piece's l moves, the last one right after the root arrives.
        let brute_total = count_moves(false, arrival(i, k, ptm) + 1, ptm);
        let b = RootBudget::new(h, k, ptm).unwrap();
        for l in 1..=MAX_L {
            let botvinnik = botvinnik_admits(l, m);
            let stilman = admitted(l, t);
            assert_eq!(botvinnik, stilman, "h={h} ptm={ptm} k={k} i={i} l={l}");
            assert_eq!(
                botvinnik,
                l <= brute_total,
                "h={h} ptm={ptm} k={k} i={i} l={l}"
            );
            assert_eq!(botvinnik, b.admits_first(i, l));
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

#[test]
fn second_level_forms() {
    let mut differs_plus = false;
    for (h, ptm, k, i) in roots() {
        let hx_i = hx(i, k, ptm);
        let t = time(i, !ptm);
        let b = RootBudget::new(h, k, ptm).unwrap();
        let mut stilman_next: Option<i32> = None;
        for l in (1..=MAX_L).filter(|&l| botvinnik_admits(l, negation_moves(i, k, ptm))) {
            let m = l - 1;
            stilman_next = Some(raise_next_time(stilman_next, t, l));
            for j in 1..=m {
                // The (-) piece's j-th square, moving as late as possible.
                let reached = arrival(i, k, ptm) + 1 - 2 * (l - j);
                assert_eq!(reached, hx_i - 2 * (m - j));
                assert!(reached >= 1 && !plus_moves_on(reached, ptm));
                let hxx_j = hxx(hx_i, m, j);
                assert!(plus_moves_on(hxx_j, ptm), "Hxx is a (+) half-move");
                let botvinnik = moves_within(hxx_j) + 1; // longest admitted counter L
                assert_eq!(
                    botvinnik,
                    count_moves(true, reached + 1, ptm),
                    "brute force"
                );
                assert_eq!(botvinnik, b.counter_limit(i, l, j));
                assert_eq!(botvinnik, counter_time(t, l, j, ptm));
                assert_eq!(botvinnik, i - l + j + 1);
                // The lead's form TIME(a_i) - l + j holds exactly when (-) is to move.
                assert_eq!(botvinnik, t - l + j + ptm as i32);
                assert_eq!(botvinnik == t - l + j, !ptm);
                // Stilman's NEXTTIME is Botvinnik's bound at j = 1, minus one if (+) moves first.
                let nt = next_time(t, l);
                assert!(nt <= botvinnik);
                if j == 1 {
                    assert_eq!(nt + ptm as i32, botvinnik);
                    differs_plus |= ptm && nt != botvinnik;
                }
                for big_l in 1..=MAX_L {
                    let botv_adm = big_l - 1 <= moves_within(hxx_j);
                    assert_eq!(botv_adm, admitted(big_l, counter_time(t, l, j, ptm)));
                    if j == 1 && !ptm {
                        assert_eq!(botv_adm, admitted(big_l, nt), "h={h} k={k} i={i} l={l}");
                    }
                }
            }
        }
        // NEXTTIME accumulated with max is that of the shortest admitted trajectory.
        if let Some(n) = stilman_next {
            assert_eq!(n, next_time(t, 1));
        }
    }
    assert!(
        differs_plus,
        "with (+) to move NEXTTIME is one below Botvinnik's bound"
    );
}

/// The general rule at every level: an opposing piece arriving on half-move `a` gives the answering
/// side TIME = floor((a+2)/2); inner squares of an admitted answer of length l get
/// TIME - l + j + [next level's negating side moves first]. Checked down to the 4th level.
fn check_level(a: i32, arriver_plus: bool, ptm: bool, depth: u32, checked: &mut u32) {
    let negator_plus = !arriver_plus;
    assert_eq!(plus_moves_on(a, ptm), arriver_plus);
    let t = count_moves(negator_plus, a + 1, ptm);
    assert_eq!(t, (a + 2).div_euclid(2).max(0));
    if depth == 0 {
        return;
    }
    for l in 1..=t {
        for j in 1..l {
            let reached = a + 1 - 2 * (l - j);
            let next_first = plus_moves_on(1, ptm) == arriver_plus;
            let exact = count_moves(arriver_plus, reached + 1, ptm);
            assert_eq!(counter_time(t, l, j, next_first), exact);
            *checked += 1;
            check_level(reached, negator_plus, ptm, depth - 1, checked);
        }
    }
}

#[test]
fn general_rule_all_levels() {
    let mut checked = 0;
    for (_, ptm, k, i) in roots() {
        let a = arrival(i, k, ptm);
        if a >= 1 {
            assert_eq!(count_moves(false, a + 1, ptm), time(i, !ptm));
            check_level(a, true, ptm, 3, &mut checked);
        }
    }
    assert!(checked > 1000);
}

#[test]
fn spot_values_and_parity() {
    assert_eq!(k_max(5, true), 3);
    assert_eq!(k_max(6, true), 3);
    for h in 0..=MAX_H {
        assert_eq!(k_max(h, false), h / 2);
        assert_eq!(k_max(h, true), (h + 1) / 2);
        for ptm in [true, false] {
            let km = k_max(h, ptm);
            assert!(
                h0(km, ptm) <= h && h0(km + 1, ptm) > h,
                "k_max is the largest k in time"
            );
            assert!(plus_moves_on(h0(km.max(1), ptm), ptm));
        }
    }
    // (+) moves on odd half-moves when (+) is to move, on even ones otherwise.
    for n in 1..=MAX_H {
        assert_eq!(plus_moves_on(n, true), n % 2 == 1);
        assert_eq!(plus_moves_on(n, false), n % 2 == 0);
    }
    for (_, ptm, k, i) in roots() {
        let x = hx(i, k, ptm);
        assert_eq!(x, h0(k, ptm) - 2 * (k - i) - 1);
        if h0(k, ptm) % 2 == 0 {
            assert_eq!(x.rem_euclid(2), 1, "Hx is odd when H0 is even");
        } else {
            assert_eq!(x.rem_euclid(2), 0);
        }
        // The root arrives on a (+) half-move; Hx(i) is the (-) half-move just before it.
        assert!(plus_moves_on(arrival(i, k, ptm), ptm));
        assert!(!plus_moves_on(x, ptm));
        assert_eq!(
            arrival(i, k, ptm),
            arrival(i, i.max(1), ptm),
            "independent of k"
        );
        if x >= 0 {
            assert_eq!(moves_within(x), count_moves(false, x, ptm));
        }
        assert_eq!(negation_moves(i, k, ptm), if ptm { i - 1 } else { i });
    }
    // i = 0: with (+) to move nothing is in time; with (-) to move only a piece already in place.
    for k in 1..=6 {
        assert_eq!((hx(0, k, true), negation_moves(0, k, true)), (-2, -1));
        assert_eq!((hx(0, k, false), negation_moves(0, k, false)), (-1, 0));
        assert!(!botvinnik_admits(1, negation_moves(0, k, true)));
        assert!(botvinnik_admits(1, negation_moves(0, k, false)));
        assert_eq!(hx_retreat(k, true), hx(k, k, true));
        assert_eq!(hx_retreat(k, false), hx(k, k, false));
    }
    // Retreat: H=5, (+) to move, k=3: H0 = 5, Hx(k) = 4, two (-) moves.
    let b = RootBudget::new(5, 3, true).unwrap();
    assert_eq!((b.h0(), b.hx_retreat(), b.retreat_moves()), (5, 4, 2));
    let b = RootBudget::new(6, 3, false).unwrap();
    assert_eq!((b.h0(), b.hx_retreat(), b.retreat_moves()), (6, 5, 3));
}

#[test]
fn root_budget_arrays() {
    for (h, ptm, k, _) in roots() {
        let b = RootBudget::new(h, k, ptm).unwrap();
        let hxs = b.hx_all();
        let ms = b.m_all();
        let ts = b.time_all();
        assert_eq!(hxs.len() as i32, k + 1);
        for i in 0..=k {
            let u = i as usize;
            assert_eq!(hxs[u], hx(i, k, ptm));
            assert_eq!(ms[u], moves_within(hxs[u]));
            assert_eq!(ts[u], ms[u] + 1);
        }
    }
    for h in 0..=MAX_H {
        for ptm in [true, false] {
            assert!(RootBudget::new(h, k_max(h, ptm) + 1, ptm).is_none());
            assert!(RootBudget::new(h, 0, ptm).is_none());
        }
    }
}
