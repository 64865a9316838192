//! The eight animals (spec §2), weakest first: the index is the strength minus one.

use zonal_board::Side;

/// One of the eight animals. `Animal as usize` is its index 0-7 (strength minus one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Animal {
    /// Strength 1, letter `R`: swims, takes the elephant.
    Rat = 0,
    /// Strength 2, letter `C`.
    Cat = 1,
    /// Strength 3, letter `D`.
    Dog = 2,
    /// Strength 4, letter `W`.
    Wolf = 3,
    /// Strength 5, letter `P` (panther).
    Leopard = 4,
    /// Strength 6, letter `T`: jumps over water.
    Tiger = 5,
    /// Strength 7, letter `L`: jumps over water.
    Lion = 6,
    /// Strength 8, letter `E`: does not take the rat (outside traps).
    Elephant = 7,
}

impl Animal {
    /// All eight, weakest first.
    pub const ALL: [Animal; 8] = [
        Animal::Rat,
        Animal::Cat,
        Animal::Dog,
        Animal::Wolf,
        Animal::Leopard,
        Animal::Tiger,
        Animal::Lion,
        Animal::Elephant,
    ];

    /// The animal of index `i` (0-7).
    #[inline]
    pub const fn from_index(i: usize) -> Animal {
        Animal::ALL[i]
    }

    /// The strength, 1 (rat) to 8 (elephant).
    #[inline]
    pub const fn strength(self) -> u32 {
        self as u32 + 1
    }

    /// The upper-case letter (White's); Black's is the lower-case one.
    pub const fn letter(self) -> char {
        match self {
            Animal::Rat => 'R',
            Animal::Cat => 'C',
            Animal::Dog => 'D',
            Animal::Wolf => 'W',
            Animal::Leopard => 'P',
            Animal::Tiger => 'T',
            Animal::Lion => 'L',
            Animal::Elephant => 'E',
        }
    }

    /// The letter of the animal of `side`: upper case for White, lower case for Black.
    pub const fn letter_of(self, side: Side) -> char {
        match side {
            Side::White => self.letter(),
            Side::Black => self.letter().to_ascii_lowercase(),
        }
    }

    /// The side and animal a position-string letter stands for.
    pub const fn from_letter(c: char) -> Option<(Side, Animal)> {
        let side = if c.is_ascii_uppercase() {
            Side::White
        } else {
            Side::Black
        };
        let a = match c.to_ascii_uppercase() {
            'R' => Animal::Rat,
            'C' => Animal::Cat,
            'D' => Animal::Dog,
            'W' => Animal::Wolf,
            'P' => Animal::Leopard,
            'T' => Animal::Tiger,
            'L' => Animal::Lion,
            'E' => Animal::Elephant,
            _ => return None,
        };
        Some((side, a))
    }

    /// The English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Animal::Rat => "rat",
            Animal::Cat => "cat",
            Animal::Dog => "dog",
            Animal::Wolf => "wolf",
            Animal::Leopard => "leopard",
            Animal::Tiger => "tiger",
            Animal::Lion => "lion",
            Animal::Elephant => "elephant",
        }
    }

    /// Whether `self` may take `other` when both stand on land and `other` is not in an enemy
    /// trap (§6.1 rules 4-5, the table of §6.2).
    pub const fn may_take(self, other: Animal) -> bool {
        match (self, other) {
            (Animal::Rat, Animal::Elephant) => true,
            (Animal::Elephant, Animal::Rat) => false,
            _ => self as u8 >= other as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_capture_table_of_the_spec() {
        // §6.2, rows Elephant down to Rat, columns E L T P W D C R.
        let rows = [
            "xxxxxxx-", "-xxxxxxx", "--xxxxxx", "---xxxxx", "----xxxx", "-----xxx", "------xx",
            "x------x",
        ];
        for (r, row) in rows.iter().enumerate() {
            let a = Animal::from_index(7 - r);
            for (c, mark) in row.chars().enumerate() {
                let b = Animal::from_index(7 - c);
                assert_eq!(a.may_take(b), mark == 'x', "{a:?} {b:?}");
            }
        }
        for a in Animal::ALL {
            assert_eq!(Animal::from_letter(a.letter()), Some((Side::White, a)));
            assert_eq!(
                Animal::from_letter(a.letter_of(Side::Black)),
                Some((Side::Black, a))
            );
        }
        assert_eq!(Animal::from_letter('x'), None);
    }
}
