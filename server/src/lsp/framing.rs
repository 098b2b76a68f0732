//! Reading the client's messages out of its bytes: `Content-Length` framing, without I/O (the
//! stdio reader of `transport.rs` feeds it what it reads; the fuzz target `lsp-framing` feeds it
//! anything).
//!
//! What it promises, whatever the bytes:
//! - a message's size is capped ([`DEFAULT_MAX_MESSAGE`], `kibitzer lsp --max-message-bytes`):
//!   a larger `Content-Length` is answered and its body never held;
//! - what cannot be read — a length that is not a number, a header block with no length or no
//!   blank line after it, bytes outside any message, a body shorter than its `Content-Length` —
//!   is answered with a JSON-RPC error (`-32700`), with the request's id when the bytes at hand
//!   show it;
//! - after any of these it resynchronises on the next `Content-Length` header, never inside a
//!   body. That is sound because a *strict* header line (`Content-Length:`, a number, a line
//!   break) cannot occur in valid JSON: a raw line break is only whitespace between tokens, and
//!   a header name outside a string is no JSON token. So a body is searched for such a header
//!   (with its blank line) before it is taken: one found means the body was shorter than
//!   announced, and the next message starts there.
//!
//! Memory is bounded by one message (the cap) and one header block ([`MAX_HEADER`]).

use serde_json::{json, Value};
use tower_lsp_server::jsonrpc::{Request, Response};

/// The largest message read by default, in bytes: a 26 MB PBN file opened is about 27 MB of JSON.
pub const DEFAULT_MAX_MESSAGE: usize = 64 << 20;

/// The most bytes a header block may take, its blank line included.
pub const MAX_HEADER: usize = 8 * 1024;

/// How many bytes after a header are looked at for the id of a message that cannot be read.
const ID_PEEK: usize = 4 * 1024;

/// The header name frames are found by.
const NAME: &[u8] = b"content-length";

/// The longest strict `Content-Length` line (name, blanks, digits, line break).
const MAX_LENGTH_LINE: usize = 64;

/// What the reader found.
#[derive(Debug, PartialEq)]
pub enum Event {
    /// A message's body, as announced by its header.
    Message(Vec<u8>),
    /// A JSON-RPC error response to write back for bytes that could not be read.
    Unreadable(String),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    /// At the start of a header block (blank lines before it are skipped).
    Header,
    /// Reading a body of this many bytes.
    Body(usize),
    /// Dropping bytes up to the next strict `Content-Length` line.
    Skip,
}

/// The framing state machine: [`feed`](Framer::feed) it bytes, take [`Event`]s with
/// [`next_event`](Framer::next_event). What it finds does not depend on how the bytes were cut
/// into feeds (but for the id an error answer names, looked for in the bytes at hand).
pub struct Framer {
    max: usize,
    /// Bytes not yet consumed start at `at`.
    buf: Vec<u8>,
    at: usize,
    state: State,
    /// In a body: how far (from `at`) it has been searched for a header.
    scanned: usize,
}

impl Framer {
    pub fn new(max_message: usize) -> Framer {
        Framer { max: max_message, buf: Vec::new(), at: 0, state: State::Header, scanned: 0 }
    }

