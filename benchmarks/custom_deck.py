"""Time a custom deck in a layout of its own, as a user meets it: a whole process, from start to file.

    python benchmarks/custom_deck.py [--runs N] [--keep DIR]

The deck: 300 cards, each with a 1000 × 1400 px picture (three distinct
files, painted-looking PNGs with some grain, so they compress as art does),
five text elements and an icon of the bundled set inline in its rules text,
on poker-size sheets with the layout's own backs.
Each run is `python -m printgen deck custom ...` in a fresh process; the line
gives the fastest and median wall time, the peak memory of the process (its
maximum resident set) and the size of the file. The figures to meet: at most 6 s,
250 MB and a file under 10 MB.
"""

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CARDS = 300
PICTURES = 3
SIZE = (1000, 1400)

LAYOUT = """\
elements:
  - type: rect
    width: 100%
    height: 100%
    fill: "#f4efe4"
    stroke: none
  - type: image
    src: "{picture}"
    width: 100%
    height: 55%
    fit: cover
  - type: text
    text: "**{title}**"
    x: 4mm
    y: 55% + 1mm
    width: 100% - 8mm
    height: 7mm
    size: 12
    wrap: false
  - type: text
    text: "*{type}*"
    x: 4mm
    y: 55% + 8mm
    width: 100% - 8mm
    height: 4mm
    size: 7.5
  - type: text
    text: "{text}"
    x: 4mm
    y: 55% + 12.5mm
    width: 100% - 8mm
    height: 45% - 20mm
    size: 9
  - type: text
    text: "{cost}"
    x: 3mm
    y: 3mm
    width: 9mm
    height: 9mm
    size: 16
    align: center
    valign: middle
    color: white
  - type: text
    text: "{@index}"
    font: mono
    x: 4mm
    y: 100% - 6mm
    width: 100% - 8mm
    height: 3mm
    size: 6
    align: right
back:
  elements:
    - type: rect
      width: 100%
      height: 100%
      fill: "#3b2f22"
      stroke: none
    - type: text
      text: "{@deck}"
      y: 40%
      height: 20%
      size: 20
      bold: true
      align: center
      valign: middle
      color: "#e8d5a8"
"""

ICONS = ("gem", "fire", "hearts", "crossed-swords")  # inline in the rules text, one a card
WORDS = ("the", "foe", "deals", "damage", "to", "each", "card", "in", "sight", "draw", "two", "and", "discard",
         "one", "gold", "shield", "until", "your", "next", "turn", "fire", "ice", "moves", "room")


def painting(path: Path, seed: int) -> None:
    """A 1000 × 1400 picture that looks painted: gradients, shapes, and grain a scan or brush leaves."""
    from PIL import Image, ImageDraw, ImageFilter

    rng = random.Random(seed)
    image = Image.linear_gradient("L").resize(SIZE).convert("RGB")
    tint = Image.new("RGB", SIZE, tuple(rng.randrange(40, 200) for _ in range(3)))
    image = Image.blend(image, tint, 0.6)
    draw = ImageDraw.Draw(image)
    for _ in range(60):
        x, y = rng.randrange(SIZE[0]), rng.randrange(SIZE[1])
        r = rng.randrange(20, 260)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    image = image.filter(ImageFilter.GaussianBlur(6))
    grain = Image.effect_noise(SIZE, 10).convert("RGB")
    image = Image.blend(image, grain, 0.06)
    image.save(path)


def make_deck(folder: Path) -> tuple[Path, Path]:
    rng = random.Random(7)
    (folder / "pictures").mkdir()
    for n in range(PICTURES):
        painting(folder / "pictures" / f"art{n}.png", n)
    rows = ["title,picture,type,text,cost"]
    for n in range(CARDS):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(8, 30))).capitalize() + "."
        icon = ICONS[n % len(ICONS)]
        rows.append(f"Card {n + 1},pictures/art{n % PICTURES}.png,Kind {n % 7},\"Pay {n % 4} {{icon:{icon}}}: {text}\","
                    f"{n % 10}")
    (folder / "deck.csv").write_text("\n".join(rows) + "\n")
    (folder / "layout.yaml").write_text(LAYOUT)
    return folder / "deck.csv", folder / "layout.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="make the deck in this (new) folder and keep it")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = arguments.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        data, layout = make_deck(folder)
        out = folder / "deck.pdf"
        times, processor = [], []
        for run in range(arguments.runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "printgen", "deck", "custom", "--data", str(data), "--card-layout",
                            str(layout), "--seed", f"bench-{run}", "-o", str(out), "--force", "--quiet"], check=True)
            times.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            processor.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # Linux: kB
        print(f"{CARDS} cards, {PICTURES} pictures of {SIZE[0]} × {SIZE[1]} px, five text elements and an inline "
              f"icon each, sheets with backs: fastest {min(times):.2f} s ({min(times) / CARDS * 1000:.1f} ms a "
              f"card), median {statistics.median(times):.2f} s, processor time {min(processor):.2f} s, peak "
              f"{peak:.0f} MB, file {out.stat().st_size / 1e6:.1f} MB; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores")


if __name__ == "__main__":
    main()
