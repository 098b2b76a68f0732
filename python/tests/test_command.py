"""The `kibitzer` command the wheel puts on the environment's PATH: the binary's every
subcommand, the language server included."""

from __future__ import annotations

import json
import subprocess
import sys

import kibitzer
from conftest import FIXTURES, REPO, kibitzer_command, run_cli


def test_version_is_the_workspace_version() -> None:
    done = run_cli("--version")
    assert done.returncode == 0
    assert done.stdout.decode().strip() == f"kibitzer {kibitzer.__version__}"
    cargo = (REPO / "Cargo.toml").read_text()
    assert f'version = "{kibitzer.__version__}"' in cargo


def test_check_of_the_demo_reports_and_exits_as_the_binary() -> None:
    done = run_cli("check", "fixtures/demo", cwd=REPO)
    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert "club-night.pgn:10:4: warning[PGN210]" in out
    assert "2 files checked" in out


def test_errors_exit_1_and_usage_errors_2() -> None:
    bad = run_cli("check", "--lang", "pgn", "-", input=b"1. e4 e5 2. Ke3 *\n")
    assert bad.returncode == 1 and b"PGN200" in bad.stdout
    usage = run_cli("check", "--no-such-flag")
    assert usage.returncode == 2 and b"--no-such-flag" in usage.stderr


def test_python_m_kibitzer_is_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "kibitzer", "rules", "PGN200"], capture_output=True, timeout=60)
    assert done.returncode == 0 and b"PGN200" in done.stdout


def test_the_language_server_answers_initialize_through_the_installed_command() -> None:
    server = subprocess.Popen([kibitzer_command(), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert server.stdin is not None and server.stdout is not None

    def send(message: dict) -> None:
        body = json.dumps(message).encode()
        assert server.stdin is not None
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive() -> dict:
        assert server.stdout is not None
        length = 0
        while True:
            line = server.stdout.readline()
            assert line, "the server closed its output"
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        answer: dict = json.loads(server.stdout.read(length))
        return answer

    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        answer = receive()
        while answer.get("id") != 1:
            answer = receive()
        assert answer["result"]["serverInfo"]["name"] == "kibitzer"
        assert "textDocumentSync" in answer["result"]["capabilities"]
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        while receive().get("id") != 2:
            pass
        send({"jsonrpc": "2.0", "method": "exit"})
        assert server.wait(timeout=30) == 0
    finally:
        if server.poll() is None:
            server.kill()
