//! Frames the stdio writer (`transport.rs`) puts between the server's own: the error answers to
//! malformed messages, and the notifications the server serialises itself ([`Outbox::notify`]).
//! Below the state, which publishes through it, and the transport, which writes it out.

use tokio::sync::mpsc;

/// The sending end, cloned wherever frames are sent from.
#[derive(Clone)]
pub struct Outbox(mpsc::UnboundedSender<Vec<u8>>);

/// The reading end, which the stdio writer reads frames from.
pub struct OutboxReader(mpsc::UnboundedReceiver<Vec<u8>>);

impl Outbox {
    pub fn new() -> (Outbox, OutboxReader) {
        let (tx, rx) = mpsc::unbounded_channel();
        (Outbox(tx), OutboxReader(rx))
    }

    /// Sends a whole JSON-RPC message's bytes; gives `false` when nothing reads them.
    pub fn send_frame(&self, frame: Vec<u8>) -> bool {
        self.0.send(frame).is_ok()
    }

    /// Sends the notification `N` with `params`, serialised straight to JSON bytes:
    /// tower-lsp-server would make a `serde_json::Value` of them first, which for a thousand
    /// diagnostics is a tree of tens of thousands of small allocations, built and freed again —
    /// measured, most of what a keystroke in a large file cost once its check was incremental.
    /// Gives `false` when nothing reads the frames (no stdio writer): send it the usual way.
    /// Frames sent here are written in the order sent, but not in order with the server's own:
    /// a kind of notification goes one way only.
    pub fn notify<N: tower_lsp_server::ls_types::notification::Notification>(&self, params: &N::Params) -> bool {
        #[derive(serde::Serialize)]
        struct Frame<'a, P> {
            jsonrpc: &'static str,
            method: &'static str,
            params: &'a P,
        }
        match serde_json::to_vec(&Frame { jsonrpc: "2.0", method: N::METHOD, params }) {
            Ok(bytes) => self.send_frame(bytes),
            Err(_) => false,
        }
    }
}

impl OutboxReader {
    /// The next frame; `None` once every sender is gone.
    pub async fn recv(&mut self) -> Option<Vec<u8>> {
        self.0.recv().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// A notification sent through the outbox is a JSON-RPC notification whose params read back
    /// as sent; with no one reading the frames, the sender is told to send it the usual way.
    #[test]
    fn a_notification_is_written_as_json_rpc_and_the_sender_told_when_no_one_reads_it() {
        use tower_lsp_server::ls_types::notification::PublishDiagnostics;
        use tower_lsp_server::ls_types::{Diagnostic, PublishDiagnosticsParams};
        let (outbox, mut reader) = Outbox::new();
        let params = PublishDiagnosticsParams {
            uri: "file:///tmp/a.pgn".parse().unwrap(),
            diagnostics: vec![Diagnostic { message: "a \"quoted\" word".into(), ..Diagnostic::default() }],
            version: Some(7),
        };
        assert!(outbox.notify::<PublishDiagnostics>(&params));
        let frame = reader.0.try_recv().expect("a frame");
        let value: Value = serde_json::from_slice(&frame).unwrap();
        assert_eq!(value["jsonrpc"], "2.0");
        assert_eq!(value["method"], "textDocument/publishDiagnostics");
        assert!(value.get("id").is_none());
        let read: PublishDiagnosticsParams = serde_json::from_value(value["params"].clone()).unwrap();
        assert_eq!(read, params);
        drop(reader);
        assert!(!outbox.notify::<PublishDiagnostics>(&params));
    }
}
