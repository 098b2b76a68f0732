//! Mutation test of EPD (issue 32, part 2, after the PBN one in pbn_mutation.rs): from clean EPD
//! records, plant exactly one fault of one kind and check that the checker reports exactly one
//! diagnostic, on the fault's line, with the kind's code.
//!
//! The clean records are generated here (random legal positions reached from a few starts,
//! with `bm`, `am`, `pm`, `pv`, `id`, `ce`, `c0` operations written from the position), plus
//! the records of `../shared/corpus/epd` that check clean (skipped with a message when the
//! corpus is absent). The count is bounded and the RNG seeded; the counts per fault kind are
//! printed (`cargo test --test suites epd_mutation:: -- --nocapture`).

use cozy_chess::{Board, Move};
use kibitzer_syntax::text::{decode, ColumnUnit, LineIndex};
use kibitzer_syntax::{check, CheckOptions, Diagnostic, Lang};
use kibitzer_tests::Rng;
use std::collections::BTreeMap;

/// Generated records.
const GENERATED: usize = 300;
/// Corpus records used at most.
const FROM_CORPUS: usize = 300;

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq -",
];

fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|list| {
        moves.extend(list);
        false
    });
    moves
}

/// The SAN of a legal move, as kibitzer writes it (its own writer: what a clean record holds).
fn san(board: &Board, mv: Move) -> String {
    let mut after = board.clone();
    after.play_unchecked(mv);
    kibitzer_syntax::chess::san::canonical(board, mv, &after).to_string()
}

