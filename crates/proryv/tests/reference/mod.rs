//! A deliberately simple, slow, second implementation of the Proryv rules
//! (`shared/spec/proryv.md`, §1-§7 and D18), written only to cross-check the
//! fast generator of this crate. No bit tricks: a plain 8x8 array, loops over
//! squares and direction vectors, every candidate ply applied to a copy of the
//! board and then tested.
//!
//! Coordinates are `(file, rank)` pairs of `i32`, both 0-7: `(0, 0)` is a1,
//! `(7, 7)` is h8.

use std::fmt;

/// One piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub white: bool,
    pub king: bool,
}

/// A square as `(file, rank)`, both 0-7.
pub type Sq = (i32, i32);

/// The four orthogonal directions (rook lines, surround test, checks).
const ORTHO: [Sq; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The eight King directions.
const ALL8: [Sq; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// §1: the 2x2 corner squares a1 a2 b1 b2 and g7 g8 h7 h8 (D3).
pub fn is_corner(s: Sq) -> bool {
    (s.0 <= 1 && s.1 <= 1) || (s.0 >= 6 && s.1 >= 6)
}

pub fn on_board(s: Sq) -> bool {
    (0..8).contains(&s.0) && (0..8).contains(&s.1)
}

/// §1: a King's home square (its start square).
pub fn home(white: bool) -> Sq {
    if white { (0, 0) } else { (7, 7) }
}

/// §1: a King's target square (the enemy home square).
pub fn target(white: bool) -> Sq {
    home(!white)
}

pub fn square_name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

/// A ply (§7.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ply {
    Drop(Sq),
    Move(Sq, Sq),
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Ply::Drop(to) => write!(f, "R@{}", square_name(to)),
            Ply::Move(from, to) => write!(f, "{}{}", square_name(from), square_name(to)),
        }
    }
}

/// A position (§7.2).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pos {
    /// `board[rank][file]`.
    pub board: [[Option<Piece>; 8]; 8],
    pub white_to_move: bool,
    pub hand_white: u32,
    pub hand_black: u32,
    pub quiet: u32,
    pub move_number: u32,
}

/// What a ply did, for statistics and the §10 breakdowns.
#[derive(Clone, Copy, Default, Debug)]
pub struct Effects {
    pub captured: bool,
    pub removed: usize,
}

impl Pos {
    pub fn get(&self, s: Sq) -> Option<Piece> {
        self.board[s.1 as usize][s.0 as usize]
    }

    pub fn set(&mut self, s: Sq, p: Option<Piece>) {
        self.board[s.1 as usize][s.0 as usize] = p;
    }

    pub fn startpos() -> Pos {
        Pos::parse("7k/8/8/8/8/8/8/K7 w 8:8 0 1")
    }

