//! `textDocument/codeLens`: *Show board* above each PGN game and PBN deal, running the client
//! command `kibitzer.showBoard` with `{ uri, position }` (the game's first line). The editor
//! extension implements the command; the server only offers it.

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::super::views;
use super::DocumentRequest;
use kibitzer_syntax::Lang;
use tower_lsp_server::ls_types::request::CodeLensRequest;
use tower_lsp_server::ls_types::{CodeLens, CodeLensParams, Command, Range, Uri};

pub const SHOW_BOARD: &str = "kibitzer.showBoard";

impl DocumentRequest for CodeLensRequest {
    fn document(params: &CodeLensParams) -> &Uri {
        &params.text_document.uri
    }

    fn answer(s: &Snapshot, _: CodeLensParams, _: RequestSettings) -> Option<Vec<CodeLens>> {
        Some(code_lenses(s))
    }
}

fn code_lenses(s: &Snapshot) -> Vec<CodeLens> {
    if !matches!(s.lang, Lang::Pgn | Lang::Pbn) {
        return Vec::new();
    }
    views::symbols(s)
        .into_iter()
        .map(|game| {
            let at = game.range.start;
            CodeLens {
                range: Range { start: at, end: at },
                command: Some(Command {
                    title: "Show board".to_owned(),
                    command: SHOW_BOARD.to_owned(),
                    arguments: Some(vec![serde_json::json!({ "uri": s.uri.as_str(), "position": at })]),
                }),
                data: None,
            }
        })
        .collect()
}
