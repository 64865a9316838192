//! Move ordering in the tree: the history of cut-offs, the ordering keys, the late-move
//! reductions by depth and move number, and the partial selection sort of a node's list.

/// History entries per side (move codes are folded into this many).
pub(super) const HISTORY_SLOTS: usize = 1 << 16;

/// The history: how often and how deep each move (by side and folded move code) cut off, with
/// the entries written so far listed, so that ageing and clearing touch only them (the table is
/// a zeroed allocation: its pages cost memory only once written).
pub(super) struct History {
    values: Vec<i32>,
    touched: Vec<u32>,
}

impl History {
    pub(super) fn new() -> History {
        History {
            values: vec![0; 2 * HISTORY_SLOTS],
            touched: Vec::new(),
        }
    }

    /// The value of a slot.
    #[inline]
    pub(super) fn get(&self, slot: usize) -> i32 {
        self.values[slot]
    }

    /// Adds `bonus` to a slot (at most [`HISTORY_MAX`]).
    #[inline]
    pub(super) fn add(&mut self, slot: usize, bonus: i32) {
        let v = &mut self.values[slot];
        if *v == 0 {
            self.touched.push(slot as u32);
        }
        *v = (*v + bonus).clamp(1, HISTORY_MAX);
    }

    /// Divides every value by `by` (old statistics fade).
    pub(super) fn age(&mut self, by: i32) {
        let values = &mut self.values;
        self.touched.retain(|&slot| {
            let v = &mut values[slot as usize];
            *v /= by;
            *v != 0
        });
    }

    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        for &slot in &self.touched {
            self.values[slot as usize] = 0;
        }
        self.touched.clear();
    }
}
/// The largest history value (a move that cut off often at great depth).
const HISTORY_MAX: i32 = (1 << 16) - 1;

/// Ordering keys: the table's move, then tactical moves (by the game's hint), then the moves
/// the zones name, then killers, then the rest by hint and history.
pub(super) const ORDER_TT: i32 = i32::MAX;
pub(super) const ORDER_TACTICAL: i32 = 1 << 29;
pub(super) const ORDER_NAMED: i32 = 1 << 28;
pub(super) const ORDER_KILLER: i32 = 1 << 27;

/// Late-move reductions by depth and move number, in plies: about ln(depth) x ln(number) / 2,
/// in integers (8 x log2 approximated from the leading bit and the next three).
pub(super) fn reduction(depth: i32, number: usize) -> i32 {
    fn log2_x8(n: u64) -> i32 {
        if n <= 1 {
            return 0;
        }
        let top = 63 - n.leading_zeros() as i32;
        let frac = if top >= 3 {
            (n >> (top - 3)) & 7
        } else {
            (n << (3 - top)) & 7
        } as i32;
        top * 8 + frac
    }
    // ln a x ln b / 2 = log2 a x log2 b x (ln 2)^2 / 2 ~ log2 a x log2 b x 0.24.
    let d = log2_x8(depth.max(1) as u64);
    let n = log2_x8(number as u64);
    (d * n * 24 / 6_400).max(0)
}

/// A move in a node's list: its ordering key, the move, and marks (tactical, named).
#[derive(Clone, Copy)]
pub(super) struct Listed<M> {
    pub(super) key: i32,
    pub(super) mv: M,
    pub(super) tactical: bool,
    pub(super) named: bool,
}

/// Best first (stable: equal keys keep the generation order).
pub(super) fn sort<M>(list: &mut [Listed<M>]) {
    list.sort_by_key(|l| std::cmp::Reverse(l.key));
}

/// Moves of a node chosen by selection before the rest is sorted.
pub(super) const SELECTED: usize = 3;

/// Brings the first of the highest keys of `list` to its front, the others keeping their order
/// (one step of the stable sort [`sort`] would make).
#[inline]
pub(super) fn select<M>(list: &mut [Listed<M>]) {
    let mut best = 0;
    for j in 1..list.len() {
        if list[j].key > list[best].key {
            best = j;
        }
    }
    if best > 0 {
        list[..=best].rotate_right(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selecting_then_sorting_orders_as_selecting_every_move() {
        let mut rng = crate::rng::Rng::new(3);
        for len in 0..40 {
            for _ in 0..20 {
                let list: Vec<Listed<usize>> = (0..len)
                    .map(|mv| Listed {
                        key: rng.below(5) as i32,
                        mv,
                        tactical: false,
                        named: false,
                    })
                    .collect();
                // The reference: one selection a move.
                let mut selected = list.clone();
                for i in 0..len {
                    select(&mut selected[i..]);
                }
                let mut mixed = list.clone();
                for i in 0..len.min(SELECTED) {
                    select(&mut mixed[i..]);
                }
                sort(&mut mixed[len.min(SELECTED)..]);
                let order = |l: &[Listed<usize>]| l.iter().map(|x| x.mv).collect::<Vec<_>>();
                assert_eq!(order(&mixed), order(&selected));
            }
        }
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(reduction(3, 2), 0);
        assert!(reduction(3, 8) >= 1);
        assert!(reduction(12, 40) >= 3);
        for d in 1..40 {
            for n in 1..64 {
                assert!(reduction(d, n) <= reduction(d + 1, n));
                assert!(reduction(d, n) <= reduction(d, n + 1));
            }
        }
    }
}
