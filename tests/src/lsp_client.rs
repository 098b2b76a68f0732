//! A small LSP client for end-to-end tests: starts the real `kibitzer lsp` binary and speaks
//! JSON-RPC over its stdio with Content-Length framing, as an editor does.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub const TIMEOUT: Duration = Duration::from_secs(30);

pub struct LspClient {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    /// Notifications received while waiting for something else.
    pub notifications: Vec<Value>,
    /// Responses received while waiting for another one (by id): a server may answer requests
    /// in another order than they were sent (LSP allows it), and each is kept until asked for.
    responses: std::collections::HashMap<i64, Value>,
    next_id: i64,
    stderr: std::sync::Arc<std::sync::Mutex<String>>,
}

/// What VS Code 1.100 sends (abridged to the parts servers look at).
pub fn vscode_capabilities() -> Value {
    json!({
        "general": { "positionEncodings": ["utf-16"] },
        "textDocument": {
            "synchronization": { "dynamicRegistration": true, "didSave": true },
            "hover": { "contentFormat": ["markdown", "plaintext"] },
            "completion": { "completionItem": { "snippetSupport": true, "documentationFormat": ["markdown", "plaintext"] } },
            "documentSymbol": { "hierarchicalDocumentSymbolSupport": true },
            "publishDiagnostics": { "relatedInformation": true, "versionSupport": true },
            "codeAction": {
                "codeActionLiteralSupport": { "codeActionKind": { "valueSet": ["", "quickfix", "refactor", "refactor.extract", "refactor.inline", "refactor.rewrite", "source", "source.organizeImports"] } },
                "isPreferredSupport": true,
                "dataSupport": true,
                "resolveSupport": { "properties": ["edit"] }
            },
            "foldingRange": { "lineFoldingOnly": true },
            "rename": { "prepareSupport": true, "honorsChangeAnnotations": true },
            "semanticTokens": {
                "requests": { "full": { "delta": true }, "range": true },
                "tokenTypes": ["namespace", "type", "property", "string", "number", "function", "operator", "comment", "keyword", "enumMember", "macro", "decorator"],
                "tokenModifiers": ["declaration", "readonly"],
                "formats": ["relative"]
            }
        },
        "workspace": { "configuration": true, "didChangeConfiguration": { "dynamicRegistration": true } }
    })
}

/// What Neovim 0.10 sends: it offers UTF-8 first.
pub fn neovim_capabilities() -> Value {
    json!({
        "general": { "positionEncodings": ["utf-8", "utf-16", "utf-32"] },
        "textDocument": {
            "hover": { "contentFormat": ["markdown", "plaintext"] },
            "publishDiagnostics": { "relatedInformation": true, "tagSupport": { "valueSet": [1, 2] } },
            "documentSymbol": { "hierarchicalDocumentSymbolSupport": true }
        },
        "workspace": { "configuration": true }
    })
}

impl LspClient {
    pub fn start() -> LspClient {
        LspClient::start_with_env(&[])
    }

    pub fn start_with_env(env: &[(&str, &str)]) -> LspClient {
        LspClient::start_with(&[], env)
    }

