//! `kibitzer dd FILE.pbn`: the analysis of every deal, one line a deal or one JSON array (the
//! rows also serve the Python API's `kibitzer.dd`).

use super::solver::{analyse, boards, dd_tricks_string, side_score};
use std::sync::Arc;

/// `kibitzer dd`: the analysis of every deal, as text or JSON.
#[derive(clap::Args)]
pub struct DdArgs {
    /// PBN files (compressed ones too).
    #[arg(required = true)]
    pub paths: Vec<std::path::PathBuf>,
    /// `text`: one line a deal; `json`: one JSON array.
    #[arg(long, value_enum, default_value_t = DdFormat::Text)]
    pub format: DdFormat,
    /// Neither read nor keep solved deals in the cache (`kibitzer clean` removes it).
    #[arg(long)]
    pub no_cache: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DdFormat {
    Text,
    Json,
}

pub fn run(args: DdArgs) -> std::process::ExitCode {
    use std::io::Write;
    if args.no_cache {
        super::store::disable();
    }
    let bar = super::progress::solving_bar();
    // The deals of every file queued at once: all cores busy from the first file to the last.
    let _ahead = super::ahead::read_ahead(args.paths.clone(), super::ahead::Deals::All);
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
    drop(bar);
    super::queue::report_counts();
    std::process::ExitCode::SUCCESS
}

/// The analysis of every deal of `text` as `kibitzer dd --format json` prints it, less the
/// file's path.
pub fn json_rows(text: &str) -> Vec<serde_json::Map<String, serde_json::Value>> {
    let never = std::sync::atomic::AtomicBool::new(false);
    json_rows_unless(text, &never).unwrap_or_default()
}

/// [`json_rows`], or `None` soon after `cancelled` is set (the Python API's `kibitzer.dd`,
/// which Ctrl-C interrupts): the deals not solved yet then leave the queue.
pub fn json_rows_unless(
    text: &str,
    cancelled: &std::sync::atomic::AtomicBool,
) -> Option<Vec<serde_json::Map<String, serde_json::Value>>> {
    let boards = boards(text);
    let keys: Vec<_> = boards.iter().map(|b| b.key).collect();
    let _wanted = super::solver::want(&keys);
    let analyses =
        keys.iter().map(|k| super::solver::solved().solve_unless(k, cancelled)).collect::<Option<Vec<_>>>()?;
    Some(rows_of(&boards, &analyses))
}

/// [`json_rows`], `go_on` told how many deals are solved after each: it stops the analysis
/// (with the rows solved so far) by returning false. The deals are all queued at once, so every
/// core solves them while they are awaited in order.
pub fn json_rows_with(
    text: &str,
    go_on: &mut dyn FnMut(usize) -> bool,
) -> Vec<serde_json::Map<String, serde_json::Value>> {
    let boards = boards(text);
    let keys: Vec<_> = boards.iter().map(|b| b.key).collect();
    let _wanted = super::solver::want(&keys);
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut analyses = Vec::with_capacity(keys.len());
    for key in &keys {
        match super::solver::solved().solve_unless(key, &never) {
            Some(analysis) => analyses.push(analysis),
            None => break,
        }
        if !go_on(analyses.len()) {
            break;
        }
    }
    rows_of(&boards[..analyses.len()], &analyses)
}

/// The rows of `kibitzer dd --format json` (less the path) of `boards` and their analyses.
fn rows_of(
    boards: &[super::solver::Board<'_>],
    analyses: &[Arc<super::solver::Analysis>],
) -> Vec<serde_json::Map<String, serde_json::Value>> {
    boards
        .iter()
        .zip(analyses)
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
