//! A deliberately simple, slow, second implementation of the Hnefatafl rules
//! (`shared/spec/hnefatafl.md` §1-§11), written from the spec alone to cross-check the fast
//! generator of this crate. No bit sets: a plain array of cells, loops over squares and
//! direction vectors, breadth-first searches with a queue, its own position parser and printer.
//!
//! Coordinates are `(file, rank)` pairs of `i32`, 0-based: `(0, 0)` is a1.

#![allow(dead_code)]

use std::collections::VecDeque;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Attacker,
    Defender,
    King,
}

pub type Sq = (i32, i32);

const DIRS: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// How a game ended: the winner (`Some(true)` attackers, `Some(false)` defenders, `None` draw)
/// and the reason.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct End {
    pub attackers_win: Option<bool>,
    pub reason: &'static str,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pos {
    pub n: i32,
    pub cells: Vec<Cell>,
    pub attackers_to_move: bool,
    pub copenhagen: bool,
    pub quiet: u32,
    pub move_number: u32,
    /// Set by a move: king escaped / captured / fort / encirclement.
    pub decided: Option<End>,
    /// Set by a move that makes the quiet counter reach 200 in `seed`.
    pub limit: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mv {
    pub from: Sq,
    pub to: Sq,
    pub n: i32,
}

pub fn name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

impl std::fmt::Display for Mv {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", name(self.from), name(self.to))
    }
}

impl Pos {
    pub fn parse(text: &str) -> Option<Pos> {
        let fields: Vec<&str> = text.split(' ').filter(|f| !f.is_empty()).collect();
        if fields.len() < 3 || fields.len() > 5 {
            return None;
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        let n = rows.len() as i32;
        if n != 9 && n != 11 {
            return None;
        }
        let mut cells = vec![Cell::Empty; (n * n) as usize];
        for (i, row) in rows.iter().enumerate() {
            let rank = n - 1 - i as i32;
            let mut file = 0;
            let chars: Vec<char> = row.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if c.is_ascii_digit() {
                    let mut num = c.to_digit(10)? as i32;
                    if j + 1 < chars.len() && chars[j + 1].is_ascii_digit() {
                        num = num * 10 + chars[j + 1].to_digit(10)? as i32;
                        j += 1;
                    }
                    file += num;
                } else {
                    let cell = match c {
                        'a' => Cell::Attacker,
                        'd' => Cell::Defender,
                        'k' => Cell::King,
                        _ => return None,
                    };
                    if file >= n {
                        return None;
                    }
                    cells[(rank * n + file) as usize] = cell;
                    file += 1;
                }
                j += 1;
            }
            if file != n {
                return None;
            }
        }
        let attackers_to_move = match fields[1] {
            "a" => true,
            "d" => false,
            _ => return None,
        };
        let copenhagen = match fields[2] {
            "seed" => false,
            "copenhagen" => true,
            _ => return None,
        };
        if copenhagen && n != 11 {
            return None;
        }
        let quiet = match fields.get(3) {
            Some(t) => t.parse().ok()?,
            None => 0,
        };
        let move_number = match fields.get(4) {
            Some(t) => t.parse().ok()?,
            None => 1,
        };
        if move_number == 0 {
            return None;
        }
        let p = Pos {
            n,
            cells,
            attackers_to_move,
            copenhagen,
            quiet,
            move_number,
            decided: None,
            limit: false,
        };
        let kings: Vec<Sq> = p.squares().filter(|&s| p.at(s) == Cell::King).collect();
        if kings.len() != 1 || p.is_corner(kings[0]) {
            return None;
        }
        for s in p.squares() {
            let c = p.at(s);
            if (c == Cell::Attacker || c == Cell::Defender)
                && (p.is_corner(s) || (copenhagen && p.is_throne(s)))
            {
                return None;
            }
        }
        Some(p)
    }

