//! The formatter over every file of the shared corpus (skipped with a message when absent):
//! idempotent, the same units, no error in export mode in a unit that had none in import mode,
//! kept units byte for byte, and the meaning of each unit unchanged (its model, summarised per
//! format by [`meaning`]).

mod epdpbi_support;

use epdpbi_support::{corpus, files};
use kibitzer_syntax::format::{format, FormatOptions};
use kibitzer_syntax::text::decode;
use kibitzer_syntax::{check, units, CheckOptions, Lang, Mode, Severity};

fn has_error(lang: Lang, text: &str, mode: Mode) -> bool {
    let options = CheckOptions { mode, ..CheckOptions::default() };
    check(lang, text, &options).iter().any(|d| d.severity == Severity::Error)
}

/// What a unit means, as a list of strings to compare: formatting may change how it is written,
/// never this.
fn meaning(lang: Lang, unit: &str) -> Vec<String> {
    match lang {
        Lang::Epd => epd_meaning(unit),
        // Formats whose formatter keeps units as written until it lands: the text itself.
        _ => vec![unit.to_owned()],
    }
}

/// An EPD record: its fields, and its operations in opcode order with their operand values.
fn epd_meaning(unit: &str) -> Vec<String> {
    let root = kibitzer_syntax::epd::parse(unit).syntax();
    let mut out = Vec::new();
    for record in kibitzer_syntax::epd::model::records(&root, unit) {
        out.extend(record.fields.iter().map(|f| f.text.to_owned()));
        let mut operations: Vec<String> = record
            .operations
            .iter()
            .map(|o| format!("{} {:?}", o.opcode, o.operands.iter().map(|x| x.value()).collect::<Vec<_>>()))
            .collect();
        operations.sort();
        out.extend(operations);
    }
    out
}

fn run_corpus(lang: Lang) {
    let Some(dir) = corpus(lang.id()) else {
        println!("skipped: no shared {} corpus found", lang.id());
        return;
    };
    let options = FormatOptions::default();
    let mut formatted_units = 0;
    for path in files(&dir).into_iter().filter(|p| Lang::from_path(p).is_some_and(|l| l == lang) || lang == Lang::Epd) {
        let name = path.display();
        let source = decode(&std::fs::read(&path).unwrap());
        let text = &source.text;
        let formatted = format(lang, text, &options);
        let again = format(lang, &formatted.text, &options);
        assert!(again.text == formatted.text, "{name}: not idempotent");
        let before = units(lang, text);
        let after = units(lang, &formatted.text);
        assert_eq!(before.len(), after.len(), "{name}: the number of units changed");
        for (b, a) in before.iter().zip(&after) {
            let (old, new) = (&text[*b], &formatted.text[*a]);
            if formatted.skipped.iter().any(|s| s.range == *b) {
                assert_eq!(old, new, "{name}: a kept unit changed");
                continue;
            }
            formatted_units += 1;
            assert_eq!(meaning(lang, old), meaning(lang, new), "{name}: meaning changed:\n{old}\n->\n{new}");
            if !has_error(lang, old, Mode::Import) {
                let problems: Vec<_> = check(lang, new, &CheckOptions { mode: Mode::Export, ..Default::default() })
                    .into_iter()
                    .filter(|d| d.severity == Severity::Error)
                    .collect();
                assert!(problems.is_empty(), "{name}: export errors in a formatted unit:\n{new}\n{problems:#?}");
            }
        }
    }
    println!("{}: {formatted_units} units formatted", lang.id());
}

#[test]
fn epd_corpus() {
    run_corpus(Lang::Epd);
}

#[test]
fn pgn_corpus() {
    run_corpus(Lang::Pgn);
}

#[test]
fn pbn_corpus() {
    run_corpus(Lang::Pbn);
}

#[test]
fn pbi_corpus() {
    run_corpus(Lang::Pbi);
}
