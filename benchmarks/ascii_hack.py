"""Time the ASCII @HACK table kit: the reference (page and cards), a prompt deck, 200 pre-rolled obstacles.

    python benchmarks/ascii_hack.py

Prints the first run's wall time (it imports WeasyPrint and loads fonts and
data), then the best wall and CPU times of several more runs (CPU time is
the steadier figure on a busy machine), the file size and the process's
peak resident memory.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printgen.products import build  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402

RUNS = 5


def reference(size: str) -> SeedCode:
    return SeedCode.make("reference", "ascii-hack", "bench", {"paper": "letter", "size": size})


def deck(name: str, fmt: str = "pdf", **own: str) -> SeedCode:
    return SeedCode.make("deck", "ascii-hack", "bench", {"deck": name, "format": fmt, **own})


def measure(label: str, code: SeedCode) -> None:
    start = time.perf_counter()
    data = build(code)
    first = time.perf_counter() - start
    runs = [_timed(code) for _ in range(RUNS)]
    wall, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
    print(f"{label:<34} first {first * 1000:6.0f} ms  best {wall * 1000:6.0f} ms  cpu {cpu * 1000:6.0f} ms  "
          f"file {len(data) / 2**10:5.0f} KiB")


def _timed(code: SeedCode) -> tuple[float, float]:
    start, start_cpu = time.perf_counter(), time.process_time()
    build(code)
    return time.perf_counter() - start, time.process_time() - start_cpu


if __name__ == "__main__":
    measure("reference, one page", reference("page"))
    measure("reference, six cards", reference("card"))
    measure("monsters deck, 33 cards, duplex", deck("monsters"))
    measure("obstacles, 200 cards, duplex", deck("obstacles", count="200"))
    measure("obstacles, 200 cards, json", deck("obstacles", "json", count="200"))
    print(f"peak resident memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
