//! ACBLscore game files: a bounds-checked decoder (see the ACBL issue).