/// The four EPD fields of a board (cozy-chess writes six FEN fields).
fn epd_fields(board: &Board) -> String {
    let fen = format!("{board}");
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// A clean record: a position some random plies from a start, with operations written from it.
fn generated(rng: &mut Rng, n: usize) -> Option<String> {
    let mut board: Board = format!("{} 0 1", STARTS[n % STARTS.len()]).parse().unwrap();
    for _ in 0..rng.below(12) {
        let moves = legal_moves(&board);
        if moves.is_empty() {
            break;
        }
        board.play_unchecked(moves[rng.below(moves.len())]);
    }
    let moves = legal_moves(&board);
    if moves.len() < 2 {
        return None;
    }
    let best = moves[rng.below(moves.len())];
    let avoid = moves.iter().copied().find(|m| *m != best)?;
    let mut after = board.clone();
    after.play_unchecked(best);
    let reply = legal_moves(&after).first().map(|m| san(&after, *m));
    let pv = match reply {
        Some(reply) => format!("{} {reply}", san(&board, best)),
        None => san(&board, best),
    };
    Some(format!(
        "{} am {}; bm {}; c0 \"generated {n}\"; ce {}; id \"gen.{n}\"; pm {}; pv {pv};",
        epd_fields(&board),
        san(&board, avoid),
        san(&board, best),
        rng.below(600) as i64 - 300,
        san(&board, best),
    ))
}

/// A fault: its name, the code it must raise, and how it changes a clean record (`None` when
/// the record has nothing to change).
type Plant = fn(&str, &mut Rng) -> Option<String>;

fn kinds() -> Vec<(&'static str, &'static str, Plant)> {
    vec![
        ("last `;` dropped", "EPD001", |line, _| line.strip_suffix(';').map(str::to_owned)),
        ("text after the record", "EPD005", |line, _| Some(format!("{line} hello world"))),
        ("a move number after the record", "EPD003", |line, _| Some(format!("{line} 1.e4"))),
        ("`$` before an opcode", "EPD003", |line, _| {
            let at = line.rfind("; ")? + 2;
            Some(format!("{}${}", &line[..at], &line[at..]))
        }),
        ("a `;` between operations dropped", "EPD001", |line, _| {
            let at = line.find("; ")?;
            Some(format!("{}{}", &line[..at], &line[at + 1..]))
        }),
        ("the active colour misspelt", "FEN004", |line, _| {
            let at = line.find(' ')?;
            let colour = line.get(at..at + 3).filter(|c| *c == " w " || *c == " b ")?;
            Some(format!("{}{}{}", &line[..at], colour.replace(['w', 'b'], "x"), &line[at + 3..]))
        }),
        ("a `;` doubled", "EPD013", |line, _| Some(format!("{line};"))),
        ("an opcode repeated", "EPD004", |line, _| {
            let id = line.find(" id \"")?;
            line[id..].find(';')?;
            Some(format!("{line} id \"again\";"))
        }),
        ("an integer out of range", "EPD007", |line, _| {
            let ce = line.find(" ce ")? + 4;
            let end = ce + line[ce..].find(';')?;
            Some(format!("{}40000{}", &line[..ce], &line[end..]))
        }),
        ("a string unquoted", "EPD008", |line, _| Some(format!("{line} c9 unquoted;"))),
        ("an unknown opcode", "EPD005", |line, _| Some(format!("{line} bestmove e4;"))),
        ("a move no reading makes legal", "EPD009", |line, _| Some(format!("{line} sm Kxa9;"))),
    ]
}

fn check_epd(text: &str) -> Vec<Diagnostic> {
    check(Lang::Epd, text, &CheckOptions::default())
}

/// Clean records of the corpus: each line of each EPD file that checks clean alone.
fn corpus_records() -> Vec<String> {
    let Some(dir) = kibitzer_tests::corpus("epd") else {
        eprintln!("epd_mutation: no corpus at ../shared/corpus/epd, generated records only");
        return Vec::new();
    };
    let files = kibitzer_tests::files_under(&dir, |p| p.extension().is_some_and(|e| e == "epd"));
    let mut out = Vec::new();
    for file in files {
        let text = decode(&std::fs::read(&file).unwrap()).text;
        for line in text.lines() {
            let line = line.trim_end();
            // Records that end with `;` and check clean alone.
            if line.ends_with(';') && !line.contains('\t') && check_epd(&format!("{line}\n")).is_empty() {
                out.push(line.to_owned());
            }
        }
    }
    out
}

#[test]
fn one_planted_fault_is_one_diagnostic_on_its_line() {
    let mut rng = Rng::new(0x5eed_e9d0);
    let mut records: Vec<String> = (0..GENERATED).filter_map(|n| generated(&mut rng, n)).collect();
    for record in &records {
        assert_eq!(check_epd(&format!("{record}\n")), Vec::new(), "a generated record is clean: {record}");
    }
    let mut corpus = corpus_records();
    if corpus.len() > FROM_CORPUS {
        // An even sample over the files.
        let step = corpus.len() / FROM_CORPUS;
        corpus = corpus.into_iter().step_by(step).take(FROM_CORPUS).collect();
    }
    records.extend(corpus);
    assert!(records.len() >= GENERATED / 2, "{} records", records.len());
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, record) in records.iter().enumerate() {
        for (name, code, plant) in kinds() {
            let Some(faulty) = plant(record, &mut rng) else { continue };
            // The faulty record between two clean ones: the fault stays on its line.
            let before = &records[(i + 1) % records.len()];
            let after = &records[(i + 2) % records.len()];
            let text = format!("{before}\n{faulty}\n{after}\n");
            let found = check_epd(&text);
            let index = LineIndex::new(&text);
            let lines: Vec<u32> =
                found.iter().map(|d| index.line_col(&text, d.range.start(), ColumnUnit::Utf8).line).collect();
            let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
            assert!(
                found.len() == 1 && lines == [1] && codes == [code],
                "{name}: expected one {code} on line 2, found {codes:?} on lines {lines:?}\n{faulty}\n{found:#?}"
            );
            *counts.entry(name).or_default() += 1;
        }
    }
    for (name, count) in &counts {
        println!("{count:>5} {name}");
    }
    assert_eq!(counts.len(), kinds().len(), "every kind planted: {counts:?}");
}
