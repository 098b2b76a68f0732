//! Stdio framing in front of tower-lsp-server, so that a malformed message is answered and
//! skipped rather than ending the session.
//!
//! tower-lsp-server's reader stops for good at the first body it cannot decode (tokio-util's
//! `FramedRead` ends after an error), which would make one bad message from a client fatal. So
//! every frame from stdin is checked here first: valid JSON-RPC messages are passed on to the
//! server through an in-memory pipe; anything else gets the JSON-RPC error response (-32700
//! parse error, -32600 invalid request) written between the server's own frames. Notifications
//! the server serialises itself ([`Outbox`]) are written between them the same way.

use super::large_answers;
use super::large_texts;
use super::outbox::{Outbox, OutboxReader};
use serde_json::{json, Value};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::{ClientSocket, LspService, Server};

/// Serves `service` on stdin/stdout until `exit` or the end of input, with the frames of
/// `outbox` (and `reader`, its reading end) between the server's own.
pub async fn serve_stdio<S: tower_lsp_server::LanguageServer>(
    service: LspService<S>,
    socket: ClientSocket,
    outbox: Outbox,
    reader: OutboxReader,
) {
    let (server_in, mut feed) = tokio::io::duplex(1 << 16);
    let (server_out, drain) = tokio::io::duplex(1 << 16);

    let input = tokio::spawn(async move {
        let mut stdin = BufReader::new(tokio::io::stdin());
        // Between `initialized` and `shutdown` the server hands every didOpen and didChange to
        // its handler, which takes a parked text back ([`large_texts`]).
        let mut handled = false;
        while let Ok(Some(body)) = read_frame(&mut stdin).await {
            match check_message(&body) {
                Ok(mut message) => {
                    match message.get("method").and_then(Value::as_str) {
                        Some("initialized") => handled = true,
                        Some("shutdown") => handled = false,
                        _ => {}
                    }
                    let body = match handled && large_texts::park(&mut message) {
                        true => serde_json::to_vec(&message).unwrap_or(body),
                        false => body,
                    };
                    drop(message);
                    // Header and body written apart: a 10 MB didOpen is not copied into a frame.
                    let header = format!("Content-Length: {}\r\n\r\n", body.len());
                    if feed.write_all(header.as_bytes()).await.is_err() || feed.write_all(&body).await.is_err() {
                        break;
                    }
                }
                Err(answer) => {
                    eprintln!("kibitzer lsp: malformed message answered with {answer}");
                    outbox.send_frame(answer.into_bytes());
                }
            }
        }
        // End of input: the server sees its stdin close and stops.
    });
    let output = write_output(drain, reader);
    let server = Server::new(server_in, server_out, socket).serve(service);
    tokio::join!(server, output);
    input.abort();
}

/// Copies the server's frames to stdout whole, with the outbox's frames (error answers,
/// notifications) between them. A frame's body is streamed through, not held: a formatting
/// answer for a large file is megabytes.
async fn write_output(drain: tokio::io::DuplexStream, mut outbox: OutboxReader) {
    let mut from_server = BufReader::new(drain);
    let mut stdout = tokio::io::stdout();
    // Kept across the loop: an outbox frame may interrupt the read of a header.
    let mut header = Header::default();
    loop {
        let written = tokio::select! {
            length = read_header(&mut from_server, &mut header) => match length {
                Ok(Some(n)) if n <= large_answers::STAND_IN_MAX => async {
                    // A small frame may be the stand-in of a parked answer ([`parked`]).
                    let mut body = vec![0; n];
                    from_server.read_exact(&mut body).await?;
                    match large_answers::splice(&body) {
                        Some(answer) => {
                            stdout.write_all(format!("Content-Length: {}\r\n\r\n", answer.len()).as_bytes()).await?;
                            stdout.write_all(&answer.head).await?;
                            stdout.write_all(&answer.result).await?;
                            stdout.write_all(answer.tail).await
                        }
                        None => {
                            stdout.write_all(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes()).await?;
                            stdout.write_all(&body).await
                        }
                    }
                }
                .await,
                Ok(Some(n)) => async {
                    stdout.write_all(format!("Content-Length: {n}\r\n\r\n").as_bytes()).await?;
                    let copied = tokio::io::copy(&mut (&mut from_server).take(n as u64), &mut stdout).await?;
                    if copied < n as u64 {
                        return Err(std::io::ErrorKind::UnexpectedEof.into());
                    }
                    Ok(())
                }
                .await,
                _ => break, // the server has finished
            },
            Some(frame) = outbox.recv() => async {
                stdout.write_all(format!("Content-Length: {}\r\n\r\n", frame.len()).as_bytes()).await?;
                stdout.write_all(&frame).await
            }
            .await,
        };
        if written.is_err() || stdout.flush().await.is_err() {
            break;
        }
    }
}

