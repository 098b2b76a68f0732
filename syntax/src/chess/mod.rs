//! The chess domain: what is true of chess whatever file it is written in. Positions and their
//! sanity ([`position`]), the FEN notation of a position and its validation ([`fen`], with its
//! rules), moves read from and written in SAN ([`san`]), annotation glyphs ([`nag`]), opening names by position ([`openings`]), the `[%clk]`/`[%eval]`/`[%cal]` command comments
//! programs embed in comments ([`commands`]). Boards and legal
//! moves come from cozy-chess. The formats (PGN, EPD, PBI) use this module; it imports none of
//! them.

pub mod commands;
pub mod fen;
pub mod nag;
pub mod openings;
pub mod position;
pub mod san;
