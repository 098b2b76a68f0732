//! Mutation test of PBI (issue 32, part 2, after pbn_mutation.rs and epd_mutation.rs): from
//! clean data lines, plant exactly one fault of one kind and check that the checker reports
//! exactly one diagnostic, on the fault's line, with the kind's code.
//!
//! The clean lines are generated here (positions some random plies from the start, White to
//! move, every field used) plus the data lines of `fixtures/pbi/clean/version-1.2.pbi`. The
//! count is bounded and the RNG seeded; the counts per kind are printed
//! (`cargo test --test suites pbi_mutation:: -- --nocapture`).

use cozy_chess::{Board, Color, Piece, Square};
use kibitzer_syntax::text::{ColumnUnit, LineIndex};
use kibitzer_syntax::{check, CheckOptions, Diagnostic, Lang};
use kibitzer_tests::Rng;
use std::collections::BTreeMap;

const GENERATED: usize = 200;

/// The position field of a board: Forsyth with S for knights.
fn forsyth(board: &Board) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let square = Square::index(rank * 8 + file);
            match (board.piece_on(square), board.color_on(square)) {
                (Some(piece), Some(color)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let letter = match piece {
                        Piece::Pawn => 'P',
                        Piece::Knight => 'S',
                        Piece::Bishop => 'B',
                        Piece::Rook => 'R',
                        Piece::Queen => 'Q',
                        Piece::King => 'K',
                    };
                    out.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn generated(rng: &mut Rng, n: usize) -> String {
    let mut board = Board::default();
    let plies = 2 * rng.below(6);
    for _ in 0..plies {
        let mut moves = Vec::new();
        board.generate_moves(|list| {
            moves.extend(list);
            false
        });
        if moves.is_empty() {
            break;
        }
        board.play_unchecked(moves[rng.below(moves.len())]);
    }
    format!(
        "A. Composer {n};B. Composer:{}:#{}:{n}|Imaginary Review|19{:02}|{}:|Another Gazette|1902|3:1|1st Prize|Tourney {n}|1900:Rh8+:!:problem {n}",
        forsyth(&board),
        1 + rng.below(4),
        rng.below(100),
        1 + rng.below(99),
    )
}

type Plant = fn(&str, &mut Rng) -> Option<String>;

fn kinds() -> Vec<(&'static str, &'static str, Plant)> {
    vec![
        ("a `:` dropped", "PBI005", |line, rng| {
            let colons: Vec<usize> = line.match_indices(':').map(|(i, _)| i).collect();
            let at = colons[rng.below(colons.len())];
            Some(format!("{}{}", &line[..at], &line[at + 1..]))
        }),
        ("a `:` too many in the comment", "PBI005", |line, _| Some(format!("{line}: more"))),
        ("a bad escape in the comment", "PBI006", |line, _| Some(format!("{line} \\q"))),
        ("a letter that is no piece", "PBI011", |line, _| {
            let start = line.find(':')? + 1;
            let field = &line[start..start + line[start..].find(':')?];
            let at = start + field.find('1')?;
            Some(format!("{}X{}", &line[..at], &line[at + 1..]))
        }),
        ("an undefined status", "PBI015", |line, _| {
            let at = line.rfind(':')?;
            let status = line[..at].rfind(':')? + 1;
            Some(format!("{}ok{}", &line[..status], &line[at..]))
        }),
        ("an empty name", "PBI010", |line, _| {
            let names = &line[..line.find(':')?];
            (!names.is_empty()).then(|| format!(";{line}"))
        }),
        ("an empty line after it", "PBI008", |line, _| Some(format!("{line}\n"))),
    ]
}

fn check_pbi(text: &str) -> Vec<Diagnostic> {
    check(Lang::Pbi, text, &CheckOptions::default())
}

#[test]
fn one_planted_fault_is_one_diagnostic_on_its_line() {
    let mut rng = Rng::new(0x9b1_5eed);
    let mut lines: Vec<String> = (0..GENERATED).map(|n| generated(&mut rng, n)).collect();
    let fixture = std::fs::read_to_string(kibitzer_tests::fixtures("pbi").join("clean/version-1.2.pbi")).unwrap();
    lines.extend(fixture.lines().filter(|l| !l.starts_with(['#', '\u{feff}'])).map(str::to_owned));
    let wrap = |body: &str| format!("\u{feff}#PBI 1.2\n{body}\n");
    for line in &lines {
        assert_eq!(check_pbi(&wrap(line)), Vec::new(), "a clean line is clean: {line}");
    }
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        for (name, code, plant) in kinds() {
            let Some(faulty) = plant(line, &mut rng) else { continue };
            let before = &lines[(i + 1) % lines.len()];
            let after = &lines[(i + 2) % lines.len()];
            let text = wrap(&format!("{before}\n{faulty}\n{after}"));
            let found = check_pbi(&text);
            let index = LineIndex::new(&text);
            let at: Vec<u32> =
                found.iter().map(|d| index.line_col(&text, d.range.start(), ColumnUnit::Utf8).line).collect();
            let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
            // The fault's line is the third (0-based 2); an empty line after it is the fourth.
            let line_of_fault = if code == "PBI008" { 3 } else { 2 };
            assert!(
                found.len() == 1 && at == [line_of_fault] && codes == [code],
                "{name}: expected one {code} on line {}, found {codes:?} on lines {at:?}\n{faulty}\n{found:#?}",
                line_of_fault + 1
            );
            *counts.entry(name).or_default() += 1;
        }
    }
    for (name, count) in &counts {
        println!("{count:>5} {name}");
    }
    assert_eq!(counts.len(), kinds().len(), "every kind planted: {counts:?}");
}