/// Reads one `Content-Length` frame's body; `None` at the end of input.
async fn read_frame<R: AsyncBufRead + Unpin>(reader: &mut R) -> std::io::Result<Option<Vec<u8>>> {
    let Some(n) = read_header(reader, &mut Header::default()).await? else { return Ok(None) };
    let mut body = vec![0; n];
    reader.read_exact(&mut body).await?;
    Ok(Some(body))
}

/// What has been read of a header block: the line being read and the length a complete line
/// gave. Kept by the caller, so that a read of a header interrupted by another branch of a
/// `select!` (the outbox's frames, in [`write_output`]) goes on where it stopped: a header
/// can arrive in pieces when the server's frames fill the pipe between them.
#[derive(Default)]
struct Header {
    line: Vec<u8>,
    length: Option<usize>,
}

/// Reads header blocks up to one with a `Content-Length`, and gives that length; `None` at the
/// end of input. Header lines other than `Content-Length` are skipped, as is anything before a
/// header block, and a block without a length. Cancel safe: what is read stays in `header`
/// (`read_until` appends to it as it reads).
async fn read_header<R: AsyncBufRead + Unpin>(reader: &mut R, header: &mut Header) -> std::io::Result<Option<usize>> {
    loop {
        if reader.read_until(b'\n', &mut header.line).await? == 0 && header.line.is_empty() {
            return Ok(None);
        }
        let line = std::mem::take(&mut header.line);
        let line = String::from_utf8_lossy(&line);
        let trimmed = line.trim_end_matches(['\r', '\n']);
        if trimmed.is_empty() {
            match header.length.take() {
                Some(n) => return Ok(Some(n)),
                None => continue,
            }
        }
        if let Some((name, value)) = trimmed.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                header.length = value.trim().parse::<usize>().ok();
            }
        }
    }
}

/// The message parsed, when the server can take it; else the error response to send.
fn check_message(body: &[u8]) -> Result<Value, String> {
    let mut value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(_) => return Err(error_response(Value::Null, -32700, "Parse error")),
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
    Err(error_response(id, -32600, "Invalid request"))
}

fn error_response(id: Value, code: i64, message: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_messages_get_their_json_rpc_error() {
        assert!(check_message(br#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#).is_ok());
        assert!(check_message(br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#).is_ok());
        assert!(check_message(br#"{"jsonrpc":"2.0","id":4,"result":null}"#).is_ok());
        assert!(check_message(b"{nope").unwrap_err().contains("-32700"));
        let invalid = check_message(br#"{"jsonrpc":"2.0","id":7,"params":3}"#).unwrap_err();
        assert!(invalid.contains("-32600") && invalid.contains("\"id\":7"), "{invalid}");
        assert!(check_message(b"[1,2]").unwrap_err().contains("-32600"));
    }

    /// A header that arrives in pieces, its read interrupted between them (as the outbox's
    /// frames interrupt it in `write_output`), is read whole once the rest comes.
    #[tokio::test]
    async fn a_header_read_interrupted_between_its_pieces_goes_on_where_it_stopped() {
        let (mut server, drain) = tokio::io::duplex(1024);
        let mut reader = BufReader::new(drain);
        let mut header = Header::default();
        let wait = std::time::Duration::from_millis(20);
        for piece in ["Content-Le", "ngth: 2\r", "\n", "\r"] {
            server.write_all(piece.as_bytes()).await.unwrap();
            let read = tokio::time::timeout(wait, read_header(&mut reader, &mut header)).await;
            assert!(read.is_err(), "no header yet after {piece:?}: the read is given up");
        }
        server.write_all(b"\n{}").await.unwrap();
        let read = tokio::time::timeout(std::time::Duration::from_secs(5), read_header(&mut reader, &mut header));
        assert_eq!(read.await.expect("the header, read whole").unwrap(), Some(2));
        let mut body = vec![0; 2];
        reader.read_exact(&mut body).await.unwrap();
        assert_eq!(body, b"{}");
    }

    #[tokio::test]
    async fn frames_are_read_whatever_the_headers() {
        let input = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}junk\r\n\r\nContent-Length: 1\r\n\r\nx";
        let mut reader = BufReader::new(&input[..]);
        assert_eq!(read_frame(&mut reader).await.unwrap(), Some(b"{}".to_vec()));
        assert_eq!(read_frame(&mut reader).await.unwrap(), Some(b"x".to_vec()));
        assert_eq!(read_frame(&mut reader).await.unwrap(), None);
    }
}
