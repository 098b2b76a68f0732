//! `peer-pgn-reader FILE…`: reads every game with pgn-reader and replays its main line with
//! shakmaty (from the FEN tag when there is one), counting games, moves and illegal moves.
//! A benchmark peer for bench/compare-pgn.sh.

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};
use std::ops::ControlFlow;

#[derive(Default)]
struct Totals {
    games: u64,
    moves: u64,
    illegal: u64,
}

struct Replayer<'a> {
    totals: &'a mut Totals,
}

struct Line {
    position: Option<Chess>,
}

impl Visitor for Replayer<'_> {
    type Tags = Option<Chess>;
    type Movetext = Line;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let start = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
            *tags = Some(start.unwrap_or_default());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Line { position: Some(tags.unwrap_or_default()) })
    }

    fn begin_variation(&mut self, _movetext: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, line: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if let Some(position) = line.position.take() {
            match san_plus.san.to_move(&position) {
                Ok(m) => {
                    self.totals.moves += 1;
                    line.position = Some(position.play(m).expect("a legal move plays"));
                }
                Err(_) => self.totals.illegal += 1,
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _movetext: Self::Movetext) -> Self::Output {
        self.totals.games += 1;
    }
}

fn main() -> std::io::Result<()> {
    let mut totals = Totals::default();
    for path in std::env::args().skip(1) {
        let mut reader = Reader::new(std::fs::File::open(&path)?);
        while reader.read_game(&mut Replayer { totals: &mut totals })?.is_some() {}
    }
    println!("{} games, {} moves, {} illegal", totals.games, totals.moves, totals.illegal);
    Ok(())
}
