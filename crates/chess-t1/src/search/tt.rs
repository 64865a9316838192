//! The transposition table: one entry per slot, indexed by the position's Zobrist key.

use crate::moves::Move;
#[cfg(test)]
use crate::piece::PieceKind;
#[cfg(test)]
use crate::square::Square;

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// A move in 16 bits: from, to and the chosen promotion, enough to find it among the moves of
/// the position again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct PackedMove(u16);

impl PackedMove {
    pub(crate) const NONE: PackedMove = PackedMove(0);

    pub(crate) fn new(mv: &Move) -> PackedMove {
        let promo = mv.promotion.map_or(0, |k| k.index() as u16 + 1);
        PackedMove(1 << 15 | (promo << 12) | (mv.from.index() as u16) << 6 | mv.to.index() as u16)
    }

    /// Whether this is `mv`.
    #[inline]
    pub(crate) fn is(self, mv: &Move) -> bool {
        self.0 != 0 && self == PackedMove::new(mv)
    }

    #[cfg(test)]
    fn parts(self) -> (Square, Square, Option<PieceKind>) {
        let promo = (self.0 >> 12) & 7;
        (
            Square::new(((self.0 >> 6) & 63) as u8),
            Square::new((self.0 & 63) as u8),
            (promo > 0).then(|| PieceKind::ALL[promo as usize - 1]),
        )
    }
}

/// One slot.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) mv: PackedMove,
    pub(crate) score: i32,
    pub(crate) depth: i16,
    pub(crate) bound: Bound,
    generation: u8,
}

/// A slot as stored: the key, then the move, `depth + 1` (0: empty), bound and generation, then
/// the score. All zeros is an empty slot, so a new table is zeroed memory that the system gives
/// page by page as the search first writes it: a large `--hash` costs only what is used.
type Slot = [u64; 3];

const EMPTY: Slot = [0; 3];

impl Bound {
    fn code(self) -> u64 {
        match self {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        }
    }

    fn from_code(code: u64) -> Bound {
        match code {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
}

impl Entry {
    fn pack(&self) -> Slot {
        let depth = (self.depth.max(0) as u64) + 1;
        [
            self.key,
            u64::from(self.mv.0)
                | depth << 16
                | self.bound.code() << 32
                | u64::from(self.generation) << 40,
            u64::from(self.score as u32),
        ]
    }

    /// The entry of a slot, `None` when it is empty.
    fn unpack(slot: &Slot) -> Option<Entry> {
        let depth = (slot[1] >> 16) & 0xffff;
        (depth > 0).then(|| Entry {
            key: slot[0],
            mv: PackedMove(slot[1] as u16),
            score: slot[2] as u32 as i32,
            depth: (depth - 1) as i16,
            bound: Bound::from_code((slot[1] >> 32) & 0xff),
            generation: (slot[1] >> 40) as u8,
        })
    }
}

/// A table of `2^k` entries. Size 0 disables it (every probe misses, nothing is stored).
pub(crate) struct Table {
    entries: Vec<Slot>,
    generation: u8,
    /// Whether anything was stored since the table was zeroed.
    used: bool,
}

impl Table {
    /// A table of at most `mb` MiB (rounded down to a power of two of entries); 0 = none. Its
    /// memory is zeroed lazily by the system (see [`Slot`]).
    pub(crate) fn new(mb: usize) -> Table {
        let bytes = mb.saturating_mul(1 << 20);
        let mut count = bytes / std::mem::size_of::<Slot>();
        if count > 0 {
            count = 1 << (usize::BITS - 1 - count.leading_zeros());
        }
        Table {
            // `vec!` of zeros asks the allocator for zeroed memory (calloc): fresh pages that
            // nothing touches until the search stores there.
            entries: vec![EMPTY; count],
            generation: 0,
            used: false,
        }
    }

    /// Forgets every entry: nothing to do if nothing was stored, else a fresh zeroed table of
    /// the same size (allocated before the old one is freed, so that it is new zero pages
    /// rather than the old memory written over).
    pub(crate) fn clear(&mut self) {
        if self.used {
            self.entries = vec![EMPTY; self.entries.len()];
            self.used = false;
        }
        self.generation = 0;
    }

    /// A new search begins: older entries become the first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn slot(&self, key: u64) -> Option<usize> {
        (!self.entries.is_empty()).then(|| (key as usize) & (self.entries.len() - 1))
    }

    /// Asks the processor to bring `key`'s slot into the cache while other work goes on (the
    /// search does it when it makes a move, before the child probes the table). No effect
    /// off x86-64.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(i) = self.slot(key) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let entry: *const Slot = &self.entries[i];
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch is only a hint: it
            // reads nothing the program sees and cannot fault (the address is a live slot anyway).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(entry.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.entries[self.slot(key)?];
        if slot[0] != key {
            return None;
        }
        Entry::unpack(slot)
    }

    /// Stores a result; keeps a deeper entry of the same position and of this search unless the
    /// new one is exact.
    #[inline]
    pub(crate) fn store(&mut self, key: u64, mv: PackedMove, score: i32, depth: i32, bound: Bound) {
        let Some(i) = self.slot(key) else { return };
        self.used = true;
        let generation = self.generation;
        let old = Entry::unpack(&self.entries[i]);
        let replace = old.is_none_or(|old| {
            old.key != key
                || old.generation != generation
                || depth as i16 >= old.depth
                || bound == Bound::Exact
        });
        if replace {
            let mv = match old {
                Some(old) if mv == PackedMove::NONE && old.key == key => old.mv,
                _ => mv,
            };
            self.entries[i] = Entry {
                key,
                mv,
                score,
                depth: depth.clamp(0, i16::MAX as i32) as i16,
                bound,
                generation,
            }
            .pack();
        }
    }

    /// Permille of the slots used by this search (the protocol's `hashfull`).
    pub(crate) fn permille_full(&self) -> u32 {
        let n = self.entries.len().min(1000);
        if n == 0 {
            return 0;
        }
        let used = self.entries[..n]
            .iter()
            .filter_map(Entry::unpack)
            .filter(|e| e.generation == self.generation)
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn packed_moves_round_trip_and_tell_moves_apart() {
        let pos: Position = "8/2V5/8/8/8/8/8/8 w - 0 1".parse().unwrap();
        let moves = pos.legal_moves();
        for a in &moves {
            let p = PackedMove::new(a);
            assert_eq!(p.parts(), (a.from, a.to, a.promotion));
            for b in &moves {
                assert_eq!(p.is(b), a == b, "{a} vs {b}");
            }
        }
    }

    #[test]
    fn store_and_probe() {
        let mut t = Table::new(1);
        assert!(t.probe(42).is_none());
        t.store(42, PackedMove::NONE, 7, 3, Bound::Lower);
        let e = t.probe(42).unwrap();
        assert_eq!((e.score, e.depth, e.bound), (7, 3, Bound::Lower));
        // A shallower result of the same search does not replace a deeper bound.
        t.store(42, PackedMove::NONE, 9, 1, Bound::Upper);
        assert_eq!(t.probe(42).unwrap().score, 7);
        assert!(t.probe(43).is_none());
        let mut none = Table::new(0);
        none.store(42, PackedMove::NONE, 7, 3, Bound::Exact);
        assert!(none.probe(42).is_none());
    }
}
