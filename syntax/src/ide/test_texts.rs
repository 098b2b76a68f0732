//! The texts the features' unit tests share: a PGN file of two games and a PBN game with
//! notes, and [`at`], the offset just inside a needle.

use super::split::ts;
use crate::text::TextSize;

pub const PGN: &str = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\n1. e4 $1 {good\nmove} (1. d4) 1-0\n\n[Event \"Two\"]\n\n1. d4 *\n";
pub const PBN: &str = "[Board \"7\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Auction \"N\"]\n1S =1= Pass 4S AP\n[Note \"1:five spades\"]\n[Play \"E\"]\nHA =2= H2 H3 H4\n[Note \"2:the lead\"]\n";

pub fn at(text: &str, needle: &str) -> TextSize {
    ts(text.find(needle).unwrap() + 1)
}
