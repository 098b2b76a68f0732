//! `kibitzer dd FILE.pbn`: the analysis of every deal, one line a deal or one JSON array (the
//! rows also serve the Python API's `kibitzer.dd`).

use super::solver::{analyse, boards, dd_tricks_string, side_score};

/// `kibitzer dd`: the analysis of every deal, as text or JSON.
#[derive(clap::Args)]
pub struct DdArgs {
    /// PBN files (compressed ones too).
    #[arg(required = true)]
    pub paths: Vec<std::path::PathBuf>,
    /// `text`: one line a deal; `json`: one JSON array.
    #[arg(long, value_enum, default_value_t = DdFormat::Text)]
    pub format: DdFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DdFormat {
    Text,
    Json,
}

pub fn run(args: DdArgs) -> std::process::ExitCode {
    use std::io::Write;
    let mut rows = Vec::new();
    let mut out = std::io::stdout().lock();
    for path in &args.paths {
        let bytes = match crate::compressed::read_whole(path) {
            Ok(b) => b,
            Err(e) => return crate::cli::trouble(&e),
        };
        let text = kibitzer_syntax::text::decode_owned(bytes).text;
        match args.format {
            DdFormat::Text => {
                let boards = boards(&text);
                let analyses = analyse(&boards);
                for (board, analysis) in boards.iter().zip(&analyses) {
                    let number = board.game.value("Board").unwrap_or("");
                    let tricks = dd_tricks_string(&analysis.table);
                    let par = side_score(analysis.par_score);
                    let _ = writeln!(
                        out,
                        "{}: board {number}: DoubleDummyTricks {tricks}, par {par} ({})",
                        path.display(),
                        analysis.par_contracts.join(", ")
                    );
                }
            }
            DdFormat::Json => rows.extend(json_rows(&text).into_iter().map(|mut row| {
                row.insert("path".to_owned(), path.display().to_string().into());
                row
            })),
        }
    }
    if args.format == DdFormat::Json {
        let _ = serde_json::to_writer_pretty(&mut out, &rows);
        let _ = writeln!(out);
    }
    std::process::ExitCode::SUCCESS
}

/// The analysis of every deal of `text` as `kibitzer dd --format json` prints it, less the
/// file's path (the Python API's `kibitzer.dd` returns these).
pub fn json_rows(text: &str) -> Vec<serde_json::Map<String, serde_json::Value>> {
    json_rows_with(text, &mut |_| true)
}

/// [`json_rows`], solved a batch of deals at a time, `go_on` told how many are solved after
/// each batch: it stops the analysis (with the rows solved so far) by returning false.
pub fn json_rows_with(
    text: &str,
    go_on: &mut dyn FnMut(usize) -> bool,
) -> Vec<serde_json::Map<String, serde_json::Value>> {
    let boards = boards(text);
    // A batch keeps every core of the solver busy and lets a caller stop within one batch.
    let batch = 4 * std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut analyses = Vec::with_capacity(boards.len());
    for part in boards.chunks(batch) {
        analyses.extend(analyse(part));
        if !go_on(analyses.len()) {
            break;
        }
    }
    boards
        .iter()
        .zip(&analyses)
        .map(|(board, analysis)| {
            let fields = [
                ("board", board.game.value("Board").unwrap_or("").into()),
                ("deal", board.game.value("Deal").into()),
                ("dealer", board.game.value("Dealer").into()),
                ("vulnerable", board.game.value("Vulnerable").into()),
                ("double_dummy_tricks", dd_tricks_string(&analysis.table).into()),
                ("par_score_ns", analysis.par_score.into()),
                ("par_contracts", analysis.par_contracts.clone().into()),
            ];
            fields.into_iter().map(|(key, value): (&str, serde_json::Value)| (key.to_owned(), value)).collect()
        })
        .collect()
}
