//! `textDocument/codeLens`: *Show board* above each PGN game and PBN deal, running the client
//! command `kibitzer.showBoard` with `{ uri, position }` (the game's first line). The editor
//! extension implements the command; the server only offers it. Above a PBN game with a deal,
//! a second lens *Open in BBO handviewer* runs `vscode.open` on the board's handviewer link
//! ([`kibitzer_syntax::lin::handviewer`]; a game without Deal and Dealer that plays the previous
//! game's deal, PBN702's reading, links to that deal): the client opens it, the server writes
//! nothing.

use super::super::document::Snapshot;
use super::super::state::RequestSettings;
use super::super::views;
use super::{unit_at, DocumentRequest};
use kibitzer_syntax::lin::handviewer;
use kibitzer_syntax::Lang;
use tower_lsp_server::ls_types::request::CodeLensRequest;
use tower_lsp_server::ls_types::{CodeLens, CodeLensParams, Command, Range, Uri};

pub const SHOW_BOARD: &str = "kibitzer.showBoard";
/// The client's command opening a link (VS Code's built-in; other clients map it or show the title).
pub const OPEN_LINK: &str = "vscode.open";

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
    let pos = s.positions();
    let mut lenses = Vec::new();
    for game in views::symbols(s) {
        let at = game.range.start;
        let lens = |title: &str, command: &str, argument: serde_json::Value| CodeLens {
            range: Range { start: at, end: at },
            command: Some(Command {
                title: title.to_owned(),
                command: command.to_owned(),
                arguments: Some(vec![argument]),
            }),
            data: None,
        };
        lenses.push(lens("Show board", SHOW_BOARD, serde_json::json!({ "uri": s.uri.as_str(), "position": at })));
        if s.lang == Lang::Pbn {
            let offset = pos.offset(at);
            let previous = super::previous_deal_at(s, offset);
            let link = unit_at(s, offset).and_then(|(_, text)| handviewer::url_of_pbn_after(&text, &previous));
            if let Some(url) = link {
                lenses.push(lens("Open in BBO handviewer", OPEN_LINK, serde_json::Value::String(url)));
            }
        }
    }
    lenses
}
