//! ACBLscore game files: a bounds-checked decoder, a model of the decoded game, and writers to
//! JSON and to PBN score tables.
//!
//! ```text
//! bytes --decode--> Decoded { game: Game, warnings } --to_json--> serde_json::Value
//!                                                    --to_pbn---> PBN text
//! ```

pub mod decode;
pub mod json;
pub mod model;
pub mod pbn;
pub mod reader;

pub use decode::{decode, Decoded, Warning};
pub use json::to_json;
pub use model::Game;
pub use pbn::to_pbn;
pub use reader::DecodeError;
