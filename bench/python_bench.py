"""The measurements of bench/python.sh: python_bench.py KIBITZER_BINARY BIG_PGN CORPUS."""

import os
import subprocess
import sys
import time
from pathlib import Path

import kibitzer
import kibitzer.dask

def main() -> None:
    global binary
    binary, big, corpus = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    RUNS = 3


    def best(f):
        """The best wall time of RUNS runs of f() (the machine is shared), and f()'s result."""
        times, result = [], None
        for _ in range(RUNS):
            start = time.perf_counter()
            result = f()
            times.append(time.perf_counter() - start)
        return min(times), result


    def cli(*args):
        return subprocess.run([binary, "check", "--format", "json", *map(str, args)], stdout=subprocess.DEVNULL, check=False)


    rows = []
    mb = big.stat().st_size / 1e6
    t_cli, _ = best(lambda: cli(big))
    t_file, found = best(lambda: kibitzer.check_file(big))
    data = big.read_bytes()
    t_bytes, _ = best(lambda: kibitzer.check(data, path=big))
    rows.append((f"30 MB PGN ({mb:.1f} MB, {len(found)} diagnostics)", "`kibitzer check --format json` (binary)", t_cli, ""))
    rows.append(("", "`kibitzer.check_file(path)`", t_file, f"{(t_file / t_cli - 1) * 100:+.0f} %"))
    rows.append(("", "`kibitzer.check(bytes, path=)`", t_bytes, f"{(t_bytes / t_cli - 1) * 100:+.0f} %"))

    DD_TAGS = (b"DoubleDummyTricks", b"OptimumScore", b"OptimumResultTable", b"ParContract")
    # Hand records with DD tags are left out: checking them is solving their deals (bench/dd.sh).
    files = sorted(
        p
        for p in corpus.rglob("*")
        if p.suffix in (".pgn", ".pbn", ".pbi", ".epd", ".fen") and p.is_file() and not any(t in p.read_bytes() for t in DD_TAGS)
    )
    items = [(str(p), p.read_bytes()) for p in files]
    size = sum(len(b) for _, b in items) / 1e6
    t_corpus_cli, _ = best(lambda: cli(*files))
    t_loop, _ = best(lambda: [kibitzer.check(b, path=n) for n, b in items])
    t_many1, _ = best(lambda: kibitzer.check_many(items, threads=1))
    t_many, _ = best(lambda: kibitzer.check_many(items))
    label = f"corpus without DD-tagged PBN: {len(items)} files, {size:.1f} MB"
    rows.append((label, "`kibitzer check --format json FILES` (binary)", t_corpus_cli, ""))
    rows.append(("", "a loop of `kibitzer.check`", t_loop, f"{(t_loop / t_corpus_cli - 1) * 100:+.0f} %"))
    rows.append(("", "`kibitzer.check_many(items, threads=1)`", t_many1, f"{(t_many1 / t_corpus_cli - 1) * 100:+.0f} %"))
    rows.append(("", f"`kibitzer.check_many(items)` ({os.cpu_count()} cores)", t_many, f"{(t_many / t_corpus_cli - 1) * 100:+.0f} %"))

    from distributed import Client, LocalCluster  # noqa: E402

    pgn_files = [p for p in files if p.suffix in (".pgn", ".epd", ".pbn")]
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
            for blocksize in ("8 MiB", "1 MiB"):
                tasks = len(kibitzer.dask.plan(big, blocksize=blocksize, client=client))
                t, n = best(lambda: len(kibitzer.dask.check(big, blocksize=blocksize, client=client).compute()))
                rows.append((f"Dask, {workers} worker{'s' if workers > 1 else ''}", f"30 MB PGN, blocksize {blocksize} ({tasks} tasks, {n} rows)", t, f"{(t / t_cli - 1) * 100:+.0f} % vs binary"))
            tasks = len(kibitzer.dask.plan(pgn_files, blocksize="64 MiB", client=client))
            t, n = best(lambda: len(kibitzer.dask.check(pgn_files, client=client).compute()))
            rows.append(("", f"corpus PGN/EPD/PBN ({tasks} tasks, {n} rows)", t, ""))
            # The cost of a task: many tasks of almost nothing (a one-game file each).
            tiny = big.parent / "tiny"
            tiny.mkdir(exist_ok=True)
            one = big.read_bytes()[:2000].rsplit(b"\n\n[", 1)[0] + b"\n"
            names = []
            for k in range(200):
                (tiny / f"{k:03}.pgn").write_bytes(one)
                names.append(tiny / f"{k:03}.pgn")
            t, _ = best(lambda: kibitzer.dask.check(names, client=client).compute())
            rows.append(("", "200 tasks of one game each (per task)", t / 200, ""))

    print("| input | how | wall s (best of 3) | vs the binary |")
    print("|---|---|---:|---:|")
    for label, how, t, rel in rows:
        print(f"| {label} | {how} | {t:.3f} | {rel} |")


if __name__ == "__main__":
    # Dask's worker processes are spawned: they import this file, which must not run again.
    main()
