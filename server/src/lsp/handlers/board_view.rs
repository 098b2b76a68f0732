//! The `kibitzer/boardView` request: the pictures of the game, deal or position at the cursor,
//! a frame per move or trick, for a board panel beside the editor (the VS Code extension's
//! *kibitzer: Show Board*; any client can use it, editors/README.md documents it).

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::{unit_at, DocumentRequest};
use kibitzer_syntax::ide::board_view::{self, BoardView};
use kibitzer_syntax::TextSize;
use serde::{Deserialize, Serialize};
use tower_lsp_server::ls_types::request::Request;
use tower_lsp_server::ls_types::{Position, Range, TextDocumentIdentifier, Uri};

/// The request, kibitzer's own.
pub enum BoardViewRequest {}

impl Request for BoardViewRequest {
    type Params = BoardViewParams;
    type Result = Option<BoardViewResult>;
    const METHOD: &'static str = "kibitzer/boardView";
}

impl DocumentRequest for BoardViewRequest {
    fn document(params: &BoardViewParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, params: BoardViewParams, _: RequestSettings) -> Option<BoardViewResult> {
        board_view(s, params.position)
    }
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardViewParams {
    pub text_document: TextDocumentIdentifier,
    pub position: Position,
}

/// The answer: `null` where there is nothing to show.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardViewResult {
    /// "White – Black", "Board 7", "EPD line 3".
    pub title: String,
    /// The index in `frames` of the frame the position is on.
    pub current: usize,
    pub frames: Vec<FrameJson>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameJson {
    /// "12... Nf6", "Trick 3", "Start", "Deal".
    pub label: String,
    /// Where the frame's move, trick or record is: a client moves the cursor there when the
    /// user steps to the frame.
    pub range: Range,
    /// The picture as a text diagram, for clients that cannot show SVG.
    pub text: String,
    /// The picture as SVG: the board, or the four hands.
    pub svg: Option<String>,
    /// For a trick, the trick as SVG (its cards, leader and winner).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trick_svg: Option<String>,
    /// The position as FEN, for chess frames.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
}

fn board_view(s: &Snapshot, position: Position) -> Option<BoardViewResult> {
    let pos = s.positions();
    let offset = pos.offset(position);
    let (unit, text) = unit_at(s, offset)?;
    let view: BoardView = board_view::board_view(s.lang, &text, TextSize::from(offset as u32) - unit.start())?;
    let frames = view
        .frames
        .iter()
        .map(|frame| {
            let mut svgs = board_view::frame_svg(frame).into_iter();
            FrameJson {
                label: frame.label.clone(),
                range: pos.range(frame.range + unit.start()),
                text: board_view::frame_text(frame),
                svg: svgs.next(),
                trick_svg: svgs.next(),
                fen: match &frame.picture {
                    board_view::Picture::Chess(c) => Some(c.fen.clone()),
                    board_view::Picture::Bridge(_) => None,
                },
            }
        })
        .collect();
    Some(BoardViewResult { title: view.title, current: view.current, frames })
}
