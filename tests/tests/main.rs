//! kibitzer's black-box suites, one module per file of this folder, built into one test binary
//! (`cargo test -p kibitzer-tests --test suites [FILTER]`; a file's tests are `FILE::`, e.g.
//! `cargo test -p kibitzer-tests --test suites pgn_rules::`). One binary rather than one per file:
//! Cargo compiled and linked each file against the whole engine on its own (77 links of a binary
//! of several megabytes) and ran the binaries one after the other, so a suite with one long test
//! left the second core idle; here every test shares one pool of threads.

// What several suites share.
mod acbl_common;
mod bridge_games;
mod epdpbi_support;
mod pbn_support;

mod acbl_corpus;
mod acbl_fuzz;
mod acbl_pbn_check;
mod acbl_reference;
mod acbl_roundtrip;
mod across_files_cli;
mod bombs_cli;
mod check_cli;
mod check_statistics;
mod ci_integrations;
mod clean_fixtures;
mod compressed_cli;
mod convert_cli;
mod dd_cache;
mod dd_endplay;
mod dd_fix;
mod dd_interrupt;
mod dd_lsp;
mod dd_lsp_queue;
mod duplicate_games;
mod epd_corpus;
mod epd_fuzz;
mod epd_mutation;
mod epd_snapshots;
mod export_layout;
mod fmt_cli;
mod fmt_pgn_extract;
mod fmt_python_chess;
mod format_corpus;
mod format_snapshots;
mod format_windows;
mod hostile_input;
mod hover_pictures;
mod ide_every_offset;
mod import_graph;
mod invariants;
mod lin_cli;
mod lin_endplay;
mod lin_fuzz;
mod lin_lsp;
mod lsp_across_files;
mod lsp_board_view;
mod lsp_features;
mod lsp_framing;
mod lsp_heavy;
mod lsp_names;
mod lsp_protocol;
mod lsp_soak;
mod lsp_workspace;
mod move_notations;
mod openings_python_chess;
mod pbi_cascade;
mod pbi_corpus;
mod pbi_fixes;
mod pbi_fuzz;
mod pbi_mutation;
mod pbn_bench;
mod pbn_cascade;
mod pbn_conformance;
mod pbn_corpus;
mod pbn_endplay;
mod pbn_mutation;
mod pbn_syntax;
mod pbn_units;
mod pgc_cli;
mod pgc_corpus;
mod pgn_cascade;
mod pgn_diagnostics_dump;
mod pgn_differential;
mod pgn_extract_differential;
mod pgn_fuzz;
mod pgn_roundtrip;
mod pgn_rules;
mod pgn_server_exports;
mod pgn_throughput;
mod pgn_units;
mod pgn_variants_cli;
mod players_cli;
mod producer_habits;
mod rewrite_cli;
mod rule_fixtures;
mod rules_cli;
mod severity_policy;
mod walk_cli;