    /// Parses a valid §7.2 string (3 or 5 fields). Panics on bad input: the
    /// tests only feed it valid strings.
    pub fn parse(text: &str) -> Pos {
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert!(
            fields.len() == 3 || fields.len() == 5,
            "bad position {text}"
        );
        let mut pos = Pos {
            board: [[None; 8]; 8],
            white_to_move: true,
            hand_white: 0,
            hand_black: 0,
            quiet: 0,
            move_number: 1,
        };
        let ranks: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(ranks.len(), 8, "bad placement in {text}");
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as i32;
            let mut file = 0;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i32;
                    continue;
                }
                let piece = match c {
                    'K' => Piece {
                        white: true,
                        king: true,
                    },
                    'R' => Piece {
                        white: true,
                        king: false,
                    },
                    'k' => Piece {
                        white: false,
                        king: true,
                    },
                    'r' => Piece {
                        white: false,
                        king: false,
                    },
                    _ => panic!("bad piece letter {c} in {text}"),
                };
                pos.set((file, rank), Some(piece));
                file += 1;
            }
            assert_eq!(file, 8, "bad rank {rank_text} in {text}");
        }
        pos.white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => panic!("bad side {other} in {text}"),
        };
        let (hw, hb) = fields[2].split_once(':').expect("hands n:m");
        pos.hand_white = hw.parse().expect("white hand");
        pos.hand_black = hb.parse().expect("black hand");
        if fields.len() == 5 {
            pos.quiet = fields[3].parse().expect("quiet counter");
            pos.move_number = fields[4].parse().expect("move number");
        }
        pos
    }

    pub fn king_square(&self, white: bool) -> Sq {
        for rank in 0..8 {
            for file in 0..8 {
                if self.get((file, rank)) == Some(Piece { white, king: true }) {
                    return (file, rank);
                }
            }
        }
        panic!("no {} King", if white { "white" } else { "black" });
    }

    /// D4: the King of `white` is in check when, walking from it in one of
    /// the four orthogonal directions, the first piece met is an enemy rook.
    pub fn in_check(&self, white: bool) -> bool {
        let k = self.king_square(white);
        for d in ORTHO {
            let mut s = (k.0 + d.0, k.1 + d.1);
            while on_board(s) {
                if let Some(p) = self.get(s) {
                    if !p.king && p.white != white {
                        return true;
                    }
                    break;
                }
                s = (s.0 + d.0, s.1 + d.1);
            }
        }
        false
    }

    /// D8: a rook is surrounded when each orthogonal neighbour is off the
    /// board or holds a piece (any piece, either colour).
    pub fn is_surrounded(&self, s: Sq) -> bool {
        ORTHO.iter().all(|d| {
            let n = (s.0 + d.0, s.1 + d.1);
            !on_board(n) || self.get(n).is_some()
        })
    }

    /// D9 steps 2-3: find every surrounded rook first, then remove them all at
    /// once. Returns how many were removed.
    pub fn remove_surrounded(&mut self) -> usize {
        let mut doomed = Vec::new();
        for rank in 0..8 {
            for file in 0..8 {
                if let Some(p) = self.get((file, rank))
                    && !p.king
                    && self.is_surrounded((file, rank))
                {
                    doomed.push((file, rank));
                }
            }
        }
        for &s in &doomed {
            self.set(s, None);
        }
        doomed.len()
    }

    /// §6 steps 1-2: contact with a King on its home square, or a King on its
    /// target square. Returns the winner (`true` = White) if finished.
    pub fn decided(&self) -> Option<bool> {
        let kw = self.king_square(true);
        let kb = self.king_square(false);
        let contact = (kw.0 - kb.0).abs().max((kw.1 - kb.1).abs()) == 1;
        if contact && kw == home(true) {
            return Some(false);
        }
        if contact && kb == home(false) {
            return Some(true);
        }
        if kw == target(true) {
            return Some(true);
        }
        if kb == target(false) {
            return Some(false);
        }
        None
    }

    /// Every ply allowed by the piece movement rules, before the no-check
    /// rule (§4.2 conditions 1-3, §4.3 D6, §4.4).
    fn candidates(&self) -> Vec<Ply> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        let phase1 = self.hand_white > 0 || self.hand_black > 0;
        if phase1 {
            let hand = if me { self.hand_white } else { self.hand_black };
            if hand == 0 {
                return out;
            }
            for rank in 0..8 {
                for file in 0..8 {
                    let s = (file, rank);
                    if self.get(s).is_none() && !is_corner(s) {
                        out.push(Ply::Drop(s));
                    }
                }
            }
            return out;
        }
        for rank in 0..8 {
            for file in 0..8 {
                let from = (file, rank);
                let Some(p) = self.get(from) else { continue };
                if p.white != me {
                    continue;
                }
                if p.king {
                    for d in ALL8 {
                        let to = (from.0 + d.0, from.1 + d.1);
                        if !on_board(to) {
                            continue;
                        }
                        match self.get(to) {
                            None => out.push(Ply::Move(from, to)),
                            // An enemy rook: a capture.
                            Some(q) if !q.king && q.white != me => out.push(Ply::Move(from, to)),
                            // An own rook or the enemy King.
                            Some(_) => {}
                        }
                    }
                } else {
                    for d in ORTHO {
                        let mut to = (from.0 + d.0, from.1 + d.1);
                        while on_board(to) && self.get(to).is_none() {
                            if !is_corner(to) {
                                out.push(Ply::Move(from, to));
                            }
                            to = (to.0 + d.0, to.1 + d.1);
                        }
                    }
                }
            }
        }
        out
    }

    /// Carries out a ply (legal or not) with its removals and counters.
    pub fn apply(&self, ply: &Ply) -> (Pos, Effects) {
        let me = self.white_to_move;
        let mut next = self.clone();
        let mut effects = Effects::default();
        let dropped = match *ply {
            Ply::Drop(to) => {
                next.set(
                    to,
                    Some(Piece {
                        white: me,
                        king: false,
                    }),
                );
                if me {
                    next.hand_white -= 1;
                } else {
                    next.hand_black -= 1;
                }
                true
            }
            Ply::Move(from, to) => {
                let piece = next.get(from);
                effects.captured = next.get(to).is_some();
                next.set(to, piece);
                next.set(from, None);
                false
            }
        };
        effects.removed = next.remove_surrounded();
        if dropped || effects.captured || effects.removed > 0 {
            next.quiet = 0;
        } else {
            next.quiet += 1;
        }
        if !me {
            next.move_number += 1;
        }
        next.white_to_move = !me;
        (next, effects)
    }

    /// The legal plies: none in a finished position (§6 steps 1-2, D18),
    /// else every candidate after which neither King is in check (D5).
    pub fn legal_plies(&self) -> Vec<Ply> {
        if self.decided().is_some() {
            return Vec::new();
        }
        self.candidates()
            .into_iter()
            .filter(|ply| {
                let (next, _) = self.apply(ply);
                !next.in_check(true) && !next.in_check(false)
            })
            .collect()
    }

    /// §6 steps 1-3.
    pub fn is_over(&self) -> bool {
        self.decided().is_some() || self.legal_plies().is_empty()
    }

    pub fn play(&self, ply: &Ply) -> Pos {
        self.apply(ply).0
    }

    /// Finds a legal ply by its §7.1 text.
    pub fn find_ply(&self, text: &str) -> Option<Ply> {
        self.legal_plies()
            .into_iter()
            .find(|p| p.to_string() == text)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut placement = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.get((file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            placement.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = if p.king { 'k' } else { 'r' };
                        placement.push(if p.white { c.to_ascii_uppercase() } else { c });
                    }
                }
            }
            if empty > 0 {
                placement.push_str(&empty.to_string());
            }
            if rank > 0 {
                placement.push('/');
            }
        }
        write!(
            f,
            "{} {} {}:{} {} {}",
            placement,
            if self.white_to_move { 'w' } else { 'b' },
            self.hand_white,
            self.hand_black,
            self.quiet,
            self.move_number
        )
    }
}

/// D18: perft(0) = 1; perft(n) = sum of perft(n-1) over the legal plies.
pub fn perft(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_plies()
        .iter()
        .map(|ply| perft(&pos.play(ply), depth - 1))
        .sum()
}

/// The §10 breakdown of the plies at the last depth: (total, captures,
/// plies removing at least one rook, plies ending the game by §6 steps 1-2).
pub fn perft_detail(pos: &Pos, depth: u32) -> [u64; 4] {
    let mut out = [0u64; 4];
    if depth == 0 {
        out[0] = 1;
        return out;
    }
    for ply in pos.legal_plies() {
        let (next, effects) = pos.apply(&ply);
        if depth == 1 {
            out[0] += 1;
            out[1] += u64::from(effects.captured);
            out[2] += u64::from(effects.removed > 0);
            out[3] += u64::from(next.decided().is_some());
        } else {
            let sub = perft_detail(&next, depth - 1);
            for (o, s) in out.iter_mut().zip(sub) {
                *o += s;
            }
        }
    }
    out
}