    pub fn placement(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.n).rev() {
            let mut empty = 0;
            for file in 0..self.n {
                let c = match self.at((file, rank)) {
                    Cell::Empty => {
                        empty += 1;
                        continue;
                    }
                    Cell::Attacker => 'a',
                    Cell::Defender => 'd',
                    Cell::King => 'k',
                };
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out.push(c);
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// Placement, side and ruleset (what repetition compares, plus the ruleset).
    pub fn short(&self) -> String {
        format!(
            "{} {} {}",
            self.placement(),
            if self.attackers_to_move { "a" } else { "d" },
            if self.copenhagen {
                "copenhagen"
            } else {
                "seed"
            }
        )
    }

    pub fn full(&self) -> String {
        format!("{} {} {}", self.short(), self.quiet, self.move_number)
    }

    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..self.n).flat_map(move |r| (0..self.n).map(move |f| (f, r)))
    }

    pub fn on_board(&self, s: Sq) -> bool {
        s.0 >= 0 && s.1 >= 0 && s.0 < self.n && s.1 < self.n
    }

    pub fn at(&self, s: Sq) -> Cell {
        self.cells[(s.1 * self.n + s.0) as usize]
    }

    fn set(&mut self, s: Sq, c: Cell) {
        let n = self.n;
        self.cells[(s.1 * n + s.0) as usize] = c;
    }

    pub fn is_corner(&self, s: Sq) -> bool {
        (s.0 == 0 || s.0 == self.n - 1) && (s.1 == 0 || s.1 == self.n - 1)
    }

    pub fn is_throne(&self, s: Sq) -> bool {
        s.0 == self.n / 2 && s.1 == self.n / 2
    }

    pub fn is_edge(&self, s: Sq) -> bool {
        s.0 == 0 || s.1 == 0 || s.0 == self.n - 1 || s.1 == self.n - 1
    }

    fn next_to_throne(&self, s: Sq) -> bool {
        let c = self.n / 2;
        (s.0 - c).abs() + (s.1 - c).abs() == 1
    }

    fn next_to_corner(&self, s: Sq) -> bool {
        DIRS.iter().any(|d| {
            let t = (s.0 + d.0, s.1 + d.1);
            self.on_board(t) && self.is_corner(t)
        })
    }

    fn king(&self) -> Sq {
        self.squares()
            .find(|&s| self.at(s) == Cell::King)
            .expect("a king")
    }

    fn belongs_to_mover(&self, c: Cell) -> bool {
        if self.attackers_to_move {
            c == Cell::Attacker
        } else {
            c == Cell::Defender || c == Cell::King
        }
    }

    pub fn legal_moves(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        if self.decided.is_some() {
            return out;
        }
        for from in self.squares() {
            let piece = self.at(from);
            if !self.belongs_to_mover(piece) {
                continue;
            }
            for d in DIRS {
                let mut to = (from.0 + d.0, from.1 + d.1);
                while self.on_board(to) && self.at(to) == Cell::Empty {
                    let may_stop = if self.is_corner(to) {
                        piece == Cell::King
                    } else if self.is_throne(to) {
                        piece == Cell::King || !self.copenhagen
                    } else {
                        true
                    };
                    if may_stop {
                        out.push(Mv {
                            from,
                            to,
                            n: self.n,
                        });
                    }
                    to = (to.0 + d.0, to.1 + d.1);
                }
            }
        }
        out
    }

    /// §5: is square `f` hostile to a soldier whose side is the attackers (`victim_attacker`)?
    fn hostile(&self, f: Sq, victim_attacker: bool) -> bool {
        if !self.on_board(f) {
            return false;
        }
        let c = self.at(f);
        if self.is_corner(f) {
            return true;
        }
        if self.is_throne(f) && c == Cell::Empty {
            return true;
        }
        if victim_attacker {
            c == Cell::Defender || c == Cell::King
        } else {
            c == Cell::Attacker
        }
    }

    fn mover_piece(&self, c: Cell, attackers_moved: bool) -> bool {
        if attackers_moved {
            c == Cell::Attacker
        } else {
            c == Cell::Defender || c == Cell::King
        }
    }

