//! Command comments (`[%clk 0:03:00]`, `[%eval 0.17]`, `[%cal Ge2e4]` …): each command the
//! chess domain ([`crate::chess::commands`]) cannot read is a warning on exactly its bad bytes.
//! Unknown commands are a program's own business and pass.

use crate::chess::commands::{self, TIME_COMMANDS};
use crate::diagnostic::{Diagnostic, Rule};
use crate::pgn::model::Tok;

crate::diagnostic::declare_rules! {
    TIME_COMMAND = "PGN240" "time-command" Warning Import "PGN Specification Supplement (2001), %clk %emt %egt %mct"
        "A clock or time command whose value is not `h:mm:ss`"
        "`[%clk h:mm:ss]` (the clock after the move), `[%emt h:mm:ss]` (the time the move took), `[%egt]` and `[%mct]` hold hours, then minutes and seconds of two digits each (00–59); chess.com adds decimals of a second (`0:00:09.3`). lichess and chess.com write these in every game they export; a program that reads the clock skips a value it cannot read."
        bad: "1. e4 { [%clk 3:00] } *\n", good: "1. e4 { [%clk 0:03:00] } *\n";
    EVAL_COMMAND = "PGN241" "eval-command" Warning Import "lichess / chess.com convention (python-chess `chess.pgn`), %eval"
        "An `[%eval]` command that is neither pawns nor mate"
        "`[%eval]` holds an engine's evaluation from White's point of view: pawns with up to two decimals (`0.17`, `-1.5`) or mate in N (`#3` White mates, `#-3` Black mates), optionally followed by `,depth` (`[%eval 0.17,22]`)."
        bad: "1. e4 { [%eval +/=] } *\n", good: "1. e4 { [%eval 0.17] } *\n";
    MARKUP_COMMAND = "PGN242" "markup-command" Warning Import "PGN Specification Supplement (2001), %csl %cal"
        "A `[%csl]` square or `[%cal]` arrow that is not a colour and squares"
        "`[%csl Ra1,Gb2]` colours squares and `[%cal Ge2e4,Rd8h4]` draws arrows: each comma-separated item is a colour letter (R red, G green, B blue, Y yellow) and one square (`%csl`) or two (`%cal`, from and to)."
        bad: "1. e4 { [%cal Ge2e4,Xd8h4] } *\n", good: "1. e4 { [%cal Ge2e4,Rd8h4] } *\n";
    UNCLOSED_COMMAND = "PGN243" "unclosed-command" Warning Import "PGN Specification Supplement (2001), embedded commands"
        "A `[%` command without its closing `]`, or without a space before its arguments"
        "An embedded command is `[%`, the command name, a space, the arguments and `]`, all inside one comment."
        bad: "1. e4 { [%clk 0:03:00 } *\n", good: "1. e4 { [%clk 0:03:00] } *\n";
}

pub(super) fn check(comment: Tok, out: &mut Vec<Diagnostic>) {
    // A comment without a command costs one search for `[` (`commands` finds none).
    let start = comment.range.start();
    for command in commands::commands(comment.text) {
        let Err(problem) = &command.value else { continue };
        let rule: &Rule = if problem.range.start() == command.range.start() || problem.expected.starts_with("a space") {
            &UNCLOSED_COMMAND
        } else if TIME_COMMANDS.contains(&command.name) {
            &TIME_COMMAND
        } else if command.name == "eval" {
            &EVAL_COMMAND
        } else {
            &MARKUP_COMMAND
        };
        out.push(Diagnostic::new(
            rule,
            problem.range + start,
            format!("`[%{}]` command `{}`: expected {}", command.name, problem.found, problem.expected),
        ));
    }
}
