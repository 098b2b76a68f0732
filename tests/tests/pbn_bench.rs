//! Throughput of the PBN lexer, parser and checks on the largest corpus files. Not a pass/fail
//! test: run it explicitly, in release mode, to measure:
//! `cargo test --release -p kibitzer-tests --test suites pbn_bench:: -- --ignored --nocapture`

use crate::pbn_support;

use kibitzer_syntax::{reprint, Lang};
use pbn_support::*;
use std::time::Instant;

#[test]
#[ignore = "benchmark: run explicitly with --ignored in release mode"]
fn throughput_on_large_files() {
    let Some(corpus) = corpus() else { return };
    for name in
        ["large/rpbridge_wc2012_example3.pbn", "large/ben_uncommon_boards.pbn", "auction-play/realbridge_example2.pbn"]
    {
        let text = read(&corpus.join(name));
        let mb = text.len() as f64 / 1e6;
        let runs = 5;
        let start = Instant::now();
        for _ in 0..runs {
            assert!(!kibitzer_syntax::pbn::lexer::lex(&text).is_empty());
        }
        let lex = start.elapsed().as_secs_f64() / runs as f64;
        let start = Instant::now();
        for _ in 0..runs {
            assert!(kibitzer_syntax::pbn::parse(&text).errors().len() < text.len());
        }
        let parse_only = start.elapsed().as_secs_f64() / runs as f64;
        println!("{name}: lex {:.1} ms ({:.0} MB/s), parse {:.1} ms", lex * 1e3, mb / lex, parse_only * 1e3);
        let start = Instant::now();
        for _ in 0..runs {
            assert_eq!(reprint(Lang::Pbn, &text).len(), text.len());
        }
        let parse = start.elapsed().as_secs_f64() / runs as f64;
        let start = Instant::now();
        let mut n = 0;
        for _ in 0..runs {
            n = check(&text).len();
        }
        let full = start.elapsed().as_secs_f64() / runs as f64;
        println!(
            "{name}: {mb:.2} MB; parse+print {:.1} ms ({:.0} MB/s); check {:.1} ms ({:.0} MB/s), {n} diagnostics",
            parse * 1e3,
            mb / parse,
            full * 1e3,
            mb / full
        );
    }
}
