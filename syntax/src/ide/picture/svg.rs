//! What the pictures share: an SVG document with its size, text escaped for XML, and the
//! colours of the suits.

use std::fmt::Write;

/// An SVG document being written: `open` then elements then `finish`.
pub struct Svg {
    out: String,
}

impl Svg {
    /// A drawing of `width` × `height` units, shown `scale` times that size in pixels: editors
    /// cap a hover's height at about 250 pixels, so every picture is shown at most about 220 tall.
    pub fn open(width: u32, height: u32, scale: f32, title: &str) -> Svg {
        let mut out = String::with_capacity(8192);
        let (shown_w, shown_h) = ((width as f32 * scale).round(), (height as f32 * scale).round());
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{shown_w}" height="{shown_h}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial Unicode MS, sans-serif"><title>{}</title>"#,
            escape(title)
        );
        Svg { out }
    }

    /// Appends raw markup (elements already escaped).
    pub fn raw(&mut self, markup: std::fmt::Arguments<'_>) {
        let _ = self.out.write_fmt(markup);
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, style: &str) {
        self.raw(format_args!(r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" {style}/>"#));
    }

    /// A text element; `content` is escaped, `attrs` are written as given.
    pub fn text(&mut self, x: f32, y: f32, attrs: &str, content: &str) {
        self.raw(format_args!(r#"<text x="{x}" y="{y}" {attrs}>{}</text>"#, escape(content)));
    }

    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>");
        self.out
    }
}

/// `&`, `<`, `>`, `"` and `'` as XML entities.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Spades, hearts, diamonds, clubs: the symbol and its colour (red hearts and diamonds).
pub const SUITS: [(char, &str); 4] = [('♠', "#000"), ('♥', "#c8102e"), ('♦', "#c8102e"), ('♣', "#000")];

/// High-card points of a suit holding as written (`AKQ`, `T98`): A 4, K 3, Q 2, J 1.
pub fn hcp(holding: &str) -> u32 {
    holding
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            'A' => 4,
            'K' => 3,
            'Q' => 2,
            'J' => 1,
            _ => 0,
        })
        .sum()
}
