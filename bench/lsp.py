#!/usr/bin/env python3
"""Drives `kibitzer lsp` over stdio like an editor and times what a user waits for.

Usage: bench/lsp.py KIBITZER_BINARY FILE [ROUNDS]   (FILE: .pgn, .pbn, .epd, .pbi)

Measures, with the server's default settings: didOpen -> first publishDiagnostics; a
one-character didChange after a pause (keystrokes spaced like a person's, more than the server's
typing gap of 250 ms apart, so each is checked at once) -> the diagnostics of that version; a
burst of fast typing (keystrokes 50 ms apart, which the server checks once typing pauses, after
its debounce) -> the diagnostics of the last keystroke's version; hover and completion on a
tag and on a move; code actions;
full-document formatting; and the server's peak resident memory (VmHWM from /proc).
Each clock runs from the moment the message is written to the pipe to the moment the last byte
of the server's answer is read from it: encoding the message before and decoding the answer
after are this client's work, printed beside where they are large. Timing belongs here, never
in a pass/fail test.
"""

import gc
import json
import os
import statistics
import subprocess
import sys
import threading
import queue
import re
import time
import lsp_frames


class Client:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.next_id = 1
        # When the last message `wait` returned arrived (its last byte read), and how long
        # decoding it took after that.
        self.arrived = None
        self.decoding = 0.0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        """Reads each message whole and notes when its last byte came, without decoding it: the
        clock stops when the server's answer is on this side of the pipe. Decoding is the
        client's work (Python takes 3-4 ms for a keystroke's 1,000 diagnostics and 50-60 ms for
        the formatting of 10 MB, where an editor's decoder takes a fraction), and done here it
        held the interpreter while later messages arrived: the last keystroke of a burst waited
        behind the decoding of the ones before (docs/performance.md, 2026-12-02)."""
        for body in lsp_frames.bodies(self.proc.stdout):
            self.messages.put((time.monotonic(), body))

    def send(self, msg):
        self.write(self.encode(msg))

    @staticmethod
    def encode(msg):
        """A message as it goes down the pipe, header and body."""
        body = json.dumps(msg).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def write(self, encoded):
        self.proc.stdin.write(encoded)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        sent = time.monotonic()
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == rid and "method" not in m, since=sent)

    def wait(self, pred, since=None, timeout=600):
        """The first message that `pred` accepts. Messages that arrived before `since` (when
        what is awaited was sent, so they cannot be its answer) are dropped undecoded."""
        deadline = time.monotonic() + timeout
        while True:
            arrived, body = self.messages.get(timeout=max(0.0, deadline - time.monotonic()))
            if since is not None and arrived < since:
                continue
            start = time.monotonic()
            msg = json.loads(body)
            if pred(msg):
                self.arrived, self.decoding = arrived, time.monotonic() - start
                return msg

    def diagnostics(self, uri, version, since=None):
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and m["params"].get("version") == version, since)

    def since(self, t):
        """Seconds from `t` to the arrival of the message `wait` last returned."""
        return self.arrived - t

    def cpu_seconds(self):
        """User + system CPU time of the server so far: on a loaded machine, steadier than wall time."""
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def memory_kib(self, field):
        """`VmHWM` (peak resident memory so far) or `VmRSS` (now) of the server, in KiB."""
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0


