//! Sets of squares as bit masks: bit `i` is square `i`.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of square indices held in the bits of an unsigned integer. Implemented for `u64`
/// (boards of up to 64 squares) and `u128` (up to 128). Shifts move every square by a fixed
/// index offset: `set << files` is the set one rank up (the caller masks the board's edges).
pub trait SquareSet:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// How many squares the type can hold.
    const CAPACITY: u32;
    /// The empty set.
    const EMPTY: Self;

    /// The set of just square `index` (which must be below [`SquareSet::CAPACITY`]).
    fn single(index: u32) -> Self;
    /// The number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square, if any.
    fn first(self) -> Option<u32>;
    /// The set without its lowest square.
    fn without_first(self) -> Self;

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }
    /// Whether square `index` is in the set.
    #[inline]
    fn has(self, index: u32) -> bool {
        index < Self::CAPACITY && !(self & Self::single(index)).is_empty()
    }
    /// The set with square `index` added.
    #[inline]
    fn with(self, index: u32) -> Self {
        self | Self::single(index)
    }
    /// The set with square `index` removed.
    #[inline]
    fn without(self, index: u32) -> Self {
        self & !Self::single(index)
    }
    /// The squares, lowest first.
    #[inline]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
    /// The set of the squares `indices`.
    fn from_squares(indices: impl IntoIterator<Item = u32>) -> Self {
        indices
            .into_iter()
            .fold(Self::EMPTY, |set, i| set | Self::single(i))
    }
}

macro_rules! square_set {
    ($t:ty) => {
        impl SquareSet for $t {
            const CAPACITY: u32 = <$t>::BITS;
            const EMPTY: Self = 0;

            #[inline]
            fn single(index: u32) -> Self {
                debug_assert!(index < Self::CAPACITY);
                1 << index
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn first(self) -> Option<u32> {
                (self != 0).then(|| self.trailing_zeros())
            }
            #[inline]
            fn without_first(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

square_set!(u64);
square_set!(u128);

/// The squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SquareIter<S>(S);

impl<S: SquareSet> Iterator for SquareIter<S> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        let first = self.0.first()?;
        self.0 = self.0.without_first();
        Some(first)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<S: SquareSet> ExactSizeIterator for SquareIter<S> {}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check<S: SquareSet>(indices: &[u32]) {
        let set = S::from_squares(indices.iter().copied());
        let mut sorted: Vec<u32> = indices.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(set.squares().collect::<Vec<_>>(), sorted);
        assert_eq!(set.count() as usize, sorted.len());
        assert_eq!(set.squares().len(), sorted.len());
        for i in 0..S::CAPACITY {
            assert_eq!(set.has(i), sorted.contains(&i), "{i}");
        }
        assert!(!set.has(S::CAPACITY));
        for &i in &sorted {
            assert!(!set.without(i).has(i));
            assert_eq!(set.without(i).with(i), set);
        }
        assert_eq!(set.first(), sorted.first().copied());
        assert_eq!(set.is_empty(), sorted.is_empty());
    }

    proptest! {
        #[test]
        fn u64_sets_hold_what_they_are_given(indices in proptest::collection::vec(0u32..64, 0..20)) {
            check::<u64>(&indices);
        }

        #[test]
        fn u128_sets_hold_what_they_are_given(indices in proptest::collection::vec(0u32..128, 0..40)) {
            check::<u128>(&indices);
        }
    }

    #[test]
    fn the_top_squares_work() {
        check::<u64>(&[0, 63]);
        check::<u128>(&[0, 63, 64, 120, 127]);
        assert_eq!(<u128 as SquareSet>::single(127) >> 127, 1);
    }
}
