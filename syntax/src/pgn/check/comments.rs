//! Command comments (`[%clk 0:03:00]`, `[%eval 0.17]`, `[%cal Ge2e4]` …): each command the
//! chess domain ([`crate::chess::commands`]) cannot read is a warning on exactly its bad bytes.
//! Unknown commands are a program's own business and pass.

use crate::chess::commands::{self, TIME_COMMANDS};
use crate::diagnostic::{Diagnostic, Rule};
use crate::pgn::model::Tok;
use crate::pgn::rules;

pub(super) fn check(comment: Tok, out: &mut Vec<Diagnostic>) {
    // Most comments hold no command: one search and done.
    if !comment.text.contains("[%") {
        return;
    }
    let start = comment.range.start();
    for command in commands::commands(comment.text) {
        let Err(problem) = &command.value else { continue };
        let rule: &Rule = if problem.range.start() == command.range.start() || problem.expected.starts_with("a space") {
            &rules::UNCLOSED_COMMAND
        } else if TIME_COMMANDS.contains(&command.name) {
            &rules::TIME_COMMAND
        } else if command.name == "eval" {
            &rules::EVAL_COMMAND
        } else {
            &rules::MARKUP_COMMAND
        };
        out.push(Diagnostic::new(
            rule,
            problem.range + start,
            format!("`[%{}]` command `{}`: expected {}", command.name, problem.found, problem.expected),
        ));
    }
}