# A pause in typing: longer than the server's typing gap (TYPING_GAP in server/src/lsp/document.rs).
PAUSE = 0.3
# A burst of fast typing: keystrokes this far apart, BURST of them.
GAP = 0.05
BURST = 10


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def main():
    binary, path = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", errors="replace")
    uri = "file://" + os.path.abspath(path)
    lines = text.split("\n")
    c = Client(binary)
    c.request("initialize", {"processId": None, "rootUri": None,
                             "capabilities": {"general": {"positionEncodings": ["utf-16"]},
                                              "textDocument": {"codeAction": {"dataSupport": True,
                                                  "resolveSupport": {"properties": ["edit"]}}}},
                             })
    c.notify("initialized", {})
    print(f"file: {path} ({len(text.encode()) / 1e6:.1f} MB, {len(lines)} lines)")

    # The clock starts when the message goes down the pipe: Python's encoding of 10 MB of text
    # into JSON takes 60-80 ms, which is this client's, not the server's (an editor encodes in
    # its own time, in its own language); it is printed beside.
    t = time.monotonic()
    open_message = c.encode({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": os.path.splitext(path)[1][1:].lower(), "version": 1, "text": text}}})
    encoding = time.monotonic() - t
    t, cpu = time.monotonic(), c.cpu_seconds()
    c.write(open_message)
    first = c.diagnostics(uri, 1, since=t)
    print(f"didOpen -> diagnostics: {ms(c.since(t))} ({len(first['params']['diagnostics'])} published;"
          f" server CPU {ms(c.cpu_seconds() - cpu)} on {os.cpu_count()} cores; the client's JSON encoding of the"
          f" message before it and decoding of the answer after it, not counted: {ms(encoding)}, {ms(c.decoding)})")
    size = len(text.encode())
    def memory(field):
        kib = c.memory_kib(field)
        return f"{kib / 1024:.0f} MiB = {kib * 1024 / size:.1f} x file size"
    print(f"memory after open: {memory('VmRSS')} resident, peak {memory('VmHWM')}")

    # Keystrokes in the middle of the file: a space typed into a comment-free movetext line (in a
    # file of tags only, a PBN file, at the end of a tag line).
    middle = range(len(lines) // 2, len(lines))
    target = next((i for i in middle if lines[i] and not lines[i].startswith("[")), None)
    target = target if target is not None else next(i for i in middle if lines[i].strip())
    version, times, decodings = 1, [], []
    for r in range(rounds):
        version += 1
        change = ({"range": {"start": {"line": target, "character": 0}, "end": {"line": target, "character": 0}}, "text": " "}
                  if r % 2 == 0 else
                  {"range": {"start": {"line": target, "character": 0}, "end": {"line": target, "character": 1}}, "text": ""})
        time.sleep(PAUSE)
        t = time.monotonic()
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
        c.diagnostics(uri, version, since=t)
        times.append(c.since(t))
        decodings.append(c.decoding)
    print(f"didChange (1 char, after a pause) -> diagnostics: median {ms(statistics.median(times))}, max {ms(max(times))}"
          f" (the client's decoding after, not counted: median {ms(statistics.median(decodings))})")
    # Bursts of BURST keystrokes typed GAP apart, after a pause: from the last one to its diagnostics.
    times, decodings = [], []
    for r in range(max(1, rounds // 4)):
        time.sleep(PAUSE)
        for k in range(BURST):
            version += 1
            if k:
                time.sleep(GAP)
            t = time.monotonic()
            c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
                {"range": {"start": {"line": target, "character": 0}, "end": {"line": target, "character": k % 2}},
                 "text": " " if k % 2 == 0 else ""}]})
        c.diagnostics(uri, version, since=t)
        times.append(c.since(t))
        decodings.append(c.decoding)
    print(f"typing burst ({BURST} keystrokes {GAP * 1000:.0f} ms apart), last keystroke -> diagnostics: "
          f"median {ms(statistics.median(times))}, max {ms(max(times))} (decoding not counted: median"
          f" {ms(statistics.median(decodings))})")

    tag_line = next(i for i in range(target, 0, -1) if lines[i].startswith("[Event "))
    def timed(method, params):
        samples = []
        for _ in range(rounds):
            t = time.monotonic()
            answer = c.request(method, params)
            samples.append(c.since(t))
            assert "error" not in answer, answer
        return statistics.median(samples)
    pos = {"textDocument": {"uri": uri}, "position": {"line": tag_line, "character": 2}}
    print(f"hover (tag name): median {ms(timed('textDocument/hover', pos))}")
    pos = {"textDocument": {"uri": uri}, "position": {"line": tag_line, "character": 3}}
    print(f"completion (tag name): median {ms(timed('textDocument/completion', pos))}")
    # A move of the edited movetext line: hover replays its game up to it; completion at its
    # first character lists the legal moves of the position before it.
    move = re.search(r"(?<![\w.])[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](=[NBRQ])?[+#]?", lines[target])
    if move:
        pos = {"textDocument": {"uri": uri}, "position": {"line": target, "character": move.start()}}
        print(f"hover (move `{move.group(0)}`): median {ms(timed('textDocument/hover', pos))}")
        print(f"completion (legal moves): median {ms(timed('textDocument/completion', pos))}")
        context = {"diagnostics": []}
        params = {"textDocument": {"uri": uri}, "range": {"start": pos["position"], "end": pos["position"]},
                  "context": context}
        print(f"codeAction (at the move): median {ms(timed('textDocument/codeAction', params))}")
        actions = c.request("textDocument/codeAction", params)["result"]
        game = next(a for a in actions if a["title"] == "Format this game")
        t = time.monotonic()
        c.request("codeAction/resolve", game)
        print(f"codeAction/resolve (format this game): {ms(c.since(t))}")
        convert = next(a for a in actions if a["kind"] == "source.convertToExport")
        t = time.monotonic()
        c.request("codeAction/resolve", convert)
        print(f"codeAction/resolve (convert to export format, whole document): {ms(c.since(t))}")
    t = time.monotonic()
    answer = c.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}})
    edits = answer.get("result") or []
    print(f"formatting (whole document): {ms(c.since(t))} ({len(edits)} edits; the client's JSON decoding of the"
          f" answer after it, not counted: {ms(c.decoding)})")
    print(f"memory after formatting: peak {memory('VmHWM')}")
    # Whole-document requests an editor sends after each keystroke: the first answer computes
    # every game, the one after an edit should recompute only the game edited.
    doc = {"textDocument": {"uri": uri}}
    for method in ["textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/semanticTokens/full"]:
        t = time.monotonic()
        c.request(method, doc)
        cold = c.since(t)
        version += 1
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": target, "character": 0}, "end": {"line": target, "character": 0}}, "text": " "}]})
        t = time.monotonic()
        c.request(method, doc)
        print(f"{method.split('/', 1)[1]} (whole document): first {ms(cold)}, after a keystroke {ms(c.since(t))}")
    # After a keystroke an editor that has the tokens asks only for what changed.
    previous_id = c.request("textDocument/semanticTokens/full", doc)["result"]["resultId"]
    # The whole answer's millions of numbers are garbage now: collected here, not while timing.
    gc.collect()
    version += 1
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
        {"range": {"start": {"line": target, "character": 0}, "end": {"line": target, "character": 0}}, "text": " "}]})
    t = time.monotonic()
    delta = c.request("textDocument/semanticTokens/full/delta", {"textDocument": {"uri": uri},
                                                                 "previousResultId": previous_id})["result"]
    sent = sum(len(e.get("data") or []) for e in delta.get("edits", [])) if "edits" in delta else len(delta["data"])
    print(f"semanticTokens/full/delta (after a keystroke): {ms(c.since(t))} ({sent} numbers sent)")
    # What an editor asks for the lines on screen.
    screen = {"textDocument": {"uri": uri}, "range": {"start": {"line": target, "character": 0},
                                                      "end": {"line": target + 60, "character": 0}}}
    print(f"semanticTokens/range (60 lines): median {ms(timed('textDocument/semanticTokens/range', screen))}")
    print(f"peak memory (VmHWM): {memory('VmHWM')}")
    c.request("shutdown", None)
    c.notify("exit", None)
    c.proc.wait(timeout=10)


if __name__ == "__main__":
    main()
