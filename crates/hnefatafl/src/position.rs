//! Positions: the position string (spec §10.4), legal moves (§4), captures (§5, §9.2), the
//! king's capture (§6, §9.3) and the ends of the game a move decides by itself (§7.3, §9.6).

use crate::geometry::{EAST, Geometry, NONE, NORTH, SOUTH, WEST};
use crate::moves::{self, Move, MoveError, square_name};
use crate::ruleset::{Ruleset, Variant};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use zonal_board::Side;

mod notation;

/// The attackers (Black, they move first).
pub const ATTACKERS: Side = Side::Black;
/// The defenders (White, soldiers and the king).
pub const DEFENDERS: Side = Side::White;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The king reached a corner: the defenders win.
    KingEscaped,
    /// The king was captured: the attackers win.
    KingCaptured,
    /// Exit fort (`copenhagen`, §9.4): the defenders win.
    ExitFort,
    /// Encirclement (`copenhagen`, §9.5): the attackers win.
    Encircled,
    /// A position occurred for the third time: the defenders lose (needs the game's history).
    Repetition,
    /// The side to move, `loser`, has no legal move.
    NoMoves {
        /// The side that lost.
        loser: Side,
    },
    /// 200 plies without a capture (`seed`): a draw.
    MoveLimit,
}

impl Outcome {
    /// The winner, `None` for a draw.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::KingEscaped | Outcome::ExitFort => Some(DEFENDERS),
            Outcome::KingCaptured | Outcome::Encircled | Outcome::Repetition => Some(ATTACKERS),
            Outcome::NoMoves { loser } => Some(loser.other()),
            Outcome::MoveLimit => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Outcome::KingEscaped => "defenders win (the king reached a corner)",
            Outcome::KingCaptured => "attackers win (the king is captured)",
            Outcome::ExitFort => "defenders win (exit fort)",
            Outcome::Encircled => "attackers win (encirclement)",
            Outcome::Repetition => "attackers win (third repetition)",
            Outcome::NoMoves { loser } if *loser == ATTACKERS => {
                "defenders win (the attackers have no legal move)"
            }
            Outcome::NoMoves { .. } => "attackers win (the defenders have no legal move)",
            Outcome::MoveLimit => "draw (200 plies without a capture)",
        };
        f.write_str(text)
    }
}

/// A position string that does not give a valid position (spec §10.4).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("Hnefatafl: position string, {field} (column {column}): {reason}")]
pub struct PositionError {
    /// The field: placement, side, ruleset, quiet-plies, move-number or fields.
    pub field: &'static str,
    /// Column (1-based, in characters) where the problem is.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Zobrist keys: attacker, defender, king on each square.
static ZOBRIST: [[u64; 121]; 3] = {
    let mut t = [[0u64; 121]; 3];
    let mut k = 0;
    while k < 3 {
        let mut s = 0;
        while s < 121 {
            t[k][s] = splitmix((k * 121 + s) as u64 * 7919 + 1);
            s += 1;
        }
        k += 1;
    }
    t
};
const ZOBRIST_DEFENDERS_TO_MOVE: u64 = 0x5bd1_e995_3c6e_f372;

/// What a move decided, kept in the position it produced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Decided {
    No,
    Won(Outcome),
    /// The `seed` move limit was reached (a draw unless the side to move cannot move).
    Limit,
}

/// A position: the pieces (square sets of attackers and defender soldiers, the king's square),
/// the side to move, the ruleset, the counters and a Zobrist hash of placement and side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    attackers: u128,
    defenders: u128,
    king: u8,
    side: Side,
    rules: Ruleset,
    quiet: u32,
    move_number: u32,
    hash: u64,
    decided: Decided,
}

/// The repetition key: placement and side to move (spec §7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The attackers.
    pub attackers: u128,
    /// The defender soldiers.
    pub defenders: u128,
    /// The king's square.
    pub king: u8,
    /// The side to move.
    pub side: Side,
}

impl Position {
    /// The start position of `rules` (spec §3).
    pub fn start(rules: Ruleset) -> Position {
        rules
            .start_string()
            .parse()
            .expect("the start strings are valid")
    }

    /// The ruleset.
    #[inline]
    pub fn rules(&self) -> Ruleset {
        self.rules
    }

