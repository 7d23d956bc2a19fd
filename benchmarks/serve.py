"""Time printgen studio as a browser uses it: `printgen serve` on a loopback port, warm, asked over HTTP.

    python benchmarks/serve.py [--runs N]

The figures issue "printgen studio" names:
- the preview of page 1 of a default Roguelike booklet for a seed never seen before, and the same again
  (cached);
- /file/ of a default 3-level Roguelike booklet for a new seed;
- 16 clients x 10 requests each, mixed products and pages: errors, and the server's memory (the server
  process alone, and with its workers: resident, and proportional, which counts the pages workers share
  with the fork server once).
Beside them, the same booklet made in one warm process by products.build (no server): what a preview of a
new seed cannot be faster than, since page 1's footer says "page 1 of N" and so needs the whole booklet.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from urllib.parse import quote

import psutil

BOOKLET = "pg4:dungeon:roguelike:{seed}"
WIDTH = 800
MIXED = ["pg4:graph-paper:generic:{seed}", "pg4:deck:roguelike:{seed}:deck=creatures",
         "pg4:sheet:amulet:{seed}:count=2", "pg4:challenge:card-rogue:{seed}:levels=1",
         "pg4:dungeon:amulet:{seed}:levels=1", "pg4:reference:ascii-hack:{seed}", "pg4:dungeon:roguelike:{seed}"]


def fresh() -> str:
    return "bench-" + uuid.uuid4().hex[:10]


class Server:
    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "printgen", "serve", "--port", "0"],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                        env=dict(os.environ, PYTHONUNBUFFERED="1"))
        line = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.process.kill()
            raise SystemExit(f"printgen serve did not start: {line}")
        self.port = int(found.group(1))

    def get(self, path: str) -> tuple[int, bytes, float]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=300)
        started = time.perf_counter()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            return response.status, body, time.perf_counter() - started
        finally:
            connection.close()

    def memory(self) -> tuple[int, int, int]:
        """Resident bytes of the server; of the server and its workers; their proportional set size."""
        server = psutil.Process(self.process.pid)
        family = [server, *server.children(recursive=True)]
        resident = pss = 0
        for process in family:
            try:
                resident += process.memory_info().rss
                pss += process.memory_full_info().pss
            except psutil.Error:
                pass
        return server.memory_info().rss, resident, pss

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


def timed(server: Server, path: str) -> float:
    status, body, seconds = server.get(path)
    if status != 200:
        raise SystemExit(f"{path}: {status} {body[:300]!r}")
    return seconds


def path_of(code: str, page: int | None = None, width: int = WIDTH) -> str:
    quoted = quote(code, safe=":,=")
    return f"/file/{quoted}" if page is None else f"/preview/{quoted}/{page}.png?width={width}"


def load(server: Server, clients: int = 16, requests: int = 10) -> tuple[int, float, list[int]]:
    errors = []
    peak = [0, 0, 0]
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            peak[:] = [max(a, b) for a, b in zip(peak, server.memory())]
            stop.wait(0.25)

    def client(number: int) -> None:
        seeds = ["load-shared", f"load-{number}"]
        for index in range(requests):
            code = MIXED[(number + index) % len(MIXED)].format(seed=seeds[index % 2])
            page = None if index % 3 == 0 else 1
            status, body, _ = server.get(path_of(code, page, 180 if index % 2 else WIDTH))
            if status != 200:
                errors.append(f"{code} {page}: {status} {body[:200]!r}")

    watcher = threading.Thread(target=watch)
    watcher.start()
    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    stop.set()
    watcher.join()
    for error in errors[:5]:
        print("  error:", error)
    return len(errors), elapsed, peak


def direct(runs: int) -> list[float]:
    """The booklet made by products.build in this process, warm: the floor for a new seed's page 1."""
    from printgen import products
    from printgen.seed import SeedCode

    products.build(SeedCode.parse(BOOKLET.format(seed=fresh())))
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        products.build(SeedCode.parse(BOOKLET.format(seed=fresh())))
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    server = Server()
    try:
        # Warm: the workers have started and made a booklet each.
        for _ in range(2):
            timed(server, path_of(BOOKLET.format(seed=fresh())))
        first = [timed(server, path_of(BOOKLET.format(seed=seed), 1)) for seed in [fresh() for _ in range(runs)]]
        repeat_code = BOOKLET.format(seed=fresh())
        timed(server, path_of(repeat_code, 1))
        again = [timed(server, path_of(repeat_code, 1)) for _ in range(max(runs, 20))]
        files = [timed(server, path_of(BOOKLET.format(seed=fresh()))) for _ in range(runs)]
        errors, elapsed, (own, family, pss) = load(server)
        processes = psutil.Process(server.process.pid)
        each = [(p.pid, p.memory_full_info()) for p in [processes, *processes.children(recursive=True)]]
    finally:
        server.stop()
    floor = direct(runs)
    ms = lambda values: f"median {statistics.median(values) * 1000:.0f} ms (min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f})"  # noqa: E731
    print(f"cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}")
    print(f"preview page 1, default Roguelike booklet, new seed ({runs}): {ms(first)}")
    print(f"the same preview again, cached ({len(again)}): {ms(again)}")
    print(f"/file/ of a default 3-level Roguelike booklet, new seed ({runs}): {ms(files)}")
    print(f"the same booklet by products.build in one warm process, no server ({runs}): {ms(floor)}")
    print(f"16 clients x 10 requests, mixed: {errors} errors in {elapsed:.1f} s; server {own / 2**20:.0f} MiB, "
          f"with its workers {family / 2**20:.0f} MiB resident, {pss / 2**20:.0f} MiB proportional (peaks)")
    print("after it, each process (server, fork server, workers): " + ", ".join(
        f"{info.rss / 2**20:.0f} MiB resident / {info.pss / 2**20:.0f} proportional" for _, info in each))


if __name__ == "__main__":
    main()
