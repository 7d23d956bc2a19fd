"""`printgen serve` as a person runs it: the real server on a free loopback port, under load, then stopped.

16 clients make 10 requests each, mixed products, pages and sizes, at once: every answer is right (0
errors), the server's memory stays within bounds, and when it is stopped its workers go with it.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import psutil
import pytest

import printgen

pytestmark = pytest.mark.server  # `printgen serve` started as a process: `-m 'not server'` leaves it out

CLIENTS = 16
REQUESTS = 10
SERVER_MEMORY = 400 * 1024 * 1024  # the server process itself; its workers are reported beside it


@contextmanager
def running_server(*args: str, temp: Path | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """`printgen serve --port 0 ...` from the printgen under test (with ``temp`` as its temporary folder);
    yields its URL, and stops it afterwards."""
    env = dict(os.environ, PYTHONPATH=str(Path(printgen.__file__).resolve().parent.parent), PYTHONUNBUFFERED="1")
    if temp is not None:
        env["TMPDIR"] = str(temp)
    process = subprocess.Popen([sys.executable, "-m", "printgen", "serve", "--port", "0", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    try:
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert found, f"printgen serve did not start: {line}{process.stdout.read() if process.poll() else ''}"
        yield found.group(0), process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        process.stdout.close()


def fetch(url: str, path: str, timeout: float = 120) -> tuple[int, bytes, dict]:
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        connection.close()


def mixed_requests(client: int) -> list[str]:
    """Ten requests of one client: files, pages at two widths, the catalogue and the page; shared and own."""
    codes = ["pg4:graph-paper:generic:load", "pg4:graph-paper:generic:load:grid=hex,paper=a4",
             "pg4:deck:amulet:load:deck=monsters", "pg4:sheet:amulet:load:count=2", "pg4:challenge:card-rogue:load:levels=1",
             "pg4:dungeon:amulet:load:levels=1", f"pg4:graph-paper:generic:client-{client}"]
    paths = []
    for index in range(REQUESTS):
        code = quote(codes[(client + index) % len(codes)], safe=":,=")
        kind = (client * 3 + index) % 5
        if kind == 0:
            paths.append(f"/file/{code}")
        elif kind == 1:
            paths.append(f"/preview/{code}/1.png?width=180")
        elif kind == 2:
            paths.append(f"/preview/{code}/1.png?width=600")
        elif kind == 3:
            paths.append("/api/products" if index % 2 else f"/api/file/{code}")
        else:
            paths.append("/" if index % 2 else f"/?code={code}")
    return paths


def test_sixteen_clients_at_once_get_every_answer_and_the_server_stops_cleanly(tmp_path):
    with running_server(temp=tmp_path) as (url, process):
        server = psutil.Process(process.pid)
        errors: list[str] = []
        answered = []
        peak = [0, 0]

        def client(number: int) -> None:
            for path in mixed_requests(number):
                try:
                    status, body, headers = fetch(url, path)
                except OSError as exc:
                    errors.append(f"{path}: {exc}")
                    continue
                if status != 200:
                    errors.append(f"{path}: {status} {body[:200]!r}")
                answered.append(path)

        def watch(stop: threading.Event) -> None:
            while not stop.is_set():
                try:
                    own = server.memory_info().rss
                    children = sum(c.memory_info().rss for c in server.children(recursive=True))
                except psutil.Error:
                    break
                peak[0], peak[1] = max(peak[0], own), max(peak[1], own + children)
                stop.wait(0.2)

        stop = threading.Event()
        watcher = threading.Thread(target=watch, args=(stop,))
        watcher.start()
        started = time.monotonic()
        threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
        stop.set()
        watcher.join()
        elapsed = time.monotonic() - started
        workers = server.children(recursive=True)
        assert not errors, errors[:5]
        assert len(answered) == CLIENTS * REQUESTS
        assert peak[0] <= SERVER_MEMORY, f"the server grew to {peak[0] / 2**20:.0f} MiB"
        print(f"\n{CLIENTS}x{REQUESTS} requests in {elapsed:.1f} s; server {peak[0] / 2**20:.0f} MiB, "
              f"with its workers {peak[1] / 2**20:.0f} MiB")
    assert process.returncode == 0
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(w.is_running() and w.status() != psutil.STATUS_ZOMBIE for w in workers):
        time.sleep(0.1)
    assert not [w.pid for w in workers if w.is_running() and w.status() != psutil.STATUS_ZOMBIE]
    while time.monotonic() < deadline and any(tmp_path.iterdir()):
        time.sleep(0.1)
    assert not list(tmp_path.iterdir()), "the studio left files in its temporary folder (WeasyPrint's fonts?)"


def test_it_listens_on_loopback_unless_told_and_warns_when_told():
    with running_server() as (url, _):
        assert url.startswith("http://127.0.0.1:")
        assert fetch(url, "/api/seed")[0] == 200
    env = dict(os.environ, PYTHONPATH=str(Path(printgen.__file__).resolve().parent.parent))
    process = subprocess.Popen([sys.executable, "-m", "printgen", "serve", "--host", "127.0.0.2", "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        warning = process.stderr.readline()
        assert "warning" in warning and "127.0.0.2" in warning
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
        process.stdout.close()
        process.stderr.close()
