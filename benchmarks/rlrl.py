"""Time the Rogue Like Roguelike campaign: generation (levels per second), JSON, and the PDF by part.

CPU time is given beside the wall-clock time, which a busy machine stretches.

    python benchmarks/rlrl.py
"""

import resource
import time

from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.rlrl import generate as campaign


def code(seed: str, **options: object) -> SeedCode:
    return SeedCode.make("dungeon", "rlrl", seed, {"rooms": 8, "copies": "both", "paper": "letter", **options})


def timed(label: str, runs: int, make) -> None:
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(runs):
        data = make(i)
    elapsed = (time.perf_counter() - start) / runs
    busy = (time.process_time() - cpu) / runs
    print(f"{label}: {elapsed:.3f} s each ({busy:.3f} s of CPU), {len(data) / 1024:.0f} KiB")


def main() -> None:
    build(code("warm-up"))  # imports, fonts
    campaigns = 10
    cpu = time.process_time()
    for i in range(campaigns):
        campaign.generate(code(f"bench-{i}"), 8)
    busy = time.process_time() - cpu
    print(f"generation: {10 * campaigns} levels in {busy:.2f} s of CPU = {10 * campaigns / busy:.0f} levels/s")
    timed("JSON, ten levels", 5, lambda i: build(code(f"bench-{i}", format="json")))
    for copies in ("rogue", "dm", "both"):
        timed(f"PDF, --copies {copies}", 3, lambda i: build(code(f"bench-{i}", copies=copies)))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory: {peak:.0f} MiB")


if __name__ == "__main__":
    main()
