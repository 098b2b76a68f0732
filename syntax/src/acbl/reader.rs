//! Bounds-checked access to the bytes of a game file.
//!
//! Every read names the structure it belongs to and is checked against that structure's
//! extent, so a short or corrupted file yields a [`DecodeError`] that says which structure and
//! which absolute file offset were bad, never a panic or an out-of-bounds slice.

use std::fmt;

/// A game file could not be decoded: the structure being read, the absolute file offset of the
/// offending bytes and what was wrong with them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// The structure's name, as in the reverse-engineered layout ("Master Table", "Pair Structure"…).
    pub structure: &'static str,
    /// Absolute file offset of the field or structure that could not be read.
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {:#x}: {}", self.structure, self.offset, self.message)
    }
}

impl std::error::Error for DecodeError {}

pub type Result<T> = std::result::Result<T, DecodeError>;

/// The whole file.
#[derive(Debug, Clone, Copy)]
pub struct Reader<'a> {
    data: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Reader { data }
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Up to the first `n` bytes of the file (for a magic-number check).
    pub fn prefix(&self, n: usize) -> &'a [u8] {
        &self.data[..n.min(self.data.len())]
    }

    /// A structure of a fixed `len` bytes starting at `start`.
    pub fn fixed(&self, structure: &'static str, start: usize, len: usize) -> Result<View<'a>> {
        let end = start.checked_add(len).filter(|&end| end <= self.data.len());
        match end {
            Some(end) if start != 0 || structure == MASTER_TABLE => {
                Ok(View { bytes: &self.data[start..end], structure, start })
            }
            Some(_) => Err(DecodeError {
                structure,
                offset: start,
                message: "null pointer to a structure that must be present".into(),
            }),
            None => Err(DecodeError {
                structure,
                offset: start,
                message: format!("{len} bytes from here run past the end of the file ({} bytes)", self.data.len()),
            }),
        }
    }

    /// A structure that starts with a uint16 "length of the rest of the structure"; the view
    /// covers exactly that length, which must hold at least `min_len` bytes (all the fields the
    /// decoder reads) and must fit in the file.
    pub fn sized(&self, structure: &'static str, start: usize, min_len: usize) -> Result<View<'a>> {
        let head = self.fixed(structure, start, 2)?;
        let len = usize::from(head.u16(0)?) + 2;
        if len < min_len {
            return Err(DecodeError {
                structure,
                offset: start,
                message: format!("declared length {len} bytes is shorter than the {min_len} bytes of the structure"),
            });
        }
        self.fixed(structure, start, len)
    }
}

/// The name the master table reads under: the only structure that legitimately starts at 0.
pub const MASTER_TABLE: &str = "Master Table";

/// The bytes of one structure. Offsets passed to the accessors are relative to its start, as in
/// the layout tables; errors report absolute offsets.
#[derive(Debug, Clone, Copy)]
pub struct View<'a> {
    bytes: &'a [u8],
    structure: &'static str,
    start: usize,
}

impl<'a> View<'a> {
    pub fn structure(&self) -> &'static str {
        self.structure
    }

    /// Absolute file offset of the structure.
    pub fn start(&self) -> usize {
        self.start
    }

    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// An error about the field at relative offset `rel`.
    pub fn error(&self, rel: usize, message: impl Into<String>) -> DecodeError {
        DecodeError { structure: self.structure, offset: self.start.saturating_add(rel), message: message.into() }
    }

    /// A sub-structure at relative offset `rel` of this one, checked to lie inside it.
    pub fn within(&self, structure: &'static str, rel: usize, len: usize) -> Result<View<'a>> {
        let bytes = self.bytes(rel, len)?;
        Ok(View { bytes, structure, start: self.start.saturating_add(rel) })
    }

    pub fn bytes(&self, rel: usize, len: usize) -> Result<&'a [u8]> {
        rel.checked_add(len).and_then(|end| self.bytes.get(rel..end)).ok_or_else(|| {
            self.error(
                rel,
                format!("{len}-byte field at +{rel:#x} lies outside the structure's {} bytes", self.bytes.len()),
            )
        })
    }

    fn array<const N: usize>(&self, rel: usize) -> Result<[u8; N]> {
        let mut out = [0; N];
        out.copy_from_slice(self.bytes(rel, N)?);
        Ok(out)
    }

    pub fn u8(&self, rel: usize) -> Result<u8> {
        Ok(self.array::<1>(rel)?[0])
    }

    pub fn i8(&self, rel: usize) -> Result<i8> {
        Ok(i8::from_le_bytes(self.array(rel)?))
    }

    pub fn u16(&self, rel: usize) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array(rel)?))
    }

    pub fn i16(&self, rel: usize) -> Result<i16> {
        Ok(i16::from_le_bytes(self.array(rel)?))
    }

    pub fn u32(&self, rel: usize) -> Result<u32> {
        Ok(u32::from_le_bytes(self.array(rel)?))
    }

    pub fn i32(&self, rel: usize) -> Result<i32> {
        Ok(i32::from_le_bytes(self.array(rel)?))
    }

    /// A file pointer (absolute offset); 0 is null.
    pub fn pointer(&self, rel: usize) -> Result<usize> {
        // u32 always fits in usize on the 32- and 64-bit targets kibitzer builds for.
        Ok(usize::try_from(self.u32(rel)?).unwrap_or(usize::MAX))
    }

    /// A `string(n)`: a length byte followed by room for `n` characters. The length byte is
    /// trusted only up to `n`; the characters are ISO-8859-1 (every byte is a char).
    pub fn string(&self, rel: usize, n: usize) -> Result<String> {
        let field = self.bytes(rel, n + 1)?;
        let len = usize::from(field[0]).min(n);
        Ok(field[1..=len].iter().map(|&b| char::from(b)).collect())
    }

    /// A `char(1)` field.
    pub fn char(&self, rel: usize) -> Result<char> {
        Ok(char::from(self.u8(rel)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_checked_against_the_structure() {
        let data = [9u8, 5, 0, 1, 2, 3, 4, 5, 9, 9];
        let r = Reader::new(&data);
        let v = r.sized("Thing", 1, 2).unwrap();
        assert_eq!(v.len(), 7);
        assert_eq!(v.u16(2).unwrap(), 0x0201);
        let err = v.u32(4).unwrap_err();
        assert_eq!(err.structure, "Thing");
        assert_eq!(err.offset, 5);
        assert!(v.u8(usize::MAX).is_err());
    }

    #[test]
    fn structures_past_the_end_and_null_pointers_are_errors() {
        let data = [0u8; 8];
        let r = Reader::new(&data);
        assert!(r.fixed("Pair Structure", 4, 5).is_err());
        assert!(r.fixed("Pair Structure", usize::MAX, 5).is_err());
        let null = r.fixed("Pair Structure", 0, 2).unwrap_err();
        assert!(null.message.contains("null"), "{null}");
        assert!(r.sized("Movement Table", 2, 10).is_err());
    }

    #[test]
    fn strings_trust_their_length_byte_only_up_to_the_field_size() {
        let data = [0u8, 0, 200, b'A', b'B', 0xE9];
        let v = Reader::new(&data).fixed(MASTER_TABLE, 0, 6).unwrap();
        assert_eq!(v.string(2, 3).unwrap(), "AB\u{e9}");
        assert!(v.string(4, 3).is_err());
    }
}
