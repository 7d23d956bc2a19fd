"""The largest files a studio user may ask for, made by a studio worker: its peak memory against the cap.

    python benchmarks/studio_memory.py

Each file is made through the studio's own pool (one worker, the default
Settings but for the time limit), its worker's resident memory read every
20 ms; the line gives the peak, the cap (Settings.worker_memory) and the
time. Every peak must stay under the cap, or the studio answers 413 for a
file a user may rightly ask for.
"""

import threading
import time

from printgen import products
from printgen.seed import SeedCode
from printgen.web.pool import Pool
from printgen.web.settings import MiB, Settings

LARGEST = [
    ("1,000 fillable Roguelike sheets", "sheet", "roguelike", {"count": "1000", "fillable": "yes"}),
    ("1,000 Roguelike sheets, 2 a page", "sheet", "roguelike", {"count": "1000", "per-page": "2"}),
    ("Roguelike booklet, 20 levels of 40 rooms", "dungeon", "roguelike", {"levels": "20", "rooms": "40"}),
    ("Amulet booklet, 30 levels", "dungeon", "amulet", {"levels": "30"}),
]


def resident(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmRSS:"))
    except (OSError, StopIteration):
        return 0


def main() -> None:
    settings = Settings(workers=1, time_limit=900)
    for label, product, system, options in LARGEST:
        pool = Pool(settings)  # a fresh worker for each, as the pool would give after a large file
        pool.ready(120)
        pid = pool.pids()[0]
        code = str(products.canonical(SeedCode.make(product, system, "studio-memory", options)))
        peak, done = [0], threading.Event()

        def watch():
            while not done.wait(0.02):
                peak[0] = max(peak[0], resident(pid))

        watcher = threading.Thread(target=watch)
        watcher.start()
        start = time.perf_counter()
        try:
            pool.run(("build", code, ()))
            outcome = "made"
        except Exception as exc:  # noqa: BLE001 - the line says what happened
            outcome = type(exc).__name__
        elapsed = time.perf_counter() - start
        done.set()
        watcher.join()
        pool.close()
        print(f"{label:<42} {outcome:<9} peak {peak[0] / MiB:6.0f} MiB of {settings.worker_memory // MiB} MiB, "
              f"{elapsed:5.1f} s")


if __name__ == "__main__":
    main()
