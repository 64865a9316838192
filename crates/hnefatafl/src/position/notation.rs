//! The position string: a position written and read (`FromStr`, with the column of what is wrong).

use super::*;

impl fmt::Display for Position {
    /// The position string (§10.4); the counters are written unless they are 0 and 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.placement(),
            if self.side == ATTACKERS { 'a' } else { 'd' },
            self.rules.variant().name()
        )?;
        if self.quiet != 0 || self.move_number != 1 {
            write!(f, " {} {}", self.quiet, self.move_number)?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Position, PositionError> {
        let err = |field: &'static str, column: usize, reason: String| PositionError {
            field,
            column,
            reason,
        };
        // Fields with their 1-based columns (characters).
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (i, (b, c)) in text.char_indices().enumerate() {
            if c == ' ' {
                if let Some((col, s)) = start.take() {
                    fields.push((col, &text[s..b]));
                }
            } else if start.is_none() {
                start = Some((i + 1, b));
            }
        }
        if let Some((col, s)) = start {
            fields.push((col, &text[s..]));
        }
        if !(3..=5).contains(&fields.len()) {
            return Err(err(
                "fields",
                1,
                format!(
                    "expected <placement> <side> <ruleset> [<quiet-plies> [<move-number>]], found {} fields",
                    fields.len()
                ),
            ));
        }
        let (pcol, placement) = fields[0];
        // Placement.
        let ranks: Vec<&str> = placement.split('/').collect();
        let n = ranks.len() as u32;
        if n != 9 && n != 11 {
            return Err(err(
                "placement",
                pcol,
                format!("a board has 9 or 11 ranks, found {n}"),
            ));
        }
        let (mut attackers, mut defenders, mut kings) = (0u128, 0u128, Vec::new());
        let mut col = pcol;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = n - 1 - i as u32;
            let mut file = 0u32;
            let mut chars = rank_text.chars().peekable();
            while let Some(c) = chars.next() {
                let here = col;
                col += 1;
                match c {
                    '1'..='9' => {
                        let mut run = c as u32 - '0' as u32;
                        if let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                            chars.next();
                            col += 1;
                            run = run * 10 + (d as u32 - '0' as u32);
                        }
                        if run > n {
                            return Err(err(
                                "placement",
                                here,
                                format!("a run of {run} empty squares on a board {n} wide"),
                            ));
                        }
                        file += run;
                    }
                    'a' | 'd' | 'k' => {
                        if file >= n {
                            return Err(err(
                                "placement",
                                here,
                                format!("rank {} has more than {n} squares", rank + 1),
                            ));
                        }
                        let sq = rank * n + file;
                        match c {
                            'a' => attackers |= 1u128 << sq,
                            'd' => defenders |= 1u128 << sq,
                            _ => kings.push((sq, here)),
                        }
                        file += 1;
                    }
                    other => {
                        return Err(err(
                            "placement",
                            here,
                            format!("expected a, d, k, a number or '/', found {other:?}"),
                        ));
                    }
                }
            }
            if file != n {
                return Err(err(
                    "placement",
                    col.saturating_sub(1).max(pcol),
                    format!("rank {} has {file} squares, not {n}", rank + 1),
                ));
            }
            col += 1; // the '/'
        }
        // Side.
        let (scol, side) = fields[1];
        let side = match side {
            "a" => ATTACKERS,
            "d" => DEFENDERS,
            other => {
                return Err(err(
                    "side",
                    scol,
                    format!("expected a or d, found {:?}", moves::clip(other)),
                ));
            }
        };
        // Ruleset.
        let (rcol, rules) = fields[2];
        let variant = Variant::parse(rules).ok_or_else(|| {
            err(
                "ruleset",
                rcol,
                format!(
                    "expected seed or copenhagen, found {:?}",
                    moves::clip(rules)
                ),
            )
        })?;
        let rules = Ruleset::new(variant, n).ok_or_else(|| {
            err(
                "ruleset",
                rcol,
                format!("{} is played on 11x11 only", variant.name()),
            )
        })?;
        // Counters.
        let counter = |i: usize, field: &'static str, min: u32| -> Result<u32, PositionError> {
            match fields.get(i) {
                None => Ok(min),
                Some(&(c, t)) => {
                    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(err(
                            field,
                            c,
                            format!("expected a number, found {:?}", moves::clip(t)),
                        ));
                    }
                    let v: u32 = t.parse().map_err(|_| {
                        err(
                            field,
                            c,
                            format!(
                                "{} is too large (at most {})",
                                moves::clip_number(t),
                                u32::MAX
                            ),
                        )
                    })?;
                    if v < min {
                        return Err(err(field, c, format!("must be at least {min}")));
                    }
                    Ok(v)
                }
            }
        };
        let quiet = counter(3, "quiet-plies", 0)?;
        let move_number = counter(4, "move-number", 1)?;
        // Checks.
        let g = Geometry::of(n);
        let king = match kings.as_slice() {
            [(sq, _)] => *sq,
            [] => return Err(err("placement", pcol, "there is no king".into())),
            [_, (_, c), ..] => return Err(err("placement", *c, "a second king".into())),
        };
        let at = |set: u128| {
            // Column of the first square of `set`, as written.
            let sq = set.trailing_zeros();
            column_of(placement, n, sq).map_or(pcol, |c| pcol + c)
        };
        if (attackers | defenders) & g.corners != 0 {
            return Err(err(
                "placement",
                at((attackers | defenders) & g.corners),
                "only the king may stand on a corner".into(),
            ));
        }
        if g.corners & 1u128 << king != 0 {
            return Err(err(
                "placement",
                kings[0].1,
                "the king on a corner: the game is over".into(),
            ));
        }
        if rules.is_copenhagen() && (attackers | defenders) & g.throne != 0 {
            return Err(err(
                "placement",
                at(g.throne),
                "in copenhagen only the king may stand on the throne".into(),
            ));
        }
        let mut p = Position {
            attackers,
            defenders,
            king: king as u8,
            side,
            rules,
            quiet,
            move_number,
            hash: 0,
            decided: Decided::No,
        };
        p.hash = p.compute_hash();
        Ok(p)
    }
}

/// The 0-based column, within the placement field, of the character that describes square `sq`.
pub(super) fn column_of(placement: &str, n: u32, sq: u32) -> Option<usize> {
    let (want_rank, want_file) = (sq / n, sq % n);
    let mut col = 0;
    for (i, rank_text) in placement.split('/').enumerate() {
        let rank = n - 1 - i as u32;
        let mut file = 0;
        let mut chars = rank_text.chars().peekable();
        while let Some(c) = chars.next() {
            let here = col;
            col += 1;
            if c.is_ascii_digit() {
                let mut run = c as u32 - '0' as u32;
                if let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    chars.next();
                    col += 1;
                    run = run * 10 + (d as u32 - '0' as u32);
                }
                file += run;
            } else {
                if rank == want_rank && file == want_file {
                    return Some(here);
                }
                file += 1;
            }
        }
        col += 1;
    }
    None
}