    /// Adds bytes read from the client.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.at > 0 {
            self.buf.drain(..self.at);
            self.at = 0;
        }
        self.buf.extend_from_slice(bytes);
    }

    /// How many bytes are held (bounded by the cap and a header block, plus the last feed).
    pub fn buffered(&self) -> usize {
        self.buf.len() - self.at
    }

    /// The next event the bytes fed so far make, or `None` when more bytes are needed.
    pub fn next_event(&mut self) -> Option<Event> {
        loop {
            let step = match self.state {
                State::Header => self.header(),
                State::Body(len) => self.body(len),
                State::Skip => self.skip(),
            };
            match step {
                Step::Wait => return None,
                Step::Go => continue,
                Step::Give(event) => return Some(event),
            }
        }
    }

    fn rest(&self) -> &[u8] {
        &self.buf[self.at..]
    }

    /// Reads a header block: its lines are looked at within its first [`MAX_HEADER`] bytes.
    fn header(&mut self) -> Step {
        let rest = &self.buf[self.at..];
        let window = &rest[..rest.len().min(MAX_HEADER)];
        let mut length: Option<Result<u128, String>> = None;
        let mut pos = 0;
        let mut lines = 0;
        loop {
            let line = &window[pos..];
            let Some(end) = memchr::memchr(b'\n', line) else {
                // A partial line: wait for its end, unless it already cannot be a header.
                if !is_blank(line) && !could_be_header_line(line) {
                    return self.unreadable_from(pos, lines);
                }
                if window.len() == MAX_HEADER {
                    let answer = error_response(Value::Null, "a header block longer than 8 KiB");
                    self.at += MAX_HEADER;
                    self.state = State::Skip;
                    return Step::Give(Event::Unreadable(answer));
                }
                return Step::Wait;
            };
            let text = &line[..end];
            if is_blank(text) {
                let block_end = pos + end + 1;
                if lines == 0 {
                    // A blank line between messages.
                    self.at += block_end;
                    return Step::Go;
                }
                return self.end_of_block(length, block_end);
            }
            let Some((name, value)) = header_line(text) else { return self.unreadable_from(pos, lines) };
            if name.eq_ignore_ascii_case(NAME) {
                length = Some(parse_length(value));
            }
            lines += 1;
            pos += end + 1;
        }
    }

    /// A line at `pos` of a header block that is not a header line: bytes outside any message
    /// (at the block's start) or a header without its blank line (after `lines` header lines).
    fn unreadable_from(&mut self, pos: usize, lines: usize) -> Step {
        let what = if lines == 0 { "bytes outside any message" } else { "a header without its blank line" };
        let id = peek_id(&self.rest()[pos..]);
        // `pos` is past the block's start, or the line there is no header: the skip moves on.
        self.at += pos;
        self.state = State::Skip;
        Step::Give(Event::Unreadable(error_response(id, what)))
    }

    fn end_of_block(&mut self, length: Option<Result<u128, String>>, block_end: usize) -> Step {
        let problem = match length {
            Some(Ok(n)) if n <= self.max as u128 => {
                self.at += block_end;
                self.state = State::Body(n as usize);
                self.scanned = 0;
                return Step::Go;
            }
            Some(Ok(n)) => format!("a message of {n} bytes, over the limit of {} (--max-message-bytes)", self.max),
            Some(Err(value)) => format!("a Content-Length that is not a length: {value:?}"),
            None => "a header block without Content-Length".to_owned(),
        };
        self.at += block_end;
        let id = peek_id(self.rest());
        self.state = State::Skip;
        Step::Give(Event::Unreadable(error_response(id, &problem)))
    }

    /// Reads a body of `len` bytes, unless a header inside it shows it was shorter.
    fn body(&mut self, len: usize) -> Step {
        let rest = &self.buf[self.at..];
        let complete = rest.len() >= len;
        let body = &rest[..rest.len().min(len)];
        match find_header_block(body, self.scanned) {
            Found::At(p) => {
                let id = peek_id(&body[..p]);
                self.at += p;
                self.state = State::Header;
                let answer = error_response(id, "a body shorter than its Content-Length");
                Step::Give(Event::Unreadable(answer))
            }
            Found::Maybe(p) if !complete => {
                self.scanned = p;
                Step::Wait
            }
            Found::None(p) if !complete => {
                self.scanned = p;
                Step::Wait
            }
            _ => {
                // The whole body: moved out, not copied.
                let rest = self.buf.split_off(self.at + len);
                let mut body = std::mem::replace(&mut self.buf, rest);
                body.drain(..self.at);
                self.at = 0;
                self.state = State::Header;
                Step::Give(Event::Message(body))
            }
        }
    }

    /// Drops bytes up to the next strict `Content-Length` line.
    fn skip(&mut self) -> Step {
        match find_length_line(self.rest(), 0) {
            Found::At(p) => {
                self.at += p;
                self.state = State::Header;
                Step::Go
            }
            Found::Maybe(p) | Found::None(p) => {
                self.at += p;
                Step::Wait
            }
        }
    }
}