    /// Plays `mv` and returns the new position and the captured soldiers' squares (sorted by
    /// rank, then file, i.e. by index).
    pub fn play(&self, mv: Mv) -> (Pos, Vec<Sq>) {
        let mut p = self.clone();
        let attackers_moved = self.attackers_to_move;
        let piece = p.at(mv.from);
        p.set(mv.from, Cell::Empty);
        p.set(mv.to, piece);
        let mut captured: Vec<Sq> = Vec::new();
        // Custodial captures.
        for d in DIRS {
            let nb = (mv.to.0 + d.0, mv.to.1 + d.1);
            let far = (mv.to.0 + 2 * d.0, mv.to.1 + 2 * d.1);
            if !p.on_board(nb) {
                continue;
            }
            let victim = p.at(nb);
            let enemy_soldier = if attackers_moved {
                victim == Cell::Defender
            } else {
                victim == Cell::Attacker
            };
            if enemy_soldier && p.hostile(far, victim == Cell::Attacker) {
                captured.push(nb);
            }
        }
        // Shieldwall.
        if p.copenhagen && p.is_edge(mv.to) && !p.is_corner(mv.to) {
            let t = mv.to;
            let last = p.n - 1;
            let inward: Sq = if t.1 == 0 {
                (0, 1)
            } else if t.1 == last {
                (0, -1)
            } else if t.0 == 0 {
                (1, 0)
            } else {
                (-1, 0)
            };
            let along: [Sq; 2] = [(inward.1, inward.0), (-inward.1, -inward.0)];
            for a in along {
                let mut row: Vec<Sq> = Vec::new();
                let mut y = (t.0 + a.0, t.1 + a.1);
                loop {
                    if !p.on_board(y) {
                        break;
                    }
                    let c = p.at(y);
                    let other_side = if attackers_moved {
                        c == Cell::Defender || c == Cell::King
                    } else {
                        c == Cell::Attacker
                    };
                    let front = (y.0 + inward.0, y.1 + inward.1);
                    if other_side && p.mover_piece(p.at(front), attackers_moved) {
                        row.push(y);
                        y = (y.0 + a.0, y.1 + a.1);
                    } else {
                        break;
                    }
                }
                if row.len() >= 2
                    && p.on_board(y)
                    && (p.is_corner(y) || p.mover_piece(p.at(y), attackers_moved))
                {
                    for s in row {
                        if p.at(s) != Cell::King && !captured.contains(&s) {
                            captured.push(s);
                        }
                    }
                }
            }
        }
        for &s in &captured {
            p.set(s, Cell::Empty);
        }
        captured.sort_by_key(|s| (s.1, s.0));
        // The king's capture.
        let k = p.king();
        let adjacent = (k.0 - mv.to.0).abs() + (k.1 - mv.to.1).abs() == 1;
        let king_captured = attackers_moved && adjacent && p.king_surrounded(k);
        p.quiet = if captured.is_empty() {
            self.quiet + 1
        } else {
            0
        };
        if !attackers_moved {
            p.move_number += 1;
        }
        p.attackers_to_move = !attackers_moved;
        p.decided = if p.is_corner(k) {
            Some(End {
                attackers_win: Some(false),
                reason: "escaped",
            })
        } else if king_captured {
            Some(End {
                attackers_win: Some(true),
                reason: "captured",
            })
        } else if p.copenhagen && p.fort() {
            Some(End {
                attackers_win: Some(false),
                reason: "fort",
            })
        } else if p.copenhagen && p.encircled() {
            Some(End {
                attackers_win: Some(true),
                reason: "encircled",
            })
        } else {
            None
        };
        p.limit = !p.copenhagen && p.quiet >= 200;
        (p, captured)
    }

    /// The table of §6 (seed) and §9.3 (copenhagen).
    fn king_surrounded(&self, k: Sq) -> bool {
        let neighbours: Vec<Sq> = DIRS
            .iter()
            .map(|d| (k.0 + d.0, k.1 + d.1))
            .filter(|&s| self.on_board(s))
            .collect();
        let attacker = |s: Sq| self.at(s) == Cell::Attacker;
        if self.is_throne(k) {
            return neighbours.iter().all(|&s| attacker(s));
        }
        if self.next_to_throne(k) {
            return neighbours
                .iter()
                .all(|&s| attacker(s) || (self.is_throne(s) && self.at(s) == Cell::Empty));
        }
        if self.is_edge(k) {
            if !self.copenhagen && self.next_to_corner(k) {
                return neighbours
                    .iter()
                    .filter(|&&s| !self.is_corner(s))
                    .all(|&s| attacker(s));
            }
            return false;
        }
        neighbours.iter().all(|&s| attacker(s))
    }

