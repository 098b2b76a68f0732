//! Pictures for the editor's hover, as SVG: a chess board ([`board`]), a bridge deal
//! ([`hand`]), a trick ([`trick`]). Plain strings, no I/O: the hover puts them in Markdown as
//! `data:` images ([`markdown_image`]) for clients that show images, and keeps the text
//! diagrams for the others.

pub mod board;
pub mod hand;
mod svg;
pub mod trick;

pub use svg::hcp;

/// A Markdown image of `svg` as a base64 `data:` URI.
pub fn markdown_image(alt: &str, svg: &str) -> String {
    format!("![{alt}](data:image/svg+xml;base64,{})", base64(svg.as_bytes()))
}

/// Standard base64 with padding (RFC 4648 §4).
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_of_rfc_4648_examples() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(super::base64(plain.as_bytes()), encoded);
        }
    }
}