enum Step {
    Wait,
    Go,
    Give(Event),
}

/// Where a search stopped.
#[derive(Debug, PartialEq)]
enum Found {
    /// A match starts here.
    At(usize),
    /// A match may start here: more bytes will tell.
    Maybe(usize),
    /// No match starts before here.
    None(usize),
}

/// The first strict `Content-Length` line (`Content-Length:`, blanks, digits, blanks, a line
/// break) in `bytes` starting at `from` or later.
fn find_length_line(bytes: &[u8], from: usize) -> Found {
    let mut search = from + NAME.len();
    while let Some(colon) = memchr::memchr(b':', bytes.get(search..).unwrap_or_default()) {
        let start = search + colon - NAME.len();
        search += colon + 1;
        if !bytes[start..start + NAME.len()].eq_ignore_ascii_case(NAME) {
            continue;
        }
        match length_line_at(bytes, start) {
            Some(true) => return Found::At(start),
            None => return Found::Maybe(start),
            Some(false) => {}
        }
    }
    // A name may be cut at the end: keep the bytes that could start one.
    Found::None(bytes.len().saturating_sub(NAME.len()).max(from))
}

/// Whether a strict `Content-Length` line starts at `start` (its name is there); `None` when the
/// bytes end before that is known.
fn length_line_at(bytes: &[u8], start: usize) -> Option<bool> {
    // Blanks, then digits, then blanks, then `\n` or `\r\n`.
    let mut digits = false;
    let mut after = false;
    for i in start + NAME.len() + 1..start + MAX_LENGTH_LINE {
        let &b = bytes.get(i)?;
        match b {
            b' ' | b'\t' => after = digits,
            b'0'..=b'9' if !after => digits = true,
            b'\n' => return Some(digits),
            b'\r' => return bytes.get(i + 1).map(|&next| digits && next == b'\n'),
            _ => return Some(false),
        }
    }
    Some(false)
}

/// The first strict `Content-Length` line at `from` or later that starts a whole header block
/// (header lines, then a blank line) inside `bytes`.
fn find_header_block(bytes: &[u8], from: usize) -> Found {
    let mut from = from;
    loop {
        match find_length_line(bytes, from) {
            Found::At(start) => match header_block_at(bytes, start) {
                Some(true) => return Found::At(start),
                None => return Found::Maybe(start),
                Some(false) => from = start + 1,
            },
            other => return other,
        }
    }
}

/// Whether a whole header block starts at `start`; `None` when the bytes end first.
fn header_block_at(bytes: &[u8], start: usize) -> Option<bool> {
    let mut pos = start;
    loop {
        if pos - start > MAX_HEADER {
            return Some(false);
        }
        let Some(end) = memchr::memchr(b'\n', &bytes[pos..]) else {
            let partial = &bytes[pos..];
            return if is_blank(partial) || could_be_header_line(partial) { None } else { Some(false) };
        };
        let line = &bytes[pos..pos + end];
        if is_blank(line) {
            return Some(pos > start);
        }
        if header_line(line).is_none() {
            return Some(false);
        }
        pos += end + 1;
    }
}

/// A header line's name and value (`name: value`, the name a token), without its line break.
fn header_line(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let colon = memchr::memchr(b':', line)?;
    let name = &line[..colon];
    (!name.is_empty() && name.iter().all(|&b| is_token(b))).then(|| (name, &line[colon + 1..]))
}

