"""Time an illustrated deck of one's own against WeasyPrint's one-page document, on sheets and for DriveThruCards.

    python benchmarks/illustrated_deck.py [--runs N] [--keep DIR]

The deck: 300 cards in the built-in illustrated layout, each with one of 30 distinct 1000 × 1400 px
pictures (painted-looking PNGs with grain, as benchmarks/custom_deck.py paints them), an icon inline in its
rules text, and the drawing a designer adds: a title bar filled with a gradient, a star seal turned 15
degrees, a stamp half seen through. Each run is a whole process, from start to file; the line gives the
median wall time, its ratio to WeasyPrint's one-page document timed the same way in the same run, the peak
memory of that process alone (its maximum resident set, from wait4) and the file's size. The figures to meet
(issue 48): sheets within 8× the one-page document and under 250 MB; DriveThruCards (CMYK PDF/X-1a) within
20× and under 350 MB.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from custom_deck import CARDS, ICONS, write_deck  # noqa: E402

PICTURES = 30
ONE_PAGE = "import weasyprint, sys; weasyprint.HTML(string='<p>One page.</p>').write_pdf(sys.argv[1])"
LAYOUT = """\
extends: builtin:illustrated
elements:
  - name: title-bar
    fill: "linear-gradient(90deg, #3b2f22, #7a2e1f)"
  - name: seal
    after: title-bar
    type: shape
    shape: star 12 78%
    x: 2mm
    y: 2mm
    width: 13mm
    height: 13mm
    fill: "linear-gradient(160deg, #f6dc8a, #b8862b)"
    stroke: none
    rotate: 15
  - name: stamp
    after: art
    type: text
    text: "{type}"
    x: 10%
    y: 20%
    width: 80%
    height: 12mm
    size: 24
    bold: true
    wrap: false
    align: center
    color: "#fdf8ec"
    rotate: -12
    opacity: 50%
"""


def make_deck(folder: Path) -> Path:
    def row(n: int, picture: str, text: str) -> str:
        return (f"Card {n + 1},{picture},Kind {n % 7},\"Pay {n % 4} {{icon:{ICONS[n % len(ICONS)]}|size:120%|"
                f"color:darkred}}: {text}\",{n % 10},A line of flavour.")
    return write_deck(folder, PICTURES, LAYOUT, "title,picture,type,text,cost,flavour", row, 48)


def run(args: list[str], cwd: Path) -> tuple[float, float]:
    """Wall time and the process's own peak resident memory (MB)."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    took = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)} failed: {child.stderr.read().decode() if child.stderr else ''}")
    return took, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="make the deck in this (new) folder and keep it")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = arguments.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        make_deck(folder)
        base = ["-m", "printgen", "deck", "custom", "--data", "deck.csv", "--card-layout", "layout.yaml",
                "--seed", "bench", "--force", "--quiet"]
        cases = {"sheets": (base + ["-o", "sheets.pdf"], "sheets.pdf", 8, 250),
                 "DriveThruCards": (base + ["--vendor", "drivethrucards", "-o", "dtc.pdf"], "dtc.pdf", 20, 350)}
        found: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        yardsticks = []
        for _ in range(arguments.runs):  # interleaved, so a busy spell weighs on each alike
            yardsticks.append(run(["-c", ONE_PAGE, "one.pdf"], folder)[0])
            for name, (args, _, _, _) in cases.items():
                found[name].append(run(args, folder))
        yardstick = statistics.median(yardsticks)
        print(f"WeasyPrint's one-page document: {yardstick:.2f} s; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores")
        for name, (_, out, ratio, memory) in cases.items():
            took = statistics.median(t for t, _ in found[name])
            peak = max(m for _, m in found[name])
            print(f"{CARDS} cards, {PICTURES} pictures of 1000 × 1400 px, {name}: {took:.1f} s "
                  f"({took / yardstick:.1f}× the one-page document; goal {ratio}×), peak {peak:.0f} MB (goal "
                  f"{memory} MB), file {(folder / out).stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
