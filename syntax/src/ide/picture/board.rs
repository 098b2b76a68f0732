//! The chess board picture: 8×8 squares with coordinates, the pieces, the last move's two
//! squares tinted, and the `[%csl]` squares and `[%cal]` arrows of the comments after it, in
//! lichess's colours. One picture for every hover site: a PGN move, the FEN tag, an EPD line,
//! a PBI position.

use super::svg::Svg;
use crate::chess::commands::{Arrow, Colour, MarkedSquare};
use cozy_chess::{Board, Color, Square};

/// The pieces by rank then file (`grid[0][0]` is a1), as FEN letters (`K` white king, `p` black
/// pawn).
pub type Grid = [[Option<char>; 8]; 8];

/// The grid of a Forsyth piece-placement field (`pbi`: `S` is a knight, as PBI writes it);
/// `None` unless it is eight ranks of eight squares.
pub fn grid(placement: &str, pbi: bool) -> Option<Grid> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return None;
    }
    let mut grid: Grid = [[None; 8]; 8];
    for (i, rank) in ranks.iter().enumerate() {
        let row = &mut grid[7 - i];
        let mut file = 0;
        for c in rank.chars() {
            let piece = match c {
                '1'..='8' => {
                    file += c as usize - '0' as usize;
                    continue;
                }
                'S' | 's' if pbi => {
                    if c == 'S' {
                        'N'
                    } else {
                        'n'
                    }
                }
                'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p' => c,
                _ => return None,
            };
            *row.get_mut(file)? = Some(piece);
            file += 1;
        }
        if file != 8 {
            return None;
        }
    }
    Some(grid)
}

/// The grid of a position.
pub fn grid_of(board: &Board) -> Grid {
    let mut grid: Grid = [[None; 8]; 8];
    for square in Square::ALL {
        if let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) {
            let letter = char::from(piece);
            grid[square.rank() as usize][square.file() as usize] =
                Some(if color == Color::White { letter.to_ascii_uppercase() } else { letter });
        }
    }
    grid
}

/// What is drawn over the pieces.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    /// From and to of the move that led to the position.
    pub last_move: Option<(Square, Square)>,
    pub arrows: Vec<Arrow>,
    pub squares: Vec<MarkedSquare>,
}

const SQUARE: f32 = 40.0;
const MARGIN: f32 = 18.0;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::Red => "#882020",
        Colour::Green => "#15781b",
        Colour::Blue => "#003088",
        Colour::Yellow => "#e68f00",
    }
}

/// The top-left corner of a square, White at the bottom.
fn corner(square: Square) -> (f32, f32) {
    (MARGIN + square.file() as usize as f32 * SQUARE, MARGIN + (7 - square.rank() as usize) as f32 * SQUARE)
}

fn centre(square: Square) -> (f32, f32) {
    let (x, y) = corner(square);
    (x + SQUARE / 2.0, y + SQUARE / 2.0)
}

/// The solid chess glyph of a piece letter; white pieces are drawn filled white with a black
/// outline.
fn glyph(letter: char) -> char {
    match letter.to_ascii_lowercase() {
        'k' => '♚',
        'q' => '♛',
        'r' => '♜',
        'b' => '♝',
        'n' => '♞',
        _ => '♟',
    }
}

