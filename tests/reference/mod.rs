//! A deliberately simple reference implementation of the chess-t1 rules
//! (docs/chess-t1-rules.md), used only by tests as a second opinion
//! against the engine in `src/`.
//!
//! Written from the spec alone. No bitboards, no tables, no incremental
//! state: every question is answered by looping over the 64 squares of a
//! plain array. Clarity over speed.
//!
//! Square index: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63
//! (file = i % 8, rank = i / 8; both 0-based here).

#![allow(dead_code)]

// ---------------------------------------------------------------------------
// Colours and pieces
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black (index into `prince_right`).
    pub fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// +1 (up the board) for White, -1 for Black.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    King,
    Konnet,
    Prince,
    Ritter,
    Scout,
    Knecht,
    VerKnecht,
}

impl Kind {
    /// Upper-case letter of docs/chess-t1-rules.md §2.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Konnet => 'C',
            Kind::Prince => 'P',
            Kind::Ritter => 'R',
            Kind::Scout => 'S',
            Kind::Knecht => 'N',
            Kind::VerKnecht => 'V',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'K' => Some(Kind::King),
            'C' => Some(Kind::Konnet),
            'P' => Some(Kind::Prince),
            'R' => Some(Kind::Ritter),
            'S' => Some(Kind::Scout),
            'N' => Some(Kind::Knecht),
            'V' => Some(Kind::VerKnecht),
            _ => None,
        }
    }

    /// King, Konnet and Prince are royal.
    pub fn is_royal(self) -> bool {
        matches!(self, Kind::King | Kind::Konnet | Kind::Prince)
    }

    /// Strength in half-units (docs/chess-t1-rules.md §2). The Scout adds nothing
    /// anywhere (docs/chess-t1-rules.md §4.4), so its strength for force sums is 0.
    pub fn strength(self) -> i32 {
        match self {
            Kind::King => 3,
            Kind::Konnet => 6,
            Kind::Prince => 3,
            Kind::Ritter => 4,
            Kind::Scout => 0,
            Kind::Knecht => 2,
            Kind::VerKnecht => 3,
        }
    }
}

// ---------------------------------------------------------------------------
// Square helpers
// ---------------------------------------------------------------------------

pub fn file_of(s: usize) -> i32 {
    (s % 8) as i32
}

pub fn rank_of(s: usize) -> i32 {
    (s / 8) as i32
}

/// The square at (file, rank), or None when off the board.
pub fn square_at(file: i32, rank: i32) -> Option<usize> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

/// "e4" style name.
pub fn square_name(s: usize) -> String {
    let f = (b'a' + (s % 8) as u8) as char;
    let r = (b'1' + (s / 8) as u8) as char;
    format!("{f}{r}")
}

/// Parse "e4" style name.
pub fn parse_square(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let f = b[0] as i32 - b'a' as i32;
    let r = b[1] as i32 - b'1' as i32;
    square_at(f, r)
}

/// True for c1 d1 e1 f1 c8 d8 e8 f8.
pub fn is_castle(s: usize) -> bool {
    let f = file_of(s);
    let r = rank_of(s);
    (r == 0 || r == 7) && (2..=5).contains(&f)
}

/// True when `s` is a square of `owner`'s castle (White: c1-f1, Black: c8-f8).
pub fn is_castle_of(s: usize, owner: Color) -> bool {
    let home_rank = match owner {
        Color::White => 0,
        Color::Black => 7,
    };
    is_castle(s) && rank_of(s) == home_rank
}

/// Ranks 1-4 are White's territory, ranks 5-8 Black's.
fn in_territory_of(s: usize, side: Color) -> bool {
    match side {
        Color::White => rank_of(s) <= 3,
        Color::Black => rank_of(s) >= 4,
    }
}

/// The rank (0-based) a side's Ver Knechts promote on: 8th for White, 1st for Black.
fn far_rank(side: Color) -> i32 {
    match side {
        Color::White => 7,
        Color::Black => 0,
    }
}

