//! What PGC records hold: a game's tags and movetext, and the ordinals its moves are written as.

/// A game as PGC holds it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Game {
    /// Tag pairs in their order (the Seven Tag Roster among them).
    pub tags: Vec<(String, String)>,
    /// The movetext.
    pub moves: Vec<Item>,
}

/// An element of the movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A move, in canonical SAN.
    Move(String),
    /// A NAG after the move before it.
    Nag(u8),
    /// A variation on the move before it.
    Variation(Vec<Item>),
    /// A `%` escape line's text (after the `%`).
    Escape(String),
}

/// The Seven Tag Roster, in its order.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl Game {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The position the game starts from: the `FEN` tag's (standard or Chess960), else the
    /// standard start.
    pub fn start(&self) -> Result<cozy_chess::Board, String> {
        match self.tag("FEN") {
            None => Ok(cozy_chess::Board::default()),
            Some(fen) => cozy_chess::Board::from_fen(fen, false)
                .or_else(|_| cozy_chess::Board::from_fen(fen, true))
                .map_err(|_| format!("the FEN tag `{fen}` is not a valid position")),
        }
    }
}

/// The legal moves of `board` with their SAN, sorted by SAN in ASCII order: index = ordinal.
pub fn ordered_moves(board: &cozy_chess::Board) -> Vec<(String, cozy_chess::Move)> {
    let mut moves = Vec::with_capacity(48);
    board.generate_moves(|set| {
        moves.extend(set);
        false
    });
    let mut out: Vec<(String, cozy_chess::Move)> = moves
        .into_iter()
        .map(|mv| {
            let mut after = board.clone();
            after.play_unchecked(mv);
            (crate::chess::san::canonical(board, mv, &after).to_string(), mv)
        })
        .collect();
    out.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    out
}
