//! BBO's handviewer link of a board: `https://www.bridgebase.com/tools/handviewer.html?lin=`
//! and the board's LIN, percent-encoded. Built only, never fetched: what a PBN deal's hover and
//! code lens offer, the LIN coming from the one PBN→LIN conversion ([`super::from_pbn`]).

use crate::pbn::model::DealData;

/// The handviewer page; the board follows as its `lin` query parameter.
pub const HANDVIEWER: &str = "https://www.bridgebase.com/tools/handviewer.html?lin=";

/// The handviewer link showing the LIN board `lin` (one board, without its line end).
pub fn url(lin: &str) -> String {
    let mut out = String::with_capacity(HANDVIEWER.len() + lin.len() * 2);
    out.push_str(HANDVIEWER);
    out.push_str(&percent_encode(lin));
    out
}

/// The handviewer link of the first game with a deal in the PBN text `pbn` (a game, as the
/// language server hands it over), `None` when it has no deal.
pub fn url_of_pbn(pbn: &str) -> Option<String> {
    url_of_pbn_after(pbn, &DealData::default())
}

/// [`url_of_pbn`] of a game that follows games whose last left `previous`: a game without a
/// deal of its own that relies on that one (PBN702's reading) links to it.
pub fn url_of_pbn_after(pbn: &str, previous: &DealData) -> Option<String> {
    let lin = super::from_pbn::to_lin_after(pbn, previous);
    lin.lines().next().filter(|l| !l.is_empty()).map(url)
}

/// `s` percent-encoded as a query value ([`crate::text::percent_encode`], keeping nothing but
/// the unreserved characters): `|`, `,`, spaces and `!` of a LIN board all become escapes, so
/// that no client reads part of the board as its own syntax.
pub fn percent_encode(s: &str) -> String {
    crate::text::percent_encode(s, b"")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reverses [`percent_encode`] (for the tests' round trips).
    fn decode(s: &str) -> String {
        let bytes = s.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' {
                out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn encodes_everything_but_unreserved_characters() {
        assert_eq!(percent_encode("md|3SAK,H2|sv|o|"), "md%7C3SAK%2CH2%7Csv%7Co%7C");
        assert_eq!(percent_encode("a b!é~"), "a%20b%21%C3%A9~");
        assert_eq!(decode(&percent_encode("pn|Ann,Bo Ek,Cy,Di|mb|1C!|")), "pn|Ann,Bo Ek,Cy,Di|mb|1C!|");
    }

    #[test]
    fn a_pbn_game_links_to_its_lin_board() {
        let pbn = "[Board \"7\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
                   [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";
        let link = url_of_pbn(pbn).unwrap();
        let lin = link.strip_prefix(HANDVIEWER).unwrap();
        let lin = decode(lin);
        assert_eq!(lin, super::super::to_lin(pbn).trim_end());
        assert!(lin.contains("md|4S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|"), "{lin}");
        assert!(lin.contains("sv|n|"), "{lin}");
        assert_eq!(url_of_pbn("[Board \"1\"]\n"), None);
    }
}
