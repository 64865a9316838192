//! Прорыв on the core's board pictures: the corner squares (no rook may stand there), the Kings'
//! homes, the pieces and, on request, the zones as arrows with Botvinnik's labels (roots solid,
//! negations and their answers dashed).

use crate::zones::Zone;
use crate::{NAME, Position};
use zonal_board::{Shape, Side};
use zonal_core::picture::{Picture, PieceMark, Special, zone_arrows};

/// The picture of `pos` with the `zones` given (none: the board alone).
pub fn picture(pos: &Position, zones: &[Zone]) -> Picture {
    let name = |sq: u8| Shape::EIGHT.name(u32::from(sq));
    let mut pieces = Vec::new();
    for side in Side::BOTH {
        let colour = if side == Side::White {
            "white"
        } else {
            "black"
        };
        let king = pos.king(side);
        pieces.push(PieceMark {
            square: u32::from(king),
            side,
            letter: 'K',
            title: format!("{colour} King {}", name(king)),
            badge: None,
            royal: true,
        });
        let mut rooks = pos.rooks(side);
        while rooks != 0 {
            let sq = rooks.trailing_zeros() as u8;
            rooks &= rooks - 1;
            pieces.push(PieceMark {
                square: u32::from(sq),
                side,
                letter: 'R',
                title: format!("{colour} rook {}", name(sq)),
                badge: None,
                royal: false,
            });
        }
    }
    let arrows = zone_arrows(
        zones,
        |sq| Shape::EIGHT.name(sq),
        |sq| crate::zones::piece_name(pos, sq).to_string(),
    );
    let in_hand = if pos.in_placement() {
        format!(
            "; in hand White {}, Black {}",
            pos.hand(Side::White),
            pos.hand(Side::Black)
        )
    } else {
        String::new()
    };
    Picture {
        shape: Shape::EIGHT,
        title: format!("{NAME}: {pos}{in_hand}"),
        specials: vec![
            Special {
                squares: vec![
                    u32::from(Position::home(Side::White)),
                    u32::from(Position::home(Side::Black)),
                ],
                fill: "#9fc5a8".into(),
                name: "a King's home: the other King's target".into(),
            },
            Special {
                squares: vec![1, 8, 9, 54, 55, 62],
                fill: "#b8b8b8".into(),
                name: "corner square: no rook may stand there".into(),
            },
        ],
        pieces,
        arrows,
        notes: {
            let mut notes = vec!["K King (gold ring), R rook".to_string()];
            if pos.in_placement() {
                notes.push(format!(
                    "rooks in hand: white {}, black {} (dropped first)",
                    pos.hand(Side::White),
                    pos.hand(Side::Black)
                ));
            }
            notes
        },
    }
}
