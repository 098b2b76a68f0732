//! The bridge domain: what is true of bridge whatever file it is written in. Cards and seats
//! ([`cards`]), contracts ([`contract`]), deals and their notation ([`deal`]), and the laws that
//! turn a result into a score ([`score`]: Law 77 scoring, Law 78B IMPs, Law 2 board rotation).
//! PBN and the ACBLscore decoder use this module; it imports neither.

pub mod auction;
pub mod cards;
pub mod contract;
pub mod deal;
pub mod play;
pub mod score;