/// Whether the start of a line can still become a header line.
fn could_be_header_line(partial: &[u8]) -> bool {
    match memchr::memchr(b':', partial) {
        Some(colon) => colon > 0 && partial[..colon].iter().all(|&b| is_token(b)),
        None => partial.iter().all(|&b| is_token(b)),
    }
}

/// A character of an HTTP token (RFC 9110), what header names are made of.
fn is_token(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// A `Content-Length` value: its digits (blanks around them), or what it was instead.
fn parse_length(value: &[u8]) -> Result<u128, String> {
    let trimmed = value.trim_ascii();
    if trimmed.is_empty() || !trimmed.iter().all(u8::is_ascii_digit) {
        return Err(String::from_utf8_lossy(&trimmed[..trimmed.len().min(40)]).into_owned());
    }
    // Saturating: any number this large is over the cap.
    Ok(trimmed.iter().fold(0u128, |n, &d| n.saturating_mul(10).saturating_add(u128::from(d - b'0'))))
}

/// The id of the message whose JSON starts `bytes` (at most [`ID_PEEK`] of them), when they show
/// it: a number or string under the key `id` of the outer object. `null` otherwise.
fn peek_id(bytes: &[u8]) -> Value {
    let bytes = &bytes[..bytes.len().min(ID_PEEK)];
    let mut depth = 0usize;
    let mut i = 0;
    // The last string closed at depth 1, and where it ended.
    let mut key: Option<(usize, usize)> = None;
    while i < bytes.len() {
        match bytes[i] {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => depth = depth.saturating_sub(1),
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if i >= bytes.len() {
                    break;
                }
                key = (depth == 1).then_some((start, i + 1));
            }
            b':' if depth == 1 => {
                if let Some((s, e)) = key.take() {
                    if &bytes[s..e] == b"\"id\"" {
                        return id_value(&bytes[i + 1..]);
                    }
                }
            }
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ => key = None,
        }
        i += 1;
    }
    Value::Null
}

/// A whole number or string at the start of `bytes` (blanks before it), else `null`.
fn id_value(bytes: &[u8]) -> Value {
    let bytes = bytes.trim_ascii_start();
    let end = match bytes.first() {
        Some(b'"') => {
            let mut i = 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i + 1
        }
        // A number is whole only when something follows it.
        Some(b'-' | b'0'..=b'9') => match bytes.iter().position(|b| !b"+-.eE0123456789".contains(b)) {
            Some(end) => end,
            None => return Value::Null,
        },
        _ => return Value::Null,
    };
    match serde_json::from_slice::<Value>(bytes.get(..end).unwrap_or(bytes)) {
        Ok(v @ (Value::Number(_) | Value::String(_))) => v,
        _ => Value::Null,
    }
}

/// Whether a line holds only blanks (and the `\r` of a `\r\n`).
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
}

fn error_response(id: Value, problem: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32700, "message": format!("Parse error: {problem}")}})
        .to_string()
}

