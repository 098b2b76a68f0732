//! A club's PGN games for the suites that compare games across files (`--across-files` on the
//! command line, the language server's workspace): each game the same Seven Tag Roster but for
//! White, so that two games are duplicates exactly when White and the moves are the same; and
//! four openings of six plies that no two games share by accident.

/// A game of ten lines (seven tags, a blank line, the moves, a blank line) at the club on
/// 5 January 2024, White `white` against `Brown, Alan`, unfinished (`*`).
pub fn game(white: &str, moves: &str) -> String {
    format!(
        "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.05\"]\n[Round \"1\"]\n[White \"{white}\"]\n[Black \"Brown, Alan\"]\n[Result \"*\"]\n\n{moves} *\n\n"
    )
}

pub const RUY: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
pub const QGD: &str = "1. d4 d5 2. c4 e6 3. Nc3 Nf6";
pub const ENGLISH: &str = "1. c4 c5 2. Nc3 Nc6 3. g3 g6";
pub const FRENCH: &str = "1. e4 e6 2. d4 d5 3. Nc3 Nf6";
