//! A deliberately simple, slow, second implementation of the Jungle rules
//! (`shared/spec/jungle.md` §1-§9), written from the spec alone to cross-check the fast
//! generator of this crate. No bit sets: a 9x7 array of squares, the terrain looked up by name,
//! the jump lines copied from the spec's table, every candidate move tested with the capture
//! test of §6.1 rule by rule.
//!
//! Coordinates are `(file, rank)` pairs of `i32`, both 0-based: `(0, 0)` is a1, `(6, 8)` is g9.

#![allow(dead_code)]

use std::fmt;

/// A square as `(file, rank)`.
pub type Sq = (i32, i32);

/// One piece: its colour and its strength (1 rat .. 8 elephant).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub white: bool,
    pub strength: u8,
}

const LETTERS: [char; 8] = ['R', 'C', 'D', 'W', 'P', 'T', 'L', 'E'];
const RAT: u8 = 1;
const TIGER: u8 = 6;
const LION: u8 = 7;
const ELEPHANT: u8 = 8;

pub fn square_name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

fn parse_square(t: &str) -> Option<Sq> {
    let b = t.as_bytes();
    if b.len() != 2 || !(b'a'..=b'g').contains(&b[0]) || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    Some(((b[0] - b'a') as i32, (b[1] - b'1') as i32))
}

fn sq(name: &str) -> Sq {
    parse_square(name).expect("a square name")
}

/// §1: the ponds.
pub fn is_water(s: Sq) -> bool {
    [
        "b4", "c4", "b5", "c5", "b6", "c6", "e4", "f4", "e5", "f5", "e6", "f6",
    ]
    .iter()
    .any(|n| sq(n) == s)
}

/// §1: the den of White (`white`) or of Black.
pub fn den(white: bool) -> Sq {
    if white { sq("d1") } else { sq("d9") }
}

/// §1: whether `s` is one of the traps of White (`white`) or of Black.
pub fn is_trap_of(white: bool, s: Sq) -> bool {
    let list = if white {
        ["c1", "e1", "d2"]
    } else {
        ["c9", "e9", "d8"]
    };
    list.iter().any(|n| sq(n) == s)
}

/// §5.4: the ten jump lines, as the two banks and the water squares between.
fn jump_lines() -> Vec<(Sq, Sq, Vec<Sq>)> {
    let table = [
        ("a4", "d4", "b4 c4"),
        ("a5", "d5", "b5 c5"),
        ("a6", "d6", "b6 c6"),
        ("d4", "g4", "e4 f4"),
        ("d5", "g5", "e5 f5"),
        ("d6", "g6", "e6 f6"),
        ("b3", "b7", "b4 b5 b6"),
        ("c3", "c7", "c4 c5 c6"),
        ("e3", "e7", "e4 e5 e6"),
        ("f3", "f7", "f4 f5 f6"),
    ];
    table
        .iter()
        .map(|(a, b, over)| (sq(a), sq(b), over.split(' ').map(sq).collect()))
        .collect()
}

/// A move, from and to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mv {
    pub from: Sq,
    pub to: Sq,
}

impl fmt::Display for Mv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", square_name(self.from), square_name(self.to))
    }
}

/// How a position shows the game to be over (§7 rules 1-3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Over {
    /// A piece of the winner (White if true) stands on the enemy den.
    Den(bool),
    /// The side (White if true) has no pieces.
    NoPieces(bool),
    /// The side to move (White if true) has no legal move.
    NoMove(bool),
}

impl Over {
    /// Whether White won.
    pub fn white_wins(self) -> bool {
        match self {
            Over::Den(w) => w,
            Over::NoPieces(w) | Over::NoMove(w) => !w,
        }
    }
}

/// A position: the board `[rank][file]`, the side to move and the counters.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pos {
    pub board: [[Option<Piece>; 7]; 9],
    pub white_to_move: bool,
    pub quiet: u32,
    pub fullmove: u32,
}

impl Pos {
    pub fn at(&self, s: Sq) -> Option<Piece> {
        self.board[s.1 as usize][s.0 as usize]
    }

    fn set(&mut self, s: Sq, p: Option<Piece>) {
        self.board[s.1 as usize][s.0 as usize] = p;
    }

    /// Every square of the board, a1 b1 ... g9.
    fn all_squares() -> Vec<Sq> {
        let mut v = Vec::new();
        for r in 0..9 {
            for f in 0..7 {
                v.push((f, r));
            }
        }
        v
    }

    fn count(&self, white: bool) -> usize {
        Pos::all_squares()
            .into_iter()
            .filter(|&s| self.at(s).is_some_and(|p| p.white == white))
            .count()
    }