    #[inline]
    fn geo(&self) -> &'static Geometry {
        Geometry::of(self.rules.size())
    }

    /// The attackers' squares.
    #[inline]
    pub fn attackers(&self) -> u128 {
        self.attackers
    }

    /// The defender soldiers' squares (without the king).
    #[inline]
    pub fn defenders(&self) -> u128 {
        self.defenders
    }

    /// The king's square.
    #[inline]
    pub fn king(&self) -> u32 {
        u32::from(self.king)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.attackers | self.defenders | 1u128 << self.king
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Plies since the last capture.
    #[inline]
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The move number (1 at the start, +1 after each defenders' move).
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The Zobrist hash of placement and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The repetition key (placement and side to move).
    #[inline]
    pub fn key(&self) -> Key {
        Key {
            attackers: self.attackers,
            defenders: self.defenders,
            king: self.king,
            side: self.side,
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (k, set) in [
            (0, self.attackers),
            (1, self.defenders),
            (2, 1u128 << self.king),
        ] {
            let mut s = set;
            while s != 0 {
                h ^= ZOBRIST[k][s.trailing_zeros() as usize];
                s &= s - 1;
            }
        }
        if self.side == DEFENDERS {
            h ^= ZOBRIST_DEFENDERS_TO_MOVE;
        }
        h
    }

    /// The game's end decided by the move that produced this position (king on a corner, king
    /// captured, exit fort, encirclement), if any. A position read from a string has none.
    #[inline]
    pub fn decided(&self) -> Option<Outcome> {
        match self.decided {
            Decided::Won(o) => Some(o),
            _ => None,
        }
    }

    /// The end of the game this position shows without history (§7.3 / §9.6 without the
    /// repetition step): a decided end, else no legal move, else the `seed` move limit.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.decided {
            Decided::Won(o) => Some(o),
            _ if !self.has_moves() => Some(Outcome::NoMoves { loser: self.side }),
            Decided::Limit => Some(Outcome::MoveLimit),
            Decided::No => None,
        }
    }

    /// Squares a piece of the side to move may land on, king or soldier.
    #[inline]
    fn soldier_targets(&self, g: &Geometry) -> u128 {
        if self.rules.soldiers_may_stop_on_throne() {
            g.all & !g.corners
        } else {
            g.all & !g.corners & !g.throne
        }
    }

    /// Calls `f` with every legal move, by the moving piece's square, then the destination.
    #[inline]
    pub fn for_each_move(&self, f: impl FnMut(Move)) {
        self.for_each_move_to(u128::MAX, u128::MAX, f);
    }

    /// [`Position::for_each_move`] for the moves of soldiers to `soldiers_to` and of the
    /// king to `king_to` only, in the same order.
    pub fn for_each_move_to(&self, soldiers_to: u128, king_to: u128, mut f: impl FnMut(Move)) {
        if matches!(self.decided, Decided::Won(_)) {
            return;
        }
        let g = self.geo();
        let n = g.n;
        let occ = self.occupied();
        // Moves land on empty squares only.
        let targets = self.soldier_targets(g) & soldiers_to & !occ;
        let king_to = king_to & !occ;
        let mut soldiers = if self.side == ATTACKERS {
            self.attackers
        } else {
            self.defenders
        };
        if targets.count_ones() <= 8 {
            // Few targets: only the soldiers on their lines can reach them.
            let mut lines = 0u128;
            let mut t = targets;
            while t != 0 {
                let sq = t.trailing_zeros() as usize;
                lines |= g.rays[0][sq] | g.rays[1][sq] | g.rays[2][sq] | g.rays[3][sq];
                t &= t - 1;
            }
            soldiers &= lines;
        }
        let mut pieces = soldiers;
        if self.side != ATTACKERS && king_to != 0 {
            pieces |= 1u128 << self.king;
        }
        while pieces != 0 {
            let from = pieces.trailing_zeros();
            pieces &= pieces - 1;
            let mut to = g.slides(from, occ);
            if from != u32::from(self.king) {
                to &= targets;
            } else {
                to &= king_to;
            }
            while to != 0 {
                f(Move::new(from, to.trailing_zeros(), n));
                to &= to - 1;
            }
        }
    }

    /// The legal moves (none if a move has decided the game).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(128);
        self.for_each_move(|m| out.push(m));
        out
    }

    /// The number of legal moves.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if matches!(self.decided, Decided::Won(_)) {
            return 0;
        }
        let g = self.geo();
        let occ = self.occupied();
        let targets = self.soldier_targets(g);
        let mut total = 0;
        if self.side == ATTACKERS {
            let mut pieces = self.attackers;
            while pieces != 0 {
                total += (g.slides(pieces.trailing_zeros(), occ) & targets).count_ones();
                pieces &= pieces - 1;
            }
        } else {
            let mut pieces = self.defenders;
            while pieces != 0 {
                total += (g.slides(pieces.trailing_zeros(), occ) & targets).count_ones();
                pieces &= pieces - 1;
            }
            total += g.slides(u32::from(self.king), occ).count_ones();
        }
        u64::from(total)
    }

    /// Whether the side to move has a legal move.
    pub fn has_moves(&self) -> bool {
        if matches!(self.decided, Decided::Won(_)) {
            return false;
        }
        let g = self.geo();
        let occ = self.occupied();
        let targets = self.soldier_targets(g);
        if self.side == ATTACKERS {
            let mut pieces = self.attackers;
            while pieces != 0 {
                if g.slides(pieces.trailing_zeros(), occ) & targets != 0 {
                    return true;
                }
                pieces &= pieces - 1;
            }
            false
        } else {
            let mut pieces = self.defenders;
            while pieces != 0 {
                if g.slides(pieces.trailing_zeros(), occ) & targets != 0 {
                    return true;
                }
                pieces &= pieces - 1;
            }
            g.slides(u32::from(self.king), occ) != 0
        }
    }

    /// Whether `mv` is a legal move here.
    pub fn is_legal(&self, mv: Move) -> bool {
        if matches!(self.decided, Decided::Won(_)) || mv.size() != self.rules.size() {
            return false;
        }
        let g = self.geo();
        let (from, to) = (mv.from(), mv.to());
        if from >= g.n * g.n || to >= g.n * g.n {
            return false;
        }
        let own = if self.side == ATTACKERS {
            self.attackers
        } else {
            self.defenders | 1u128 << self.king
        };
        if own & 1u128 << from == 0 {
            return false;
        }
        let mut reach = g.slides(from, self.occupied());
        if from != u32::from(self.king) {
            reach &= self.soldier_targets(g);
        }
        reach & 1u128 << to != 0
    }

    /// The position after the legal move `mv`.
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        self.play_with_captures(mv).0
    }

    /// The position after the legal move `mv` and the soldiers it captured (the king's capture
    /// is not among them; [`Position::decided`] tells it).
    pub fn play_with_captures(&self, mv: Move) -> (Position, u128) {
        let g = self.geo();
        let (from, to) = (mv.from(), mv.to());
        let (fu, tu) = (from as usize, to as usize);
        let mut p = *self;
        let attackers_move = self.side == ATTACKERS;
        let move_bits = 1u128 << from | 1u128 << to;
        if attackers_move {
            p.attackers ^= move_bits;
            p.hash ^= ZOBRIST[0][fu] ^ ZOBRIST[0][tu];
        } else if from == u32::from(self.king) {
            p.king = to as u8;
            p.hash ^= ZOBRIST[2][fu] ^ ZOBRIST[2][tu];
        } else {
            p.defenders ^= move_bits;
            p.hash ^= ZOBRIST[1][fu] ^ ZOBRIST[1][tu];
        }
        let king_bit = 1u128 << p.king;
        let occ = p.attackers | p.defenders | king_bit;
        let empty_throne = g.throne & !occ;
        // Custodial captures (§5): enemy soldier next to `to`, hostile square beyond it.
        let (enemy, own) = if attackers_move {
            (p.defenders, p.attackers)
        } else {
            (p.attackers, p.defenders | king_bit)
        };
        let hostile = own | g.corners | empty_throne;
        let mut captured = 0u128;
        for d in [NORTH, EAST, SOUTH, WEST] {
            let next = g.step[d][tu];
            if next != NONE && enemy & 1u128 << next != 0 {
                let far = g.step[d][next as usize];
                if far != NONE && hostile & 1u128 << far != 0 {
                    captured |= 1u128 << next;
                }
            }
        }
        // Shieldwall (§9.2): the mover brackets a row along its edge.
        if self.rules.has_edge_rules() && g.edge & !g.corners & 1u128 << to != 0 {
            captured |= self.shieldwall(
                g,
                to,
                own,
                if attackers_move {
                    enemy | king_bit
                } else {
                    enemy
                },
            );
        }
        if captured != 0 {
            let k = if attackers_move { 1 } else { 0 };
            let mut s = captured;
            while s != 0 {
                p.hash ^= ZOBRIST[k][s.trailing_zeros() as usize];
                s &= s - 1;
            }
            if attackers_move {
                p.defenders &= !captured;
            } else {
                p.attackers &= !captured;
            }
            p.quiet = 0;
        } else {
            p.quiet = self.quiet.saturating_add(1);
        }
        let occ = p.attackers | p.defenders | king_bit;
        let empty_throne = g.throne & !occ;
        // The game's end, in the order of §7.3 / §9.6.
        p.decided = if g.corners & king_bit != 0 {
            Decided::Won(Outcome::KingEscaped)
        } else if attackers_move
            && g.spread(1u128 << to) & king_bit != 0
            && self.king_surrounded(g, p.king as u32, p.attackers, empty_throne)
        {
            Decided::Won(Outcome::KingCaptured)
        } else if self.rules.has_edge_rules() && p.exit_fort(g) {
            Decided::Won(Outcome::ExitFort)
        } else if self.rules.has_edge_rules() && p.encircled(g) {
            Decided::Won(Outcome::Encircled)
        } else if self
            .rules
            .move_limit()
            .is_some_and(|limit| p.quiet >= limit)
        {
            Decided::Limit
        } else {
            Decided::No
        };
        if !attackers_move {
            p.move_number = self.move_number.saturating_add(1);
        }
        p.side = self.side.other();
        p.hash ^= ZOBRIST_DEFENDERS_TO_MOVE;
        (p, captured)
    }

    /// The position after the side to move passes (the search's null move; not a move of the
    /// game): the other side to move, nothing else changed. `None` when the game is over.
    pub fn pass(&self) -> Option<Position> {
        if self.decided != Decided::No {
            return None;
        }
        let mut p = *self;
        p.side = self.side.other();
        p.hash ^= ZOBRIST_DEFENDERS_TO_MOVE;
        Some(p)
    }

    /// The shieldwall captures of a move ending on the edge square `to` (not a corner).
    fn shieldwall(&self, g: &Geometry, to: u32, own: u128, enemy: u128) -> u128 {
        let n = g.n;
        let (file, rank) = (to % n, to / n);
        let (along, front) = if rank == 0 {
            ([EAST, WEST], NORTH)
        } else if rank == n - 1 {
            ([EAST, WEST], SOUTH)
        } else if file == 0 {
            ([NORTH, SOUTH], EAST)
        } else {
            ([NORTH, SOUTH], WEST)
        };
        let bracket = own | g.corners;
        let mut captured = 0;
        for dir in along {
            let mut row = 0u128;
            let mut count = 0;
            let mut s = g.step[dir][to as usize];
            while s != NONE
                && enemy & 1u128 << s != 0
                && own & 1u128 << g.step[front][s as usize] != 0
            {
                row |= 1u128 << s;
                count += 1;
                s = g.step[dir][s as usize];
            }
            if count >= 2 && s != NONE && bracket & 1u128 << s != 0 {
                captured |= row;
            }
        }
        // The king is never captured by a shieldwall (after a defenders' move the rows hold
        // attackers only).
        captured & !(1u128 << self.king)
    }

    /// Whether the king on `k` is surrounded per §6 / §9.3 (`attackers` and `empty_throne`
    /// after the move).
    fn king_surrounded(&self, g: &Geometry, k: u32, attackers: u128, empty_throne: u128) -> bool {
        let kb = 1u128 << k;
        let around = g.spread(kb);
        if g.edge & kb != 0 {
            // Never on an edge square, except next to a corner in `seed` (two attackers).
            if !(self.rules.king_captured_next_to_corner() && g.next_to_corner & kb != 0) {
                return false;
            }
            return around & !(attackers | g.corners) == 0;
        }
        around & !(attackers | empty_throne) == 0
    }

    /// Exit fort (§9.4), on the position after the move.
    fn exit_fort(&self, g: &Geometry) -> bool {
        let kb = 1u128 << self.king;
        if g.edge & kb == 0 {
            return false;
        }
        let occ = self.occupied();
        let empty = g.all & !occ;
        if g.spread(kb) & empty == 0 {
            return false;
        }
        let region = g.flood(kb, empty);
        if region & g.corners != 0 {
            return false;
        }
        let wall = g.spread(region) & !region;
        if wall & self.attackers != 0 {
            return false;
        }
        let safe = (region & !g.throne) | self.defenders | kb;
        let mut w = wall;
        while w != 0 {
            let s = w.trailing_zeros() as usize;
            w &= w - 1;
            for (a, b) in [(EAST, WEST), (NORTH, SOUTH)] {
                let (x, y) = (g.step[a][s], g.step[b][s]);
                let ok = |t: u8| t == NONE || safe & 1u128 << t != 0;
                if !ok(x) && !ok(y) {
                    return false;
                }
            }
        }
        true
    }

    /// Encirclement (§9.5), on the position after the move.
    fn encircled(&self, g: &Geometry) -> bool {
        let through = g.all & !self.attackers;
        let mut region = 1u128 << self.king;
        loop {
            if region & g.edge != 0 {
                return false;
            }
            let next = region | (g.spread(region) & through);
            if next == region {
                break;
            }
            region = next;
        }
        self.defenders & !region == 0
    }

    /// Reads a move in the coordinate form (`e1e4`, §10.2) or the record form (`e1-e4xe2`,
    /// §10.3) and checks that it is legal; listed captures must be exactly the move's captures
    /// (a square listed twice counts once).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let w = moves::read(text, self.rules.size())?;
        let mv = Move::new(w.from, w.to, self.rules.size());
        if !self.is_legal(mv) {
            return Err(MoveError::Illegal {
                text: moves::clip(text),
                reason: self.why_illegal(mv),
            });
        }
        if let Some(mut listed) = w.captures {
            listed.sort_unstable();
            listed.dedup();
            let (_, captured) = self.play_with_captures(mv);
            let actual: Vec<u32> = squares(captured).collect();
            if listed != actual {
                let names = |v: &[u32]| {
                    v.iter()
                        .map(|&s| square_name(s, self.rules.size()))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                return Err(MoveError::Captures {
                    text: moves::clip(text),
                    listed: names(&listed),
                    actual: names(&actual),
                });
            }
        }
        Ok(mv)
    }

    fn why_illegal(&self, mv: Move) -> String {
        let size = self.rules.size();
        let name = |s| square_name(s, size);
        if let Some(o) = self.decided() {
            return format!("the game is over: {o}");
        }
        let (from, to) = (mv.from(), mv.to());
        let own = if self.side == ATTACKERS {
            self.attackers
        } else {
            self.defenders | 1u128 << self.king
        };
        let side = if self.side == ATTACKERS {
            "the attackers"
        } else {
            "the defenders"
        };
        if own & 1u128 << from == 0 {
            return format!("no piece of {side} (to move) on {}", name(from));
        }
        if from == to || (from % size != to % size && from / size != to / size) {
            return "a piece moves along its rank or file".into();
        }
        if self.occupied() & 1u128 << to != 0 {
            return format!("{} is occupied", name(to));
        }
        let g = self.geo();
        if g.slides(from, self.occupied()) & 1u128 << to == 0 {
            return "a piece is in the way".into();
        }
        if g.corners & 1u128 << to != 0 {
            return "only the king may stop on a corner".into();
        }
        "only the king may stop on the throne".into()
    }

    /// The move in the record form: `h3-e3`, `h3-e3xd3` (captured soldiers ascending).
    pub fn record(&self, mv: Move) -> String {
        let size = self.rules.size();
        let (_, captured) = self.play_with_captures(mv);
        let mut text = format!(
            "{}-{}",
            square_name(mv.from(), size),
            square_name(mv.to(), size)
        );
        for s in squares(captured) {
            text.push('x');
            text.push_str(&square_name(s, size));
        }
        text
    }

    /// The placement field of the position string.
    pub fn placement(&self) -> String {
        let n = self.rules.size();
        let mut out = String::new();
        for rank in (0..n).rev() {
            let mut run = 0;
            for file in 0..n {
                let sq = rank * n + file;
                let bit = 1u128 << sq;
                let c = if self.attackers & bit != 0 {
                    'a'
                } else if self.defenders & bit != 0 {
                    'd'
                } else if sq == u32::from(self.king) {
                    'k'
                } else {
                    run += 1;
                    continue;
                };
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(c);
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// A diagram as in the spec (`#` empty corner, `+` empty throne), rank `n` first.
    pub fn diagram(&self) -> String {
        let n = self.rules.size();
        let g = self.geo();
        let mut out = String::new();
        for rank in (0..n).rev() {
            out.push_str(&format!("{:>2} ", rank + 1));
            for file in 0..n {
                let sq = rank * n + file;
                let bit = 1u128 << sq;
                let c = if self.attackers & bit != 0 {
                    'a'
                } else if self.defenders & bit != 0 {
                    'd'
                } else if sq == u32::from(self.king) {
                    'k'
                } else if g.corners & bit != 0 {
                    '#'
                } else if g.throne & bit != 0 {
                    '+'
                } else {
                    '.'
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("   ");
        for file in 0..n {
            out.push(' ');
            out.push((b'a' + file as u8) as char);
        }
        out.push('\n');
        out
    }
}

/// The squares of a set, ascending.
pub fn squares(mut set: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let s = set.trailing_zeros();
            set &= set - 1;
            Some(s)
        }
    })
}
#[cfg(test)]
mod tests;
