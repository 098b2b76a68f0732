#!/usr/bin/env python3
"""Many documents at once: `kibitzer lsp` with the default settings (the checks across files
on), a workspace folder of COUNT generated PGN files of about 100 KB, all opened one after the
other as an editor restoring a session does.

Usage: bench/lsp_documents.py KIBITZER_BINARY [COUNT [SETTINGS_JSON]]

Prints: the time from the first didOpen to the moment every document has been published once,
and to the last publication (when nothing more came for two seconds: the time of the last one);
how many publications were sent; the server's peak resident memory (VmHWM) and its resident
memory with the documents open and once idle after they are closed (its resident memory has
not gone down for two seconds), with the peak of the whole run. The files are the same as those
of tests/tests/lsp_heavy.rs (a copy of the first file's first game in each, a spelling of a
player in some), written to a temporary folder. Timing belongs here, never in a pass/fail test.
"""

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
import lsp_frames


def moves(n):
    def order(k):
        files = list("abcdefgh")
        out = []
        for _ in range(4):
            out.append(files.pop(k % len(files)))
            k //= len(files) + 1
        return out
    white, black = order(n % 1680), order(n // 1680)
    return " ".join(f"{i + 1}. {white[i]}3 {black[i]}6" for i in range(4))


def pgn_games(games, salt):
    out = []
    for g in range(games):
        n = g + salt * games
        out.append(f'[White "Player{n % 499}, A"]\n[Black "Player{n % 491}, B"]\n[Event "Club {salt}"]\n[Site "Town"]\n'
                   f'[Date "2020.01.{1 + n % 28:02}"]\n[Round "{1 + g}"]\n[Result "*"]\n\n{moves(n)} *\n\n')
    return "".join(out)


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                fields[line.split(":")[0]] = int(line.split()[1]) // 1024
    return fields


class Client:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.messages = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for body in lsp_frames.bodies(self.proc.stdout):
            self.messages.put((time.monotonic(), json.loads(body)))

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            _, m = self.messages.get(timeout=600)
            if m.get("id") == self.next_id and "method" not in m:
                return m
            if "method" in m and "id" in m:
                self.send({"jsonrpc": "2.0", "id": m["id"], "result": [None] if m["method"] == "workspace/configuration" else None})

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})


def main():
    binary = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    settings = json.loads(sys.argv[3]) if len(sys.argv) > 3 else None
    with tempfile.TemporaryDirectory() as folder:
        first = pgn_games(1, 999).replace("Club 999", "Open")
        uris = []
        texts = []
        for k in range(count):
            text = first + pgn_games(610, k)
            if k % 20 == 7:
                text = text.replace("Player3, A", "player3,a", 1)
            path = os.path.join(folder, f"doc{k:03}.pgn")
            with open(path, "w") as f:
                f.write(text)
            uris.append("file://" + path)
            texts.append(text)
        c = Client(binary)
        c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                                 "workspaceFolders": [{"uri": "file://" + folder, "name": "games"}],
                                 "initializationOptions": settings})
        c.notify("initialized", {})
        before = memory(c.proc.pid)
        start = time.monotonic()
        for uri, text in zip(uris, texts):
            c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "pgn", "version": 1, "text": text}})
        sent = time.monotonic() - start
        published = {}
        publications = 0
        all_once = None
        last = start
        while True:
            try:
                at, m = c.messages.get(timeout=2.0)
            except queue.Empty:
                break
            if m.get("method") == "textDocument/publishDiagnostics":
                publications += 1
                published[m["params"]["uri"]] = m["params"]["diagnostics"]
                last = at
                if all_once is None and len(published) == count:
                    all_once = at - start
        settled = last - start
        opened = memory(c.proc.pid)
        copies = sum(1 for u in uris[1:] if any(d.get("code") == "PGN400" for d in published.get(u, [])))
        for uri in uris:
            c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        c.request("textDocument/hover", {"textDocument": {"uri": uris[0]}, "position": {"line": 0, "character": 2}})
        # Closing starts work (the files' facts on disk computed again, memory given back to the
        # system after it): idle is when the resident memory has not gone down for two seconds.
        closed = memory(c.proc.pid)
        steady = time.monotonic()
        while time.monotonic() - steady < 2.0 and time.monotonic() - start < 600:
            time.sleep(0.2)
            now = memory(c.proc.pid)
            if now["VmRSS"] < closed["VmRSS"]:
                steady = time.monotonic()
            closed = now
        c.request("shutdown", None)
        c.notify("exit", None)
        print(f"{count} documents of {len(texts[1]) // 1000} KB, settings {json.dumps(settings)}: "
              f"didOpens written in {sent:.2f} s; every document published once after {all_once if all_once is None else round(all_once, 2)} s, "
              f"the last publication after {settled:.2f} s; {publications} publications; "
              f"{copies} of {count - 1} documents with their copy across files (PGN400); "
              f"memory: {before['VmRSS']} MiB before, peak {opened['VmHWM']} MiB, {opened['VmRSS']} MiB open, "
              f"{closed['VmRSS']} MiB idle after closing them, peak of the whole run {closed['VmHWM']} MiB")


if __name__ == "__main__":
    main()
