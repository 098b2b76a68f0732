//! Helpers shared by the ACBLscore tests: the corpus location and a synthetic game-file encoder.
#![allow(dead_code)]

pub mod corpus;
pub mod encoder;