// ---------------------------------------------------------------------------
// Position and move
// ---------------------------------------------------------------------------

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefPos {
    pub board: [Option<(Color, Kind)>; 64],
    pub side: Color,
    /// [white, black]: the once-per-side Prince -> Konnet right is still unused.
    pub prince_right: [bool; 2],
    pub quiet: u32,
    pub fullmove: u32,
    /// Set when the last move captured (or exchanged) a King, or captured the castle.
    pub winner: Option<Color>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RefMove {
    pub from: usize,
    pub to: usize,
    /// The kind the mover ends up as whenever it changes (automatic or chosen).
    pub promotion: Option<Kind>,
    /// An enemy piece is removed and the mover takes its square.
    pub capture: bool,
    /// Scout exchange: both the enemy piece and the Scout leave the board.
    pub exchange: bool,
    pub uci: String,
}

/// Orthogonal unit steps.
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Diagonal unit steps.
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Chess knight leaps (the Scout).
const LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

impl RefPos {
    // -----------------------------------------------------------------------
    // FEN
    // -----------------------------------------------------------------------

    /// Parse the position format of docs/chess-t1-rules.md §9.3. The last two fields are optional.
    pub fn from_fen(s: &str) -> Result<RefPos, String> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() < 3 || fields.len() > 5 {
            return Err(format!("expected 3 to 5 fields, got {}", fields.len()));
        }

        // Placement, rank 8 first.
        let mut board: [Option<(Color, Kind)>; 64] = [None; 64];
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 8 {
            return Err(format!("expected 8 ranks, got {}", rows.len()));
        }
        for (row_index, row) in rows.iter().enumerate() {
            let rank = 7 - row_index as i32;
            let mut file = 0i32;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 {
                        return Err(format!("bad digit '{c}' in rank {}", rank + 1));
                    }
                    file += d as i32;
                } else if let Some(kind) = Kind::from_letter(c) {
                    if file > 7 {
                        return Err(format!("rank {} is too long", rank + 1));
                    }
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    board[square_at(file, rank).unwrap()] = Some((color, kind));
                    file += 1;
                } else {
                    return Err(format!("unexpected character '{c}' in placement"));
                }
                if file > 8 {
                    return Err(format!("rank {} is too long", rank + 1));
                }
            }
            if file != 8 {
                return Err(format!("rank {} has {} files, expected 8", rank + 1, file));
            }
        }

        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(format!("bad side to move '{other}'")),
        };

        let prince_right = match fields[2] {
            "-" => [false, false],
            "P" => [true, false],
            "p" => [false, true],
            "Pp" => [true, true],
            other => return Err(format!("bad prince rights '{other}'")),
        };

        let quiet = match fields.get(3) {
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| format!("bad quiet counter '{t}'"))?,
            None => 0,
        };
        let fullmove = match fields.get(4) {
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| format!("bad move number '{t}'"))?,
            None => 1,
        };

        let pos = RefPos {
            board,
            side,
            prince_right,
            quiet,
            fullmove,
            winner: None,
        };
        pos.check_possible()?;
        Ok(pos)
    }

    /// The "could never arise" checks of docs/chess-t1-rules.md §9.3.
    fn check_possible(&self) -> Result<(), String> {
        for color in [Color::White, Color::Black] {
            let kings = (0..64)
                .filter(|&s| self.board[s] == Some((color, Kind::King)))
                .count();
            if kings > 1 {
                return Err(format!("more than one {color:?} King"));
            }
        }
        for s in 0..64 {
            let Some((color, kind)) = self.board[s] else {
                continue;
            };
            if kind == Kind::Knecht {
                let bad = match color {
                    Color::White => rank_of(s) >= 5,
                    Color::Black => rank_of(s) <= 2,
                };
                if bad {
                    return Err(format!("{color:?} Knecht on {}", square_name(s)));
                }
            }
            if kind == Kind::VerKnecht && rank_of(s) == far_rank(color) {
                return Err(format!(
                    "{color:?} Ver Knecht on its far rank ({})",
                    square_name(s)
                ));
            }
            if !kind.is_royal() && is_castle(s) {
                return Err(format!(
                    "non-royal piece on castle square {}",
                    square_name(s)
                ));
            }
        }
        for color in [Color::White, Color::Black] {
            let enemy = color.opponent();
            if self.royals_in_castle(enemy, color) >= 1 && self.royals_in_castle(enemy, enemy) == 0
            {
                return Err(format!("{enemy:?}'s castle is already captured"));
            }
        }
        Ok(())
    }

    /// Canonical text: rights "Pp"/"P"/"p"/"-", both counters always printed.
    pub fn to_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.board[square_at(file, rank).unwrap()] {
                    None => empty += 1,
                    Some((color, kind)) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = kind.letter();
                        out.push(if color == Color::White {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        let rights = match self.prince_right {
            [true, true] => "Pp",
            [true, false] => "P",
            [false, true] => "p",
            [false, false] => "-",
        };
        out.push_str(rights);
        out.push_str(&format!(" {} {}", self.quiet, self.fullmove));
        out
    }

    // -----------------------------------------------------------------------
    // Counting helpers
    // -----------------------------------------------------------------------

    /// Number of `who`'s royal pieces standing on `castle_owner`'s castle squares.
    pub fn royals_in_castle(&self, castle_owner: Color, who: Color) -> usize {
        (0..64)
            .filter(|&s| is_castle_of(s, castle_owner))
            .filter(|&s| matches!(self.board[s], Some((c, k)) if c == who && k.is_royal()))
            .count()
    }

    /// Number of `side`'s pieces of `kind` on the board.
    pub fn count(&self, side: Color, kind: Kind) -> usize {
        (0..64)
            .filter(|&s| self.board[s] == Some((side, kind)))
            .count()
    }

    fn king_square(&self, side: Color) -> Option<usize> {
        (0..64).find(|&s| self.board[s] == Some((side, Kind::King)))
    }

    // -----------------------------------------------------------------------
    // Geometry: where a piece acts / could move (docs/chess-t1-rules.md §3 and 4.1)
    // -----------------------------------------------------------------------

    /// Every square (other than its own) that the piece on `from` could move to
    /// if that square were empty, with the line rules of docs/chess-t1-rules.md §4.1:
    /// non-jumping lines stop at (and include) the first occupied square, jumping
    /// lines reach both squares, the Knecht two-step exists only where legal.
    /// Castle squares do not stop lines and are not excluded here.
    /// Panics if `from` is empty.
    pub fn reach(&self, from: usize) -> Vec<usize> {
        let (color, kind) = self.board[from].expect("reach() of an empty square");
        let f = file_of(from);
        let r = rank_of(from);
        let mut out: Vec<usize> = Vec::new();

        // One fixed step (or a jump of `n` unit steps, ignoring what is between).
        let jump = |df: i32, dr: i32, out: &mut Vec<usize>| {
            if let Some(t) = square_at(f + df, r + dr)
                && !out.contains(&t)
            {
                out.push(t);
            }
        };
        // A non-jumping ray of at most `max` steps, stopping at the first piece.
        let ray = |df: i32, dr: i32, max: i32, out: &mut Vec<usize>| {
            for step in 1..=max {
                let Some(t) = square_at(f + df * step, r + dr * step) else {
                    break;
                };
                if !out.contains(&t) {
                    out.push(t);
                }
                if self.board[t].is_some() {
                    break;
                }
            }
        };

        match kind {
            Kind::King => {
                for (df, dr) in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
                    jump(*df, *dr, &mut out);
                }
            }
            Kind::Prince => {
                for (df, dr) in ORTHOGONAL {
                    jump(df, dr, &mut out);
                }
                for (df, dr) in DIAGONAL {
                    ray(df, dr, 3, &mut out);
                }
            }
            Kind::Konnet => {
                for (df, dr) in ORTHOGONAL {
                    jump(df, dr, &mut out);
                    jump(2 * df, 2 * dr, &mut out);
                }
                for (df, dr) in DIAGONAL {
                    ray(df, dr, 3, &mut out);
                }
            }
            Kind::Ritter => {
                for (df, dr) in ORTHOGONAL {
                    jump(df, dr, &mut out);
                    jump(2 * df, 2 * dr, &mut out);
                }
            }
            Kind::Scout => {
                for (df, dr) in LEAPS {
                    jump(df, dr, &mut out);
                }
            }
            Kind::Knecht | Kind::VerKnecht => {
                let fwd = color.forward();
                jump(-1, 0, &mut out); // left
                jump(1, 0, &mut out); // right
                jump(0, fwd, &mut out); // forward
                jump(0, -fwd, &mut out); // backward
                // Two squares forward: middle empty, start and end in own territory.
                if let (Some(mid), Some(end)) = (square_at(f, r + fwd), square_at(f, r + 2 * fwd))
                    && self.board[mid].is_none()
                    && in_territory_of(from, color)
                    && in_territory_of(end, color)
                    && !out.contains(&end)
                {
                    out.push(end);
                }
            }
        }
        out
    }

    // -----------------------------------------------------------------------
    // Force (docs/chess-t1-rules.md §4)
    // -----------------------------------------------------------------------

    /// Raw force of `side` on every square, in half-units: every piece but the
    /// Scout adds its strength on its own square and on every square of `reach`.
    pub fn raw_force(&self, side: Color) -> [i32; 64] {
        let (royal, nonroyal, _) = self.force_parts(side);
        let mut out = [0; 64];
        for s in 0..64 {
            out[s] = royal[s] + nonroyal[s];
        }
        out
    }

    /// Royal force, non-royal force, and "some royal of `side` acts here".
    fn force_parts(&self, side: Color) -> ([i32; 64], [i32; 64], [bool; 64]) {
        let mut royal = [0; 64];
        let mut nonroyal = [0; 64];
        let mut royal_acts = [false; 64];
        for from in 0..64 {
            let Some((color, kind)) = self.board[from] else {
                continue;
            };
            if color != side || kind == Kind::Scout {
                continue;
            }
            let mut squares = self.reach(from);
            squares.push(from); // self-defence
            for t in squares {
                if kind.is_royal() {
                    royal[t] += kind.strength();
                    royal_acts[t] = true;
                } else {
                    nonroyal[t] += kind.strength();
                }
            }
        }
        (royal, nonroyal, royal_acts)
    }

    /// Effective force of `side` (docs/chess-t1-rules.md §4.2): on a castle square that is empty or
    /// holds an enemy piece, the non-royal part counts only when at least one of
    /// `side`'s royals also acts there. Elsewhere it is the raw force.
    pub fn effective_force(&self, side: Color) -> [i32; 64] {
        let (royal, nonroyal, royal_acts) = self.force_parts(side);
        let mut out = [0; 64];
        for s in 0..64 {
            let own_piece_here = matches!(self.board[s], Some((c, _)) if c == side);
            if !is_castle(s) || own_piece_here || royal_acts[s] {
                out[s] = royal[s] + nonroyal[s];
            } else {
                out[s] = royal[s]; // which is 0 here, since no royal acts
            }
        }
        out
    }

    // -----------------------------------------------------------------------
    // Move generation
    // -----------------------------------------------------------------------

    /// All legal moves for the side to move, sorted by coordinate text.
    /// Empty once the game has been won.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        if self.winner.is_some() {
            return Vec::new();
        }
        self.moves_for(self.side)
    }

    /// The moves `side` would have if it were to move now (ignores `winner`).
    fn moves_for(&self, side: Color) -> Vec<RefMove> {
        let enemy = side.opponent();
        let my_force = self.effective_force(side);
        let enemy_force = self.effective_force(enemy);
        let superior = |t: usize| my_force[t] > enemy_force[t];

        // Royal confinement (docs/chess-t1-rules.md §3): an enemy royal in my castle and exactly one
        // of my royals there -> that one may not leave the castle.
        let confinement_active =
            self.royals_in_castle(side, enemy) >= 1 && self.royals_in_castle(side, side) == 1;

        let my_princes = self.count(side, Kind::Prince);
        let my_konnets = self.count(side, Kind::Konnet);

        let mut moves: Vec<RefMove> = Vec::new();
        let mut push = |from: usize,
                        to: usize,
                        promotion: Option<Kind>,
                        capture: bool,
                        exchange: bool,
                        letter: bool| {
            let mut uci = format!("{}{}", square_name(from), square_name(to));
            if letter {
                let k = promotion.expect("a chosen promotion has a kind");
                uci.push(k.letter().to_ascii_lowercase());
            }
            moves.push(RefMove {
                from,
                to,
                promotion,
                capture,
                exchange,
                uci,
            });
        };

        for from in 0..64 {
            let Some((color, kind)) = self.board[from] else {
                continue;
            };
            if color != side {
                continue;
            }
            let confined = kind.is_royal() && is_castle_of(from, side) && confinement_active;

            for to in self.reach(from) {
                let target = self.board[to];
                let target_is_enemy = matches!(target, Some((c, _)) if c == enemy);
                if matches!(target, Some((c, _)) if c == side) {
                    continue; // never onto an own piece
                }
                if confined && !is_castle_of(to, side) {
                    continue;
                }

                match kind {
                    Kind::Scout => {
                        if is_castle(to) {
                            // Only an exchange of an enemy piece; an empty castle
                            // square is never a Scout destination.
                            if target_is_enemy {
                                push(from, to, None, false, true, false);
                            }
                        } else if target_is_enemy {
                            push(from, to, None, true, false, false); // no force test
                        } else {
                            push(from, to, None, false, false, false);
                        }
                    }

                    Kind::King | Kind::Konnet | Kind::Prince => {
                        if target_is_enemy && !superior(to) {
                            continue;
                        }
                        // Prince -> Konnet, once per side, on first entry from
                        // outside into the enemy castle, if fewer than 3 Konnets.
                        let promotion = if kind == Kind::Prince
                            && is_castle_of(to, enemy)
                            && !is_castle_of(from, enemy)
                            && self.prince_right[side.index()]
                            && my_konnets < 3
                        {
                            Some(Kind::Konnet)
                        } else {
                            None
                        };
                        push(from, to, promotion, target_is_enemy, false, false);
                    }

                    Kind::Ritter => {
                        if is_castle(to) {
                            continue;
                        }
                        if target_is_enemy && !superior(to) {
                            continue;
                        }
                        push(from, to, None, target_is_enemy, false, false);
                    }

                    Kind::Knecht => {
                        if is_castle(to) {
                            continue;
                        }
                        if target_is_enemy && !superior(to) {
                            continue;
                        }
                        // Forward from rank 5 to rank 6 (Black: 4 to 3) -> Ver Knecht.
                        let (r5, r6) = match side {
                            Color::White => (4, 5),
                            Color::Black => (3, 2),
                        };
                        let promotion = if rank_of(from) == r5 && rank_of(to) == r6 {
                            Some(Kind::VerKnecht)
                        } else {
                            None
                        };
                        push(from, to, promotion, target_is_enemy, false, false);
                    }

                    Kind::VerKnecht => {
                        if is_castle(to) {
                            // Only: one step forward onto an EMPTY enemy castle
                            // square, becoming a Prince or a Konnet (limits apply).
                            let one_forward = file_of(to) == file_of(from)
                                && rank_of(to) == rank_of(from) + side.forward();
                            if is_castle_of(to, enemy) && one_forward && target.is_none() {
                                if my_konnets < 3 {
                                    push(from, to, Some(Kind::Konnet), false, false, true);
                                }
                                if my_princes < 3 {
                                    push(from, to, Some(Kind::Prince), false, false, true);
                                }
                            }
                            continue;
                        }
                        if target_is_enemy && !superior(to) {
                            continue;
                        }
                        if rank_of(to) == far_rank(side) {
                            // a8 b8 g8 h8 (Black: a1 b1 g1 h1): must choose.
                            let mut choices = vec![Kind::Ritter, Kind::Scout];
                            if my_princes < 3 {
                                choices.push(Kind::Prince);
                            }
                            if my_konnets < 3 {
                                choices.push(Kind::Konnet);
                            }
                            for k in choices {
                                push(from, to, Some(k), target_is_enemy, false, true);
                            }
                        } else {
                            push(from, to, None, target_is_enemy, false, false);
                        }
                    }
                }
            }
        }

        moves.sort_by(|a, b| a.uci.cmp(&b.uci));
        moves
    }

    // -----------------------------------------------------------------------
    // Making a move
    // -----------------------------------------------------------------------

    /// Apply a move taken from `legal_moves()`.
    pub fn play(&self, m: &RefMove) -> RefPos {
        let mover = self.side;
        let enemy = mover.opponent();
        let (color, kind) = self.board[m.from].expect("play(): no piece on the from square");
        assert_eq!(color, mover, "play(): moving a piece of the wrong colour");

        let mut next = self.clone();
        let captured = self.board[m.to];

        if m.exchange {
            next.board[m.to] = None;
            next.board[m.from] = None;
        } else {
            next.board[m.from] = None;
            next.board[m.to] = Some((mover, m.promotion.unwrap_or(kind)));
        }

        // Using the Prince -> Konnet right clears it.
        if kind == Kind::Prince && m.promotion == Some(Kind::Konnet) {
            next.prince_right[mover.index()] = false;
        }

        next.quiet = if m.capture || m.exchange {
            0
        } else {
            self.quiet + 1
        };
        if mover == Color::Black {
            next.fullmove = self.fullmove + 1;
        }
        next.side = enemy;

        // End of game, docs/chess-t1-rules.md §8 (1 and 2; blockade and draws are ignored here).
        let king_taken = (m.capture || m.exchange) && captured == Some((enemy, Kind::King));
        let castle_taken =
            next.royals_in_castle(enemy, mover) >= 1 && next.royals_in_castle(enemy, enemy) == 0;
        if king_taken || castle_taken {
            next.winner = Some(mover);
        }
        next
    }

    // -----------------------------------------------------------------------
    // Check (docs/chess-t1-rules.md §6)
    // -----------------------------------------------------------------------

    /// Would `side`'s opponent, were it to move now, have a legal capture or
    /// exchange of `side`'s King? False if `side` has no King.
    pub fn in_check(&self, side: Color) -> bool {
        let Some(k) = self.king_square(side) else {
            return false;
        };
        self.moves_for(side.opponent())
            .iter()
            .any(|m| m.to == k && (m.capture || m.exchange))
    }
}

/// Number of leaf positions `depth` plies deep.
pub fn perft(pos: &RefPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for m in pos.legal_moves() {
        total += perft(&pos.play(&m), depth - 1);
    }
    total
}
