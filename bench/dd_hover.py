#!/usr/bin/env python3
"""The editor's wait on a hand record: `kibitzer lsp` with an empty cache, the file opened, and
at once a hover on the first board's deal. Prints the seconds from didOpen to the hover's
answer, and from didOpen to the $/progress end of the file's solving (every deal solved).

Usage: bench/dd_hover.py KIBITZER_BINARY FILE.pbn CACHE_DIR
"""

import json
import os
import subprocess
import sys
import threading
import time
import queue
import lsp_frames

binary, path, cache = sys.argv[1], sys.argv[2], sys.argv[3]
env = dict(os.environ, KIBITZER_CACHE_DIR=cache)
proc = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        stderr=subprocess.DEVNULL, env=env)
messages = queue.Queue()


def read():
    for body in lsp_frames.bodies(proc.stdout):
        messages.put((time.perf_counter(), json.loads(body)))


threading.Thread(target=read, daemon=True).start()


def send(message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def wait(pred):
    while True:
        at, m = messages.get(timeout=600)
        if "id" in m and "method" in m:  # a request of the server: answered plainly
            send({"jsonrpc": "2.0", "id": m["id"], "result": None})
        if pred(m):
            return at, m


send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "capabilities": {"window": {"workDoneProgress": True},
                     "textDocument": {"hover": {"contentFormat": ["markdown"]}}}}})
wait(lambda m: m.get("id") == 1 and "method" not in m)
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
text = open(path, encoding="utf-8").read()
uri = "file://" + os.path.abspath(path)
deal_line = next(i for i, l in enumerate(text.splitlines()) if l.startswith("[Deal "))
opened = time.perf_counter()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
    "textDocument": {"uri": uri, "languageId": "pbn", "version": 1, "text": text}}})
send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
    "textDocument": {"uri": uri}, "position": {"line": deal_line, "character": 10}}})
hovered, answer = wait(lambda m: m.get("id") == 2 and "method" not in m)
assert "Double dummy" in json.dumps(answer), answer
ended, _ = wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"]["kind"] == "end")
print(f"{hovered - opened:.3f} {ended - opened:.3f}")
send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
send({"jsonrpc": "2.0", "method": "exit"})
proc.wait(timeout=60)