/// The message parsed, when the server can take it; else the error response to send (-32700
/// for a body that is not JSON, -32600 for JSON that is no JSON-RPC message).
pub fn check_message(body: &[u8]) -> Result<Value, String> {
    let mut value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(_) => return Err(error_response(Value::Null, "the body is not JSON")),
    };
    let field = |k: &str| value.get(k);
    let id_ok = field("id").is_none_or(|id| id.is_number() || id.is_string() || id.is_null());
    let shaped = field("jsonrpc").and_then(Value::as_str) == Some("2.0")
        && id_ok
        && match field("method") {
            Some(m) => m.is_string() && field("params").is_none_or(|p| p.is_object() || p.is_array() || p.is_null()),
            None => field("id").is_some() && (field("result").is_some() != field("error").is_some()),
        };
    let id = value.get("id").filter(|id| id.is_number() || id.is_string()).cloned().unwrap_or(Value::Null);
    if shaped {
        // What the server's own decoder would refuse must not reach it either. `params` and
        // `result` may be anything of their shape (checked above) and may be megabytes (a
        // didOpen): an empty value of the same shape stands in for them while the decoder
        // reads the message, so nothing is copied.
        let mut taken = Vec::new();
        if let Some(object) = value.as_object_mut() {
            for key in ["params", "result"] {
                if let Some(v) = object.get_mut(key) {
                    let empty = match &*v {
                        Value::Object(_) => Value::Object(serde_json::Map::new()),
                        Value::Array(_) => Value::Array(Vec::new()),
                        Value::String(_) => Value::String(String::new()),
                        other => other.clone(),
                    };
                    taken.push((key, std::mem::replace(v, empty)));
                }
            }
        }
        let decoded = serde_json::from_value::<Request>(value.clone()).is_ok()
            || serde_json::from_value::<Response>(value.clone()).is_ok();
        if let Some(object) = value.as_object_mut() {
            for (key, v) in taken {
                object.insert(key.to_owned(), v);
            }
        }
        if decoded {
            return Ok(value);
        }
    }
    Err(json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32600, "message": "Invalid request"}}).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PING: &[u8] = br#"{"jsonrpc":"2.0","id":9,"method":"shutdown"}"#;

    fn frame(body: &[u8]) -> Vec<u8> {
        [format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes(), body].concat()
    }

    /// The events of `input` fed `chunk` bytes at a time, and the most bytes held meanwhile.
    fn events(input: &[u8], chunk: usize, max: usize) -> (Vec<Event>, usize) {
        let mut framer = Framer::new(max);
        let (mut out, mut held) = (Vec::new(), 0);
        for piece in input.chunks(chunk.max(1)) {
            framer.feed(piece);
            held = held.max(framer.buffered());
            while let Some(event) = framer.next_event() {
                out.push(event);
            }
        }
        (out, held)
    }

    fn error_of(event: &Event) -> Value {
        match event {
            Event::Unreadable(answer) => serde_json::from_str(answer).unwrap(),
            Event::Message(body) => panic!("a message, not an error: {}", String::from_utf8_lossy(body)),
        }
    }

    #[test]
    fn frames_are_read_whatever_other_headers_they_carry() {
        let input = [
            b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  2 \r\n\r\n{}\n\r\n"
                .as_slice(),
            &frame(PING),
        ]
        .concat();
        for chunk in [1, 3, 1000] {
            let (events, _) = events(&input, chunk, 1 << 20);
            assert_eq!(events, [Event::Message(b"{}".to_vec()), Event::Message(PING.to_vec())], "chunk {chunk}");
        }
    }

    /// Each way of breaking the framing is answered once with a parse error, and the message
    /// after it is read, however the bytes arrive.
    #[test]
    fn every_unreadable_frame_is_answered_and_the_next_header_found() {
        let cases: &[(&str, &[u8], &str)] = &[
            (
                "u64::MAX",
                b"Content-Length: 18446744073709551615\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1}",
                "over the limit",
            ),
            ("2^63", b"Content-Length: 9223372036854775808\r\n\r\n{}", "over the limit"),
            ("10^12", b"Content-Length: 1000000000000\r\n\r\n{}", "over the limit"),
            ("past u128", b"Content-Length: 99999999999999999999999999999999999999999999\r\n\r\n", "over the limit"),
            ("negative", b"Content-Length: -5\r\n\r\n{\"a\":1}", "not a length"),
            ("not a number", b"Content-Length: twelve\r\n\r\n{}", "not a length"),
            ("empty", b"Content-Length:\r\n\r\n{}", "not a length"),
            ("no length", b"Content-Type: x\r\n\r\n{}", "without Content-Length"),
            ("short body", b"Content-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\"}", "shorter than"),
            ("no blank line", b"Content-Length: 44\r\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"x\"}", "blank line"),
            ("no header", b"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"x\"}\r\n", "outside any message"),
            ("header too long", &[b"X-Junk: ".as_slice(), &[b'a'; 10_000], b"\r\n\r\n"].concat(), "longer than"),
        ];
        for (name, bad, problem) in cases {
            let input = [*bad, &frame(PING)].concat();
            for chunk in [1, 7, 64, input.len()] {
                let (events, held) = events(&input, chunk, 1 << 20);
                assert_eq!(events.len(), 2, "{name}, chunk {chunk}: {events:?}");
                let error = error_of(&events[0]);
                assert_eq!(error["error"]["code"], -32700, "{name}");
                let message = error["error"]["message"].as_str().unwrap();
                assert!(message.contains(problem), "{name}: {message}");
                assert_eq!(events[1], Event::Message(PING.to_vec()), "{name}, chunk {chunk}");
                assert!(held <= MAX_HEADER + chunk + 64, "{name}: {held} bytes held");
            }
        }
    }

    /// The id of a request that cannot be read is named when the bytes at hand show it.
    #[test]
    fn an_unreadable_request_is_answered_with_its_id_when_it_shows() {
        let over = b"Content-Length: 99999999999\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"x\",\"params\":{}}";
        assert_eq!(error_of(&events(over, over.len(), 1 << 20).0[0])["id"], 5);
        let short =
            [b"Content-Length: 900\r\n\r\n{\"id\":\"a\\\"b\",\"x\":[1,{\"id\":2}]}".as_slice(), &frame(PING)].concat();
        assert_eq!(error_of(&events(&short, short.len(), 1 << 20).0[0])["id"], "a\"b");
        assert_eq!(peek_id(br#"{"params":{"id":1},"id":-3,"method":"x"}"#), json!(-3));
        assert_eq!(peek_id(br#"{"jsonrpc":"2.0","id":12"#), Value::Null, "a number cut short");
        assert_eq!(peek_id(br#"{"id":{"x":1}}"#), Value::Null);
    }

    /// The cap is the limit: a message of its size is read, one byte more is not.
    #[test]
    fn a_message_at_the_cap_is_read_and_one_byte_over_is_not() {
        let body = br#"{"jsonrpc":"2.0","method":"initialized","params":{"x":"          "}}"#;
        let (events_at, _) = events(&frame(body), 5, body.len());
        assert_eq!(events_at, [Event::Message(body.to_vec())]);
        let (events_over, held) = events(&[frame(body), frame(PING)].concat(), 5, body.len() - 1);
        assert!(error_of(&events_over[0])["error"]["message"].as_str().unwrap().contains("over the limit"));
        assert_eq!(events_over[1], Event::Message(PING.to_vec()));
        assert!(held < 100, "the body over the cap is not held: {held}");
    }

    /// A body that holds the words of a header inside a JSON string is read whole.
    #[test]
    fn a_header_inside_a_json_string_is_part_of_the_body() {
        let body = br#"{"jsonrpc":"2.0","method":"x","params":{"text":"Content-Length: 5\r\n\r\nabc"}}"#;
        let (events, _) = events(&[frame(body), frame(PING)].concat(), 3, 1 << 20);
        assert_eq!(events, [Event::Message(body.to_vec()), Event::Message(PING.to_vec())]);
    }

    #[test]
    fn messages_that_are_not_json_rpc_get_their_error() {
        assert!(check_message(br#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#).is_ok());
        assert!(check_message(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#).is_ok());
        assert!(check_message(br#"{"jsonrpc":"2.0","id":4,"result":null}"#).is_ok());
        assert!(check_message(b"{nope").unwrap_err().contains("-32700"));
        let invalid = check_message(br#"{"jsonrpc":"2.0","id":7,"params":3}"#).unwrap_err();
        assert!(invalid.contains("-32600") && invalid.contains("\"id\":7"), "{invalid}");
        assert!(check_message(b"[1,2]").unwrap_err().contains("-32600"));
    }
}
