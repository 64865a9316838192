//! The transposition table: buckets of two entries, each two `u64`s (the position's key and a
//! packed word), allocated zeroed so that the operating system hands its pages over only when
//! the search first writes to them: a large table costs nothing until it is used.

/// Bits of the packed move code ([`crate::Rules::move_code`]).
const MOVE_BITS: u32 = 24;
/// Bits of the stored score (signed).
const SCORE_BITS: u32 = 22;
const SCORE_OFFSET: i64 = 1 << (SCORE_BITS - 1);

/// What a stored score is: exact, at least (a cut-off) or at most (every move failed low).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score itself.
    Exact = 1,
    /// A lower bound.
    Lower = 2,
    /// An upper bound.
    Upper = 3,
}

/// A table entry as read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The best move's code (0: none).
    pub(crate) code: u32,
    /// The score, relative to the node (game ends: see `to_table`).
    pub(crate) score: i32,
    /// Depth searched.
    pub(crate) depth: i32,
    /// What the score is.
    pub(crate) bound: Bound,
}

/// The largest table a search may ask for, in MiB (the callers refuse more than
/// [`max_hash_mb`], see `--hash`).
pub const MAX_TABLE_MB: usize = 1 << 16;

/// Largest `Hash` in MiB on any machine; [`max_hash_mb`] is this machine's.
pub const MAX_HASH_MB: usize = MAX_TABLE_MB;
/// Largest `Hash` in MiB where the machine's memory cannot be read (no `/proc/meminfo`).
pub const FALLBACK_HASH_MB: usize = 1_024;

/// The machine's memory in MiB (`MemTotal` of `/proc/meminfo`), if known.
pub fn total_memory_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// Largest transposition table on this machine, in MiB (`--hash`, `hash=`, `setoption name
/// Hash`): a quarter of its memory, at most [`MAX_HASH_MB`]; [`FALLBACK_HASH_MB`] when the
/// memory is unknown.
pub fn max_hash_mb() -> usize {
    total_memory_mb().map_or(FALLBACK_HASH_MB, |total| (total / 4).min(MAX_HASH_MB))
}

/// Checks a table size against [`max_hash_mb`]; the error names the maximum.
pub fn check_hash_mb(mb: usize) -> Result<(), String> {
    let max = max_hash_mb();
    if mb <= max {
        return Ok(());
    }
    Err(match total_memory_mb() {
        Some(total) => format!(
            "{mb} MiB is too large: at most {max} MiB on this machine (a quarter of its {total} MiB of memory)"
        ),
        None => format!("{mb} MiB is too large: at most {max} MiB"),
    })
}

/// A transposition table.
pub(crate) struct Table {
    /// Two words per entry, two entries per bucket.
    words: Vec<u64>,
    /// Buckets - 1 (a power of two less one); unused when `words` is empty.
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `mb` MiB (rounded down to a power of two of buckets; 0: none).
    pub(crate) fn new(mb: usize) -> Table {
        let bytes = mb.min(MAX_TABLE_MB).saturating_mul(1 << 20);
        let buckets = bytes / 32;
        let buckets = if buckets == 0 {
            0
        } else {
            1usize << (usize::BITS - 1 - buckets.leading_zeros())
        };
        Table {
            // Zeroed allocation: pages are given on first write.
            words: vec![0u64; buckets * 4],
            mask: buckets.saturating_sub(1),
            generation: 1,
        }
    }

