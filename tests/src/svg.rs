//! The hover pictures seen from outside: the SVG images of a Markdown hover (`data:` URIs,
//! base64) decoded, and a small well-formedness check of XML 1.0 (elements nest and close, one
//! root, attributes quoted and not repeated, entities known) so that no XML library is needed.

/// The SVG documents of the `![…](data:image/svg+xml;base64,…)` images in `markdown`.
pub fn images(markdown: &str) -> Vec<String> {
    const PREFIX: &str = "](data:image/svg+xml;base64,";
    markdown
        .match_indices(PREFIX)
        .map(|(at, _)| {
            let data = &markdown[at + PREFIX.len()..];
            let data = &data[..data.find(')').expect("the image's `)`")];
            String::from_utf8(base64_decode(data)).expect("an SVG is UTF-8")
        })
        .collect()
}

/// Standard base64 (RFC 4648 §4) decoded; panics on a character outside the alphabet.
pub fn base64_decode(data: &str) -> Vec<u8> {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut bits, mut n) = (0u32, 0);
    for c in data.bytes().filter(|c| *c != b'=') {
        let v = ALPHABET.iter().position(|a| *a == c).unwrap_or_else(|| panic!("`{}` is not base64", c as char));
        bits = bits << 6 | v as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    out
}

/// `Ok` when `xml` is one well-formed element (after an optional declaration), else where and
/// why not.
pub fn well_formed(xml: &str) -> Result<(), String> {
    let b = xml.as_bytes();
    let mut i = 0;
    let mut stack: Vec<&str> = Vec::new();
    let mut roots = 0;
    let name_end = |from: usize| {
        from + xml[from..].bytes().take_while(|c| c.is_ascii_alphanumeric() || b"_:.-".contains(c)).count()
    };
    let entity = |at: usize| -> Result<usize, String> {
        let end = xml[at..].find(';').map(|e| at + e).ok_or(format!("`&` without `;` at {at}"))?;
        let name = &xml[at + 1..end];
        let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "apos")
            || name.strip_prefix("#x").is_some_and(|h| !h.is_empty() && h.bytes().all(|c| c.is_ascii_hexdigit()))
            || name.strip_prefix('#').is_some_and(|d| !d.is_empty() && d.bytes().all(|c| c.is_ascii_digit()));
        if ok {
            Ok(end + 1)
        } else {
            Err(format!("unknown entity `&{name};` at {at}"))
        }
    };
    while i < b.len() {
        match b[i] {
            b'<' if xml[i..].starts_with("<?") => {
                i = xml[i..].find("?>").map(|e| i + e + 2).ok_or("unclosed `<?`")?;
            }
            b'<' if xml[i..].starts_with("<!--") => {
                i = xml[i..].find("-->").map(|e| i + e + 3).ok_or("unclosed comment")?;
            }
            b'<' if xml[i..].starts_with("</") => {
                let end = name_end(i + 2);
                let name = &xml[i + 2..end];
                let close = end + xml[end..].bytes().take_while(|c| c.is_ascii_whitespace()).count();
                if b.get(close) != Some(&b'>') {
                    return Err(format!("bad end tag at {i}"));
                }
                match stack.pop() {
                    Some(open) if open == name => {}
                    other => return Err(format!("`</{name}>` at {i} closes {other:?}")),
                }
                i = close + 1;
            }
            b'<' => {
                if stack.is_empty() {
                    roots += 1;
                }
                let end = name_end(i + 1);
                let name = &xml[i + 1..end];
                if name.is_empty() || !(b[i + 1].is_ascii_alphabetic() || b[i + 1] == b'_') {
                    return Err(format!("bad element name at {i}"));
                }
                i = end;
                let mut attributes: Vec<&str> = Vec::new();
                loop {
                    while b.get(i).is_some_and(|c| c.is_ascii_whitespace()) {
                        i += 1;
                    }
                    match b.get(i) {
                        Some(b'>') => {
                            stack.push(name);
                            i += 1;
                            break;
                        }
                        Some(b'/') if b.get(i + 1) == Some(&b'>') => {
                            i += 2;
                            break;
                        }
                        Some(_) => {
                            let attr_end = name_end(i);
                            if attr_end == i {
                                return Err(format!("bad attribute at {i} in <{name}>"));
                            }
                            let attr = &xml[i..attr_end];
                            if attributes.contains(&attr) {
                                return Err(format!("attribute `{attr}` twice in <{name}>"));
                            }
                            attributes.push(attr);
                            i = attr_end;
                            if b.get(i) != Some(&b'=') {
                                return Err(format!("attribute `{attr}` without `=` at {i}"));
                            }
                            let quote = *b.get(i + 1).ok_or("end of text in a tag")?;
                            if quote != b'"' && quote != b'\'' {
                                return Err(format!("attribute `{attr}` not quoted at {i}"));
                            }
                            let mut j = i + 2;
                            while b.get(j).is_some_and(|c| *c != quote) {
                                match b[j] {
                                    b'<' => return Err(format!("`<` in attribute `{attr}` at {j}")),
                                    b'&' => j = entity(j)?,
                                    _ => j += 1,
                                }
                            }
                            if j >= b.len() {
                                return Err(format!("unclosed attribute `{attr}`"));
                            }
                            i = j + 1;
                        }
                        None => return Err(format!("end of text in <{name}>")),
                    }
                }
            }
            b'&' => i = entity(i)?,
            c => {
                if stack.is_empty() && !c.is_ascii_whitespace() {
                    return Err(format!("text outside the root element at {i}"));
                }
                i += 1;
            }
        }
    }
    if let Some(open) = stack.last() {
        return Err(format!("<{open}> is never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checker_tells_good_from_bad() {
        assert!(well_formed(r#"<svg a="1"><g><text x='2'>A &amp; B &#9812;</text></g><rect/></svg>"#).is_ok());
        for bad in [
            "<svg><g></svg>",
            "<svg>",
            r#"<svg a="1" a="2"/>"#,
            "<svg a=1/>",
            "<svg>&nbsp;</svg>",
            "<svg/><svg/>",
            r#"<svg a="<"/>"#,
            "text<svg/>",
        ] {
            assert!(well_formed(bad).is_err(), "{bad}");
        }
        assert_eq!(base64_decode("Zm9vYmE="), b"fooba");
    }
}