    /// §9.4.
    fn fort(&self) -> bool {
        let k = self.king();
        if !self.is_edge(k) {
            return false;
        }
        let mut inside = vec![false; self.cells.len()];
        let idx = |s: Sq| (s.1 * self.n + s.0) as usize;
        let mut queue = VecDeque::new();
        inside[idx(k)] = true;
        queue.push_back(k);
        while let Some(s) = queue.pop_front() {
            for d in DIRS {
                let t = (s.0 + d.0, s.1 + d.1);
                if self.on_board(t) && !inside[idx(t)] && self.at(t) == Cell::Empty {
                    inside[idx(t)] = true;
                    queue.push_back(t);
                }
            }
        }
        let region: Vec<Sq> = self.squares().filter(|&s| inside[idx(s)]).collect();
        if region.iter().any(|&s| self.is_corner(s)) {
            return false;
        }
        let mut wall: Vec<Sq> = Vec::new();
        for &s in &region {
            for d in DIRS {
                let t = (s.0 + d.0, s.1 + d.1);
                if self.on_board(t) && !inside[idx(t)] {
                    match self.at(t) {
                        Cell::Attacker => return false,
                        Cell::Defender => wall.push(t),
                        _ => {}
                    }
                }
            }
        }
        let can_move = DIRS.iter().any(|d| {
            let t = (k.0 + d.0, k.1 + d.1);
            self.on_board(t) && self.at(t) == Cell::Empty
        });
        if !can_move {
            return false;
        }
        let safe = |s: Sq| {
            !self.on_board(s)
                || (inside[idx(s)] && !self.is_throne(s))
                || matches!(self.at(s), Cell::Defender | Cell::King)
        };
        wall.iter().all(|&w| {
            (safe((w.0 - 1, w.1)) || safe((w.0 + 1, w.1)))
                && (safe((w.0, w.1 - 1)) || safe((w.0, w.1 + 1)))
        })
    }

    /// §9.5.
    fn encircled(&self) -> bool {
        let k = self.king();
        let idx = |s: Sq| (s.1 * self.n + s.0) as usize;
        let mut inside = vec![false; self.cells.len()];
        let mut queue = VecDeque::new();
        inside[idx(k)] = true;
        queue.push_back(k);
        while let Some(s) = queue.pop_front() {
            if self.is_edge(s) {
                return false;
            }
            for d in DIRS {
                let t = (s.0 + d.0, s.1 + d.1);
                if self.on_board(t) && !inside[idx(t)] && self.at(t) != Cell::Attacker {
                    inside[idx(t)] = true;
                    queue.push_back(t);
                }
            }
        }
        self.squares()
            .filter(|&s| self.at(s) == Cell::Defender)
            .all(|s| inside[idx(s)])
    }

    /// The end this position shows (without repetition): decided, no moves, move limit.
    pub fn outcome(&self) -> Option<End> {
        if let Some(e) = self.decided {
            return Some(e);
        }
        if self.legal_moves().is_empty() {
            return Some(End {
                attackers_win: Some(!self.attackers_to_move),
                reason: "no-moves",
            });
        }
        if self.limit {
            return Some(End {
                attackers_win: None,
                reason: "limit",
            });
        }
        None
    }
}

/// Perft without bulk counting (§11).
pub fn perft(p: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.legal_moves()
        .into_iter()
        .map(|m| perft(&p.play(m).0, depth - 1))
        .sum()
}

/// A game with the repetition rule (§7.2): the third occurrence loses for the defenders.
pub struct RefGame {
    pub pos: Pos,
    pub history: Vec<String>,
    pub end: Option<End>,
}

impl RefGame {
    pub fn new(pos: Pos) -> RefGame {
        let end = pos.outcome();
        RefGame {
            history: vec![pos.short()],
            pos,
            end,
        }
    }

    pub fn play(&mut self, mv: Mv) -> Vec<Sq> {
        let (next, captured) = self.pos.play(mv);
        let key = next.short();
        let count = self.history.iter().filter(|h| **h == key).count() + 1;
        self.history.push(key);
        self.end = if next.decided.is_some() {
            next.decided
        } else if count >= 3 {
            Some(End {
                attackers_win: Some(true),
                reason: "repetition",
            })
        } else {
            next.outcome()
        };
        self.pos = next;
        captured
    }
}
