//! Stdio framing in front of tower-lsp-server, so that a malformed message is answered and
//! skipped rather than ending the session.
//!
//! tower-lsp-server's reader stops for good at the first body it cannot decode (tokio-util's
//! `FramedRead` ends after an error), and its framing panics or aborts on a huge `Content-Length`,
//! which would make one bad message from a client fatal. So stdin is read here: [`Framer`] finds
//! the messages (capped in size, resynchronised on the next header after anything it cannot
//! read) and [`check_message`] checks each; valid JSON-RPC messages are passed on to the server
//! through an in-memory pipe; anything else gets the JSON-RPC error response (-32700 parse
//! error, -32600 invalid request) written between the server's own frames. Notifications the
//! server serialises itself ([`Outbox`]) are written between them the same way.

use super::framing::{check_message, Event, Framer};
use super::large_answers;
use super::large_texts;
use super::outbox::{Outbox, OutboxReader};
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tower_lsp_server::{ClientSocket, LspService, Server};

/// Serves `service` on stdin/stdout until `exit` or the end of input, with the frames of
/// `outbox` (and `reader`, its reading end) between the server's own. The client's messages are
/// read by [`Framer`] (at most `max_message` bytes each), and checked by [`check_message`];
/// `serving` says when the server hands documents to their handlers ([`large_texts`]).
pub async fn serve_stdio<S: tower_lsp_server::LanguageServer>(
    service: LspService<S>,
    socket: ClientSocket,
    outbox: Outbox,
    reader: OutboxReader,
    max_message: usize,
    serving: Arc<AtomicBool>,
) {
    let (server_in, mut feed) = tokio::io::duplex(1 << 16);
    let (server_out, drain) = tokio::io::duplex(1 << 16);

    let input = tokio::spawn(async move {
        let mut stdin = tokio::io::stdin();
        let mut framer = Framer::new(max_message);
        let mut chunk = vec![0; 1 << 16];
        'read: while let Ok(n @ 1..) = stdin.read(&mut chunk).await {
            framer.feed(&chunk[..n]);
            while let Some(event) = framer.next_event() {
                let body = match event {
                    Event::Message(body) => body,
                    Event::Unreadable(answer) => {
                        eprintln!("kibitzer lsp: unreadable bytes answered with {answer}");
                        outbox.send_frame(answer.into_bytes());
                        continue;
                    }
                };
                match check_message(&body) {
                    Ok(mut message) => {
                        // From a successful `initialize` (`serving`, set by the server) to
                        // `shutdown`, the server hands every didOpen and didChange to its
                        // handler, which takes a parked text back ([`large_texts`]).
                        if let Some("shutdown" | "exit") = message.get("method").and_then(Value::as_str) {
                            serving.store(false, Ordering::SeqCst);
                        }
                        let body = match serving.load(Ordering::SeqCst) && large_texts::park(&mut message) {
                            true => serde_json::to_vec(&message).unwrap_or(body),
                            false => body,
                        };
                        drop(message);
                        // Header and body written apart: a 10 MB didOpen is not copied into a frame.
                        let header = format!("Content-Length: {}\r\n\r\n", body.len());
                        if feed.write_all(header.as_bytes()).await.is_err() || feed.write_all(&body).await.is_err() {
                            break 'read;
                        }
                    }
                    Err(answer) => {
                        eprintln!("kibitzer lsp: malformed message answered with {answer}");
                        outbox.send_frame(answer.into_bytes());
                    }
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

/// What has been read of a header block: the line being read and the length a complete line
/// gave. Kept by the caller, so that a read of a header interrupted by another branch of a
/// `select!` (the outbox's frames, in [`write_output`]) goes on where it stopped: a header
/// can arrive in pieces when the server's frames fill the pipe between them.
#[derive(Default)]
struct Header {
    line: Vec<u8>,
    length: Option<usize>,
}

/// Reads the server's own header blocks (trusted: the client's go through [`Framer`]) up to one
/// with a `Content-Length`, and gives that length; `None` at the end of input. Header lines other than `Content-Length` are skipped, as is anything before a
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