    /// A new search: entries of earlier searches are replaced first.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation % 63 + 1;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * 4
    }

    /// Asks the processor to fetch `key`'s bucket (a hint; it changes nothing).
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if !self.words.is_empty() {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let at: *const u64 = &self.words[self.bucket(key)];
            // SAFETY: SSE is part of every x86-64 processor; a prefetch only hints the cache, it
            // reads nothing the program sees and cannot fault (the address is a live bucket).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(at.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        if self.words.is_empty() {
            return None;
        }
        let b = self.bucket(key);
        (0..2)
            .map(|i| (self.words[b + 2 * i], self.words[b + 2 * i + 1]))
            .find(|&(k, data)| k == key && data != 0)
            .map(|(_, data)| unpack(data))
    }

    /// Stores what a search of `key` found; the bucket's entry of the same key, of an older
    /// search or of less depth gives way.
    #[inline]
    pub(crate) fn store(&mut self, key: u64, code: u32, score: i32, depth: i32, bound: Bound) {
        if self.words.is_empty() {
            return;
        }
        let b = self.bucket(key);
        let at = (0..2)
            .find(|&i| self.words[b + 2 * i] == key && self.words[b + 2 * i + 1] != 0)
            .or_else(|| (0..2).find(|&i| self.words[b + 2 * i + 1] == 0))
            .unwrap_or_else(|| {
                // Replace the less valuable entry: an older search's, else the shallower one.
                let worth = |i: usize| {
                    let data = self.words[b + 2 * i + 1];
                    let old = generation_of(data) != self.generation;
                    (i32::from(!old), unpack(data).depth)
                };
                if worth(1) < worth(0) { 1 } else { 0 }
            });
        let old = self.words[b + 2 * at + 1];
        let same = self.words[b + 2 * at] == key && old != 0;
        if same {
            let e = unpack(old);
            // Keep a deeper result of this search unless the new one is exact.
            if generation_of(old) == self.generation && e.depth > depth && bound != Bound::Exact {
                return;
            }
        }
        let code = if code == 0 && same {
            unpack(old).code
        } else {
            code
        };
        self.words[b + 2 * at] = key;
        self.words[b + 2 * at + 1] = pack(code, score, depth, bound, self.generation);
    }

    /// Permille of the first thousand entries written by this search.
    pub(crate) fn permille_full(&self) -> u32 {
        let n = (self.words.len() / 2).min(1000);
        if n == 0 {
            return 0;
        }
        let used = (0..n)
            .filter(|&i| {
                let data = self.words[2 * i + 1];
                data != 0 && generation_of(data) == self.generation
            })
            .count();
        (used * 1000 / n) as u32
    }
}

/// code: 24 bits | score: 22 | depth: 8 (+1, 0 = empty never happens: bound is never 0) |
/// bound: 2 | generation: 6 (1-63), so a stored word is never 0.
fn pack(code: u32, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let code = u64::from(code & ((1 << MOVE_BITS) - 1));
    let score = (i64::from(score).clamp(-SCORE_OFFSET, SCORE_OFFSET - 1) + SCORE_OFFSET) as u64;
    let depth = depth.clamp(0, 255) as u64;
    code | score << MOVE_BITS
        | depth << (MOVE_BITS + SCORE_BITS)
        | (bound as u64) << (MOVE_BITS + SCORE_BITS + 8)
        | u64::from(generation & 63) << (MOVE_BITS + SCORE_BITS + 10)
}

fn unpack(data: u64) -> Entry {
    let code = (data & ((1 << MOVE_BITS) - 1)) as u32;
    let score = ((data >> MOVE_BITS) & ((1 << SCORE_BITS) - 1)) as i64 - SCORE_OFFSET;
    let depth = ((data >> (MOVE_BITS + SCORE_BITS)) & 255) as i32;
    let bound = match (data >> (MOVE_BITS + SCORE_BITS + 8)) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        code,
        score: score as i32,
        depth,
        bound,
    }
}

fn generation_of(data: u64) -> u8 {
    ((data >> (MOVE_BITS + SCORE_BITS + 10)) & 63) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_as_stored() {
        let mut t = Table::new(1);
        for (i, (score, bound)) in [
            (0, Bound::Exact),
            (-1_000_000, Bound::Upper),
            (999_990, Bound::Lower),
            (-37, Bound::Exact),
        ]
        .into_iter()
        .enumerate()
        {
            let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1);
            t.store(key, 0xab_cdef, score, 17, bound);
            assert_eq!(
                t.probe(key),
                Some(Entry {
                    code: 0xab_cdef,
                    score,
                    depth: 17,
                    bound
                })
            );
            assert_eq!(t.probe(key ^ 1 << 40), None);
        }
        assert_eq!(Table::new(0).probe(5), None);
    }

    #[test]
    fn a_bucket_keeps_the_deeper_entry_of_this_search() {
        let mut t = Table::new(1);
        let buckets = t.mask as u64 + 1;
        // Three keys of one bucket: the third replaces the shallower of the first two.
        let (a, b, c) = (3, 3 + buckets, 3 + 2 * buckets);
        t.store(a, 1, 10, 5, Bound::Exact);
        t.store(b, 2, 20, 2, Bound::Exact);
        t.store(c, 3, 30, 4, Bound::Exact);
        assert!(t.probe(a).is_some());
        assert!(t.probe(b).is_none());
        assert_eq!(t.probe(c).map(|e| e.code), Some(3));
        // A shallower bound of the same key does not overwrite; its move is kept if it has none.
        t.store(a, 0, 11, 3, Bound::Lower);
        assert_eq!(t.probe(a).map(|e| (e.score, e.depth)), Some((10, 5)));
        // In a new search old entries give way.
        t.new_search();
        t.store(b, 2, 20, 1, Bound::Exact);
        assert!(t.probe(b).is_some());
    }
}