/// The board as SVG, White at the bottom. Every piece is a `<text>` with `data-square` (`e4`)
/// and `data-piece` (its FEN letter); every arrow a `<line class="arrow">`, every marked square
/// a `<circle class="mark">`, the last move's squares `<rect class="last-move">`.
pub fn svg(grid: &Grid, marks: &Marks, title: &str) -> String {
    let size = 8.0 * SQUARE + 2.0 * MARGIN;
    let mut svg = Svg::open(size as u32, size as u32, 0.58, title);
    svg.rect(0.0, 0.0, size, size, r##"fill="#fff""##);
    for square in Square::ALL {
        let (x, y) = corner(square);
        let light = (square.file() as usize + square.rank() as usize) % 2 == 1;
        svg.rect(x, y, SQUARE, SQUARE, &format!(r#"fill="{}""#, if light { LIGHT } else { DARK }));
    }
    if let Some((from, to)) = marks.last_move {
        for square in [from, to] {
            let (x, y) = corner(square);
            svg.rect(x, y, SQUARE, SQUARE, r#"class="last-move" fill="rgb(155,199,0)" fill-opacity="0.45""#);
        }
    }
    for mark in &marks.squares {
        let (x, y) = centre(mark.square);
        svg.raw(format_args!(
            r#"<circle class="mark" cx="{x}" cy="{y}" r="{}" fill="none" stroke="{}" stroke-width="3" stroke-opacity="0.8"/>"#,
            SQUARE / 2.0 - 2.5,
            colour(mark.colour)
        ));
    }
    for (file, name) in ('a'..='h').enumerate() {
        let x = MARGIN + file as f32 * SQUARE + SQUARE / 2.0;
        svg.text(x, size - 5.0, r##"font-size="12" text-anchor="middle" fill="#555""##, &name.to_string());
    }
    for rank in 0..8 {
        let y = MARGIN + (7 - rank) as f32 * SQUARE + SQUARE / 2.0 + 4.0;
        svg.text(MARGIN / 2.0, y, r##"font-size="12" text-anchor="middle" fill="#555""##, &(rank + 1).to_string());
    }
    for square in Square::ALL {
        let Some(letter) = grid[square.rank() as usize][square.file() as usize] else { continue };
        let (x, y) = corner(square);
        let white = letter.is_ascii_uppercase();
        let paint = if white { r##"fill="#fff" stroke="#000" stroke-width="1""## } else { r##"fill="#000""## };
        svg.raw(format_args!(
            r#"<text x="{}" y="{}" font-size="34" text-anchor="middle" {paint} data-square="{square}" data-piece="{letter}">{}</text>"#,
            x + SQUARE / 2.0,
            y + SQUARE - 8.0,
            glyph(letter)
        ));
    }
    if !marks.arrows.is_empty() {
        svg.raw(format_args!("<defs>"));
        for c in [Colour::Red, Colour::Green, Colour::Blue, Colour::Yellow] {
            svg.raw(format_args!(
                r#"<marker id="head-{}" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="{}"/></marker>"#,
                c.name(),
                colour(c)
            ));
        }
        svg.raw(format_args!("</defs>"));
    }
    for arrow in &marks.arrows {
        let ((x1, y1), (x2, y2)) = (centre(arrow.from), centre(arrow.to));
        // Stop short of the centre so that the head ends on the target square.
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let back = SQUARE * 0.3;
        let (x2, y2) = (x2 - dx / len * back, y2 - dy / len * back);
        svg.raw(format_args!(
            r#"<line class="arrow" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}" stroke-width="7" stroke-opacity="0.8" stroke-linecap="round" marker-end="url(#head-{})" data-from="{}" data-to="{}"/>"#,
            colour(arrow.colour),
            arrow.colour.name(),
            arrow.from,
            arrow.to
        ));
    }
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::commands::{Arrow, Colour};

    #[test]
    fn pieces_stand_on_their_squares_and_marks_are_drawn() {
        let board: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".parse().unwrap();
        let g = grid_of(&board);
        assert_eq!(grid("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", false), Some(g));
        let marks = Marks {
            last_move: Some((Square::E2, Square::E4)),
            arrows: vec![Arrow { colour: Colour::Green, from: Square::G1, to: Square::F3 }],
            squares: vec![MarkedSquare { colour: Colour::Red, square: Square::D5 }],
        };
        let s = svg(&g, &marks, "after 1. e4");
        assert!(s.contains(r#"data-square="e4" data-piece="P""#), "{s}");
        assert!(s.contains(r#"data-square="e8" data-piece="k""#));
        assert!(!s.contains(r#"data-square="e2""#));
        assert_eq!(s.matches("data-piece=").count(), 32);
        assert_eq!(s.matches(r#"class="arrow""#).count(), 1);
        assert_eq!(s.matches(r#"class="mark""#).count(), 1);
        assert_eq!(s.matches(r#"class="last-move""#).count(), 2);
        assert!(grid("8/8/8/8/8/8/8/S6k", true).unwrap()[0][0] == Some('N'));
        assert!(grid("8/8/8/8/8/8/8/9", false).is_none() && grid("8/8", false).is_none());
    }
}