    /// Starts `kibitzer lsp ARGS…` with the environment variables `env`.
    pub fn start_with(args: &[&str], env: &[(&str, &str)]) -> LspClient {
        let mut child = Command::new(crate::kibitzer())
            .arg("lsp")
            .args(args)
            .env("KIBITZER_CACHE_DIR", crate::cache_dir())
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start kibitzer lsp");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(msg) = read_message(&mut reader) {
                if tx.send(msg).is_err() {
                    break;
                }
            }
        });
        let stderr = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut err = child.stderr.take().unwrap();
        let sink = stderr.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        LspClient {
            stdin: child.stdin.take(),
            child,
            messages: rx,
            notifications: Vec::new(),
            responses: Default::default(),
            next_id: 1,
            stderr,
        }
    }

    /// The server's process id (its memory is read from `/proc/<id>/status`).
    pub fn process_id(&self) -> u32 {
        self.child.id()
    }

    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    pub fn send_raw(&mut self, body: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        write!(stdin, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        stdin.write_all(body).unwrap();
        stdin.flush().unwrap();
    }

    /// Writes `bytes` as they are, in one write: no framing added.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The server's resident memory now and at its peak, in KiB (`VmRSS`, `VmHWM` of
    /// /proc/PID/status); `None` where /proc cannot be read.
    pub fn memory_kib(&self) -> Option<(u64, u64)> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let field = |name: &str| -> Option<u64> {
            status.lines().find(|l| l.starts_with(name))?.split_whitespace().nth(1)?.parse().ok()
        };
        Some((field("VmRSS:")?, field("VmHWM:")?))
    }

    pub fn send(&mut self, message: &Value) {
        self.send_raw(serde_json::to_string(message).unwrap().as_bytes());
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its id without waiting.
    pub fn request_async(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// Sends a request and waits for its response (the whole message: `result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.request_async(method, params);
        self.response(id)
    }

    /// The `result` of a request, panicking on an error response.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        assert!(response.get("error").is_none(), "{method} failed: {response}");
        response["result"].clone()
    }

    fn next(&mut self, deadline: Instant) -> Value {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.messages.recv_timeout(left) {
            Ok(msg) => {
                // Requests from the server (configuration, progress) get a plain answer.
                if msg.get("method").is_some() && msg.get("id").is_some() {
                    let answer = match msg["method"].as_str() {
                        Some("workspace/configuration") => json!([null]),
                        _ => Value::Null,
                    };
                    self.send(&json!({"jsonrpc": "2.0", "id": msg["id"], "result": answer}));
                }
                msg
            }
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server in time; stderr:\n{}", self.stderr()),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output; stderr:\n{}", self.stderr()),
        }
    }

    pub fn response(&mut self, id: i64) -> Value {
        self.response_within(id, TIMEOUT)
    }

    /// [`response`](Self::response), waiting up to `timeout` (a test that asks for much at
    /// once, on a machine that may be busy). A response that came earlier, while the client
    /// waited for another, is taken from those kept.
    pub fn response_within(&mut self, id: i64, timeout: Duration) -> Value {
        if let Some(msg) = self.responses.remove(&id) {
            return msg;
        }
        let deadline = Instant::now() + timeout;
        loop {
            let msg = self.next(deadline);
            if msg.get("method").is_none() && msg["id"] == json!(id) {
                return msg;
            }
            self.keep(msg);
        }
    }

    /// Keeps a message that is not the one waited for: a notification, or the response to
    /// another request (server requests are answered in [`next`](Self::next)).
    fn keep(&mut self, msg: Value) {
        if msg.get("method").is_none() {
            if let Some(id) = msg["id"].as_i64() {
                self.responses.insert(id, msg);
            }
        } else if msg.get("id").is_none() {
            self.notifications.push(msg);
        }
    }

    /// Waits for a message matching `pred` (also looking at the notifications and responses
    /// already kept).
    pub fn wait_for(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        self.wait_for_within(pred, TIMEOUT)
    }

    /// [`wait_for`](Self::wait_for), waiting up to `timeout`.
    pub fn wait_for_within(&mut self, pred: impl Fn(&Value) -> bool, timeout: Duration) -> Value {
        if let Some(i) = self.notifications.iter().position(&pred) {
            return self.notifications.remove(i);
        }
        if let Some(id) = self.responses.iter().find(|(_, m)| pred(m)).map(|(id, _)| *id) {
            return self.responses.remove(&id).unwrap();
        }
        let deadline = Instant::now() + timeout;
        loop {
            let msg = self.next(deadline);
            if pred(&msg) {
                return msg;
            }
            self.keep(msg);
        }
    }

    /// The diagnostics published for `uri` at `version`.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let msg = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"].as_i64() == Some(version)
        });
        msg["params"]["diagnostics"].as_array().cloned().unwrap_or_default()
    }

    pub fn initialize(&mut self, capabilities: Value, options: Value) -> Value {
        let result = self.call(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities, "initializationOptions": options}),
        );
        self.notify("initialized", json!({}));
        result
    }

    pub fn open(&mut self, uri: &str, language: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}}),
        );
    }

    /// One incremental change: replace `range` ((line, char), (line, char)) by `text`.
    pub fn change(&mut self, uri: &str, version: i64, range: ((u32, u32), (u32, u32)), text: &str) {
        let ((l1, c1), (l2, c2)) = range;
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [
                {"range": {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}, "text": text}
            ]}),
        );
    }

    pub fn position_params(uri: &str, line: u32, character: u32) -> Value {
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
    }

    /// shutdown, then exit; returns the exit status.
    pub fn shutdown(mut self) -> ExitStatus {
        self.call("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        self.wait_exit()
    }

    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    pub fn wait_exit(mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for LspClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length:") {
            length = v.trim().parse().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// A `file://` URI for a path.
pub fn file_uri(path: &std::path::Path) -> String {
    format!("file://{}", path.display())
}

/// Applies LSP text edits to `text` here in the test (columns are UTF-16 code units), so that
/// the result can be compared with what the engine makes of the text.
pub fn apply_edits(text: &str, edits: &Value) -> String {
    let index = kibitzer_syntax::text::LineIndex::new(text);
    let offset = |p: &Value| {
        let pos = kibitzer_syntax::text::LineCol {
            line: p["line"].as_u64().unwrap() as u32,
            col: p["character"].as_u64().unwrap() as u32,
        };
        usize::from(index.offset(text, pos, kibitzer_syntax::text::ColumnUnit::Utf16))
    };
    let mut edits: Vec<(usize, usize, String)> = edits
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (offset(&e["range"]["start"]), offset(&e["range"]["end"]), e["newText"].as_str().unwrap().to_owned()))
        .collect();
    edits.sort();
    let mut out = text.to_owned();
    for (start, end, new) in edits.into_iter().rev() {
        out.replace_range(start..end, &new);
    }
    out
}
