"""Time the speed goals as whole processes against WeasyPrint's one-page document, cache cold and warm.

    python benchmarks/speed.py [--runs N] [--rows dungeon,sheets,deck,fillable] [--bytecode] [--pytest]

Each row is one `python -m printgen ...` command run in a fresh process, turn about with WeasyPrint's own
one-page document (`HTML(string="<h1>Floor</h1><p>One page.</p>").write_pdf(...)`) in a fresh process, so
the multiple holds however busy the machine is at the moment; the median of the pairs' multiples is printed,
with the medians of both wall times and the row's peak memory (the process's largest resident set, from the
kernel's accounting of the finished child). Each row runs three ways:

- cold: PRINTGEN_CACHE names an empty folder (made afresh before every run): a first run on a new machine
  or after an upgrade;
- warm: the same folder, filled by one run before the timed ones: every later run;
- off: PRINTGEN_CACHE=off, nothing read or kept.

The goals (issue: speed): a booklet within 1.5 times the one-page document, 100 sheets within 1.5 times,
every Card Rogue card within 1.2 times, 1,000 fillable sheets within 15 times and 250 MiB; a cold run at most
10% slower than the run before the cache. --pytest times README's `pytest` too (minutes; once).

Where PYTHONDONTWRITEBYTECODE is set, Python compiles every printgen module afresh on every run (a third of a
second a deck), while WeasyPrint's were compiled when it was installed, as an installed printgen's are; the
first line says so. --bytecode keeps printgen's compiled modules in a temporary folder (PYTHONPYCACHEPREFIX,
filled by a run before the timed ones) for both commands, as on a machine that installed printgen.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ONE_PAGE = ("import sys, weasyprint; weasyprint.HTML(string='<h1>Floor</h1><p>One page.</p>')"
            ".write_pdf(sys.argv[1])")
ROWS = {
    # name: (arguments, goal as a multiple of the one-page document, memory goal in MiB or None)
    "dungeon": (["dungeon", "--system", "roguelike", "--seed", "m1"], 1.5, None),
    "sheets": (["sheet", "--system", "roguelike", "--count", "100", "--seed", "s1"], 1.5, None),
    "deck": (["deck", "all", "--system", "card-rogue", "--seed", "k1"], 1.2, None),
    "fillable": (["sheet", "--system", "roguelike", "--count", "1000", "--fillable", "--seed", "f1"], 15.0, 250),
}
WAYS = ("cold", "warm", "off")


def whole_process(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and peak resident MiB of one run of ``args``, its output thrown away."""
    start = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"speed.py: {' '.join(args)} failed (exit {os.waitstatus_to_exitcode(status)})")
    return elapsed, usage.ru_maxrss / 1024  # Linux counts kibibytes


def row(name: str, way: str, runs: int, folder: Path, bytecode: bool = False) -> dict[str, float]:
    """The row's medians, made ``way`` (cold, warm or off), each run paired with the one-page document; with
    ``bytecode``, Python's compiled modules kept in the folder."""
    arguments, _, _ = ROWS[name]
    out = folder / "out.pdf"
    cache = folder / "cache"
    env = dict(os.environ, PRINTGEN_CACHE="off" if way == "off" else str(cache))
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "bytecode")
    command = [sys.executable, "-m", "printgen", *arguments, "-o", str(out), "--force"]
    one_page = [sys.executable, "-c", ONE_PAGE, str(folder / "one.pdf")]
    shutil.rmtree(cache, ignore_errors=True)
    if way == "warm" or bytecode:
        whole_process(command, env)  # the cache filled (emptied again below for a cold row), modules compiled
    if bytecode:
        whole_process(one_page, env)  # WeasyPrint's modules compiled into the folder too (read there, not beside them)
    ours, theirs, multiples, memory = [], [], [], []
    for _ in range(runs):
        if way == "cold":
            shutil.rmtree(cache, ignore_errors=True)
        wall, peak = whole_process(command, env)
        base, _ = whole_process(one_page, env)
        ours.append(wall)
        theirs.append(base)
        multiples.append(wall / base)
        memory.append(peak)
    return {"wall": statistics.median(ours), "one_page": statistics.median(theirs),
            "multiple": statistics.median(multiples), "peak": max(memory)}


def pytest_row(folder: Path) -> None:
    """README's test command, once, against the one-page document."""
    base, _ = whole_process([sys.executable, "-c", ONE_PAGE, str(folder / "one.pdf")], dict(os.environ))
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pytest", "-q"], cwd=Path(__file__).resolve().parent.parent,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    print(f"pytest: {wall:.0f} s, {wall / base:.0f}x the one-page document ({base:.2f} s); goal 350x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed pairs per row and way (default 3)")
    parser.add_argument("--rows", default=",".join(ROWS), help=f"rows to time, of {','.join(ROWS)}")
    parser.add_argument("--ways", default=",".join(WAYS), help=f"cache states, of {','.join(WAYS)}")
    parser.add_argument("--bytecode", action="store_true",
                        help="keep Python's compiled modules between runs, as an installed printgen has them")
    parser.add_argument("--pytest", action="store_true", help="time README's pytest too, once")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.runs} pairs each; load average {load:.1f} on {os.cpu_count()} cores at the start")
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not args.bytecode:
        print("PYTHONDONTWRITEBYTECODE is set: printgen's modules are compiled afresh every run (--bytecode keeps "
              "them compiled)")
    print(f"{'row':9} {'way':5} {'wall s':>7} {'one page s':>10} {'multiple':>9} {'goal':>6} {'peak MiB':>9}")
    with tempfile.TemporaryDirectory(prefix="printgen-speed-") as temp:
        folder = Path(temp)
        for name in args.rows.split(","):
            _, goal, memory_goal = ROWS[name]
            for way in args.ways.split(","):
                found = row(name, way, args.runs, folder, args.bytecode)
                memory = f" (goal {memory_goal})" if memory_goal else ""
                print(f"{name:9} {way:5} {found['wall']:7.2f} {found['one_page']:10.2f} {found['multiple']:8.2f}x "
                      f"{goal:5.1f}x {found['peak']:9.0f}{memory}", flush=True)
        if args.pytest:
            pytest_row(folder)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} at the end")


if __name__ == "__main__":
    main()
