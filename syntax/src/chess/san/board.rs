//! What resolving and writing a move both ask of the board: castling, which cozy-chess writes
//! as the king taking its own rook, and the pieces that could reach a square.

use cozy_chess::{BitBoard, Board, Color, Move, Piece, Rank, Square};

/// The king move that castles (cozy-chess writes castling as "king takes own rook").
pub fn castling_move(board: &Board, long: bool) -> Option<Move> {
    let color = board.side_to_move();
    let rights = board.castle_rights(color);
    let file = if long { rights.long } else { rights.short }?;
    let rank = match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    };
    Some(Move { from: board.king(color), to: Square::new(file, rank), promotion: None })
}

/// Whether `mv` castles: cozy-chess writes castling as the king taking its own rook. Asked of
/// every move the replay spells, so read off two bitboards.
pub fn is_castling(board: &Board, mv: Move) -> bool {
    board.pieces(Piece::King).has(mv.from) && board.colors(board.side_to_move()).has(mv.to)
}

/// The side to move's `piece`s that could reach `to` on an otherwise legal board: a cheap
/// filter before the legality test of each such piece.
pub(super) fn reaching(board: &Board, piece: Piece, to: Square) -> BitBoard {
    let color = board.side_to_move();
    let pieces = board.colored_pieces(color, piece);
    let occupied = board.occupied();
    let line = |rays: BitBoard| {
        // The few pieces on a line through `to` with nothing between: small tables, where the
        // attacks from `to` read tables of hundreds of kilobytes, a cache miss on every move.
        (pieces & rays)
            .into_iter()
            .filter(|&from| (cozy_chess::get_between_rays(from, to) & occupied).is_empty())
            .fold(BitBoard::EMPTY, |found, from| found | from.bitboard())
    };
    match piece {
        Piece::Knight => pieces & cozy_chess::get_knight_moves(to),
        Piece::Bishop => line(cozy_chess::get_bishop_rays(to)),
        Piece::Rook => line(cozy_chess::get_rook_rays(to)),
        Piece::Queen => line(cozy_chess::get_bishop_rays(to) | cozy_chess::get_rook_rays(to)),
        Piece::King => pieces & cozy_chess::get_king_moves(to),
        // Captures come from the squares a pawn of the other side on `to` would attack;
        // pushes from the same file (the legality test rejects pawns in front).
        Piece::Pawn => pieces & (cozy_chess::get_pawn_attacks(to, !color) | to.file().bitboard()),
    }
}
