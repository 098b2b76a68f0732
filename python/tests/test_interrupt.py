"""Ctrl-C stops a long call: the native work runs on a thread of its own while the calling thread
looks for signals every few milliseconds, so SIGINT raises `KeyboardInterrupt` in the caller
long before the work would end (the progress it reported says how far it got), and a
`progress(done, total)` callback sees the work advance."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from typing import List

import kibitzer

# Four hundred deals of a seeded shuffle: solving them all takes many seconds of the solver.
CHILD = textwrap.dedent(
    """
    import random, sys
    import kibitzer

    rng = random.Random(7)
    order = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    cards = list(order)

    def hand(held):
        return ".".join("".join(c[1] for c in held if c[0] == s) for s in "SHDC")

    games = []
    for n in range(1, 401):
        rng.shuffle(cards)
        hands = [sorted(cards[i * 13:(i + 1) * 13], key=order.index) for i in range(4)]
        deal = "N:" + " ".join(hand(h) for h in hands)
        games.append(f'[Board "{n}"]\\n[Dealer "N"]\\n[Vulnerable "None"]\\n[Deal "{deal}"]\\n\\n')

    def progress(done, total):
        print("progress", done, total, flush=True)

    try:
        kibitzer.dd("".join(games), progress=progress)
        print("finished", flush=True)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    """
)


def test_sigint_raises_keyboard_interrupt_before_the_work_ends() -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    lines: List[str] = []
    # The first report comes once the deals are counted: the solver has started.
    first = child.stdout.readline()
    lines.append(first.strip())
    assert first.startswith("progress"), (first, child.stderr.read() if child.stderr else "")
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=120)
    lines += out.split()
    assert child.returncode == 0, err
    assert "interrupted" in out and "finished" not in out, (lines, err)
    reports = [line.split() for line in [first, *out.splitlines()] if line.startswith("progress")]
    done, total = int(reports[-1][1]), int(reports[-1][2])
    assert total == 400 and done < total, reports


def test_progress_reaches_the_total_of_a_batch() -> None:
    reports: List[tuple[int, int]] = []
    items = [(f"g{n}.pgn", b"1. e4 e5 2. Nf3 *\n" * 200) for n in range(300)]
    found = kibitzer.check_many(items, threads=2, progress=lambda done, total: reports.append((done, total)))
    assert len(found) == 300
    assert reports and reports[-1] == (300, 300)
    assert all(total == 300 and 0 <= done <= 300 for done, total in reports)
    assert [d for d, _ in reports] == sorted(d for d, _ in reports)


def test_an_exception_in_the_progress_callback_stops_the_call() -> None:
    class Enough(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Enough

    items = [(f"g{n}.pgn", b"1. e4 e5 2. Nf3 *\n" * 2000) for n in range(200)]
    try:
        kibitzer.check_many(items, threads=1, progress=stop)
    except Enough:
        pass
    else:
        raise AssertionError("the callback's exception was not raised")