    /// Reads `<placement> <side> [<quiet> [<move>]]` (§8.3); `None` for anything wrong.
    pub fn parse(text: &str) -> Option<Pos> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 4 {
            return None;
        }
        let mut pos = Pos {
            board: [[None; 7]; 9],
            white_to_move: true,
            quiet: 0,
            fullmove: 1,
        };
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 9 {
            return None;
        }
        let mut seen: Vec<(bool, u8)> = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let rank = 8 - i as i32;
            let mut file = 0;
            let mut prev_digit = false;
            for c in row.chars() {
                if c.is_ascii_digit() {
                    let n = c as i32 - '0' as i32;
                    if prev_digit || !(1..=7).contains(&n) {
                        return None;
                    }
                    prev_digit = true;
                    file += n;
                    continue;
                }
                prev_digit = false;
                let strength = LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())? as u8 + 1;
                let white = c.is_ascii_uppercase();
                if file > 6 || seen.contains(&(white, strength)) {
                    return None;
                }
                seen.push((white, strength));
                let s = (file, rank);
                if (is_water(s) && strength != RAT) || s == den(true) || s == den(false) {
                    return None;
                }
                pos.set(s, Some(Piece { white, strength }));
                file += 1;
            }
            if file != 7 {
                return None;
            }
        }
        if seen.is_empty() {
            return None;
        }
        pos.white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            _ => return None,
        };
        if let Some(q) = fields.get(2) {
            if !q.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            pos.quiet = q.parse().ok()?;
        }
        if let Some(m) = fields.get(3) {
            if !m.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            pos.fullmove = m.parse().ok()?;
            if pos.fullmove == 0 {
                return None;
            }
        }
        Some(pos)
    }

    /// §6.1: may the piece moving from `s` to `t` take the enemy piece on `t`?
    fn may_capture(&self, s: Sq, t: Sq) -> bool {
        let a = self.at(s).expect("a mover");
        let b = self.at(t).expect("a target");
        // Rule 1: water and land.
        if is_water(s) != is_water(t) {
            return false;
        }
        // Rule 2: both in water.
        if is_water(s) && is_water(t) {
            return true;
        }
        // Rule 3: the target stands in one of the mover's own traps.
        if is_trap_of(a.white, t) {
            return true;
        }
        // Rule 4: rat and elephant.
        if a.strength == RAT && b.strength == ELEPHANT {
            return true;
        }
        if a.strength == ELEPHANT && b.strength == RAT {
            return false;
        }
        // Rule 5: strength.
        a.strength >= b.strength
    }

    /// Whether the piece on `s` may move to `t` (a step or a jump already found geometrically).
    fn may_land(&self, s: Sq, t: Sq) -> bool {
        let a = self.at(s).expect("a mover");
        if t == den(a.white) {
            return false;
        }
        if is_water(t) && a.strength != RAT {
            return false;
        }
        match self.at(t) {
            None => true,
            Some(b) if b.white == a.white => false,
            Some(_) => self.may_capture(s, t),
        }
    }

    /// §7 rules 1 and 2: a piece on an enemy den, or a side without pieces.
    fn finished(&self) -> Option<Over> {
        for white in [true, false] {
            if self.at(den(!white)).is_some_and(|p| p.white == white) {
                return Some(Over::Den(white));
            }
        }
        for white in [self.white_to_move, !self.white_to_move] {
            if self.count(white) == 0 {
                return Some(Over::NoPieces(white));
            }
        }
        None
    }

    /// The legal moves (§5), none when the game is over.
    pub fn legal_moves(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        if self.finished().is_some() {
            return out;
        }
        let lines = jump_lines();
        for s in Pos::all_squares() {
            let Some(p) = self.at(s) else { continue };
            if p.white != self.white_to_move {
                continue;
            }
            for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let t = (s.0 + df, s.1 + dr);
                if (0..7).contains(&t.0) && (0..9).contains(&t.1) && self.may_land(s, t) {
                    out.push(Mv { from: s, to: t });
                }
            }
            if p.strength == LION || p.strength == TIGER {
                for (a, b, over) in &lines {
                    let t = if *a == s {
                        *b
                    } else if *b == s {
                        *a
                    } else {
                        continue;
                    };
                    let blocked = over
                        .iter()
                        .any(|&w| self.at(w).is_some_and(|q| q.strength == RAT));
                    if !blocked && self.may_land(s, t) {
                        out.push(Mv { from: s, to: t });
                    }
                }
            }
        }
        out
    }

    /// The position after the legal move `m`.
    pub fn play(&self, m: Mv) -> Pos {
        let mut next = self.clone();
        let captured = self.at(m.to).is_some();
        next.set(m.to, self.at(m.from));
        next.set(m.from, None);
        next.quiet = if captured { 0 } else { self.quiet + 1 };
        if !self.white_to_move {
            next.fullmove += 1;
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    /// §7 rules 1-3, in order.
    pub fn over(&self) -> Option<Over> {
        self.finished().or_else(|| {
            self.legal_moves()
                .is_empty()
                .then_some(Over::NoMove(self.white_to_move))
        })
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rows = Vec::new();
        for rank in (0..9).rev() {
            let mut row = String::new();
            let mut run = 0;
            for file in 0..7 {
                match self.at((file, rank)) {
                    None => run += 1,
                    Some(p) => {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        let c = LETTERS[p.strength as usize - 1];
                        row.push(if p.white { c } else { c.to_ascii_lowercase() });
                    }
                }
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            rows.push(row);
        }
        write!(
            f,
            "{} {} {} {}",
            rows.join("/"),
            if self.white_to_move { "w" } else { "b" },
            self.quiet,
            self.fullmove
        )
    }
}

/// Perft by §9.
pub fn perft(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| perft(&pos.play(m), depth - 1))
        .sum()
}
