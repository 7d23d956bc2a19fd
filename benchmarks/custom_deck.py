"""Time a custom deck in a layout of its own, as a user meets it: a whole process, from start to file; and
the studio's "Your deck" page drawing one card again after its layout is edited.

    python benchmarks/custom_deck.py [--runs N] [--keep DIR] [--studio EDITS]

The deck: 300 cards, each with a 1000 × 1400 px picture (three distinct
files, painted-looking PNGs with some grain, so they compress as art does),
five text elements and an icon of the bundled set inline in its rules text,
on poker-size sheets with the layout's own backs.
Each run is `python -m printgen deck custom ...` in a fresh process; the line
gives the fastest and median wall time, the peak memory of the process (its
maximum resident set) and the size of the file. The figures to meet: at most 6 s,
250 MB and a file under 10 MB.

With ``--studio EDITS`` the same deck is opened in the studio (a zip sent to /deck/api/open, a real pool
of one worker), and its layout edited EDITS times, each time the first card asked for again
(/deck/api/cards) as the page does after a keystroke: the line gives the median and slowest of those
answers, as the page waits for them. The figure to meet: 300 ms.
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
from collections.abc import Callable
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

ICONS = ("cut-diamond", "flame", "hearts", "crossed-swords")  # inline in the rules text, one a card
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


def write_deck(folder: Path, pictures: int, layout: str, header: str, row: Callable[[int, str, str], str],
               seed: int) -> Path:
    """A deck of CARDS cards in ``folder``, the data file returned: ``pictures`` paintings in pictures/, deck.csv
    of ``header`` and a line a card (``row(n, picture, text)``: card n's, given its picture, one in turn, and a
    rules text of random words), and ``layout`` as layout.yaml."""
    rng = random.Random(seed)
    (folder / "pictures").mkdir()
    for n in range(pictures):
        painting(folder / "pictures" / f"art{n:02d}.png", n)
    rows = [header]
    for n in range(CARDS):
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(8, 30))).capitalize() + "."
        rows.append(row(n, f"pictures/art{n % pictures:02d}.png", text))
    (folder / "deck.csv").write_text("\n".join(rows) + "\n")
    (folder / "layout.yaml").write_text(layout)
    return folder / "deck.csv"


def make_deck(folder: Path) -> tuple[Path, Path]:
    def row(n: int, picture: str, text: str) -> str:
        return f"Card {n + 1},{picture},Kind {n % 7},\"Pay {n % 4} {{icon:{ICONS[n % len(ICONS)]}}}: {text}\",{n % 10}"
    return write_deck(folder, PICTURES, LAYOUT, "title,picture,type,text,cost", row, 7), folder / "layout.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="make the deck in this (new) folder and keep it")
    parser.add_argument("--studio", type=int, metavar="EDITS", default=0,
                        help="also time the studio drawing one card again after each of EDITS edits of the layout")
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
        if arguments.studio:
            studio(folder, data, layout, arguments.studio)


def studio(folder: Path, data: Path, layout: Path, edits: int) -> None:
    import io
    import zipfile

    from printgen.web import Settings, create_app

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix != ".pdf":
                archive.write(path, path.relative_to(folder).as_posix())
    app = create_app(Settings(workers=1))
    try:
        assert app.extensions["printgen.renders"].pool.ready(120)
        client = app.test_client()
        opened = client.post("/deck/api/open", data={"file": (io.BytesIO(buffer.getvalue()), "deck.zip")},
                             content_type="multipart/form-data").get_json()
        body = {"session": opened["session"], "data": opened["data"], "layout": opened["layout"], "width": 440,
                "options": {}}
        text = layout.read_text()
        start = time.perf_counter()
        first = client.post("/deck/api/cards", json={**body, "cards": list(range(12)), "layout_text": text})
        assert first.status_code == 200, first.get_json()
        twelve = time.perf_counter() - start
        times = []
        for edit in range(edits):
            edited = text.replace("    size: 12\n", f"    size: {10 + edit % 5}\n", 1)
            start = time.perf_counter()
            answer = client.post("/deck/api/cards", json={**body, "cards": [0], "layout_text": edited})
            times.append(time.perf_counter() - start)
            assert answer.status_code == 200, answer.get_json()
        # The worker's part of it, in this process: its processor time does not grow with the machine's load.
        from printgen.web import deck_work

        files = {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*"))
                 if path.is_file() and path.suffix != ".pdf"}
        processor = []
        for edit in range(edits):
            files[layout.name] = text.replace("    size: 12\n", f"    size: {10 + edit % 5}\n", 1).encode()
            start = time.process_time()
            deck_work.run("cards", files, data.name, layout.name, {}, {"cards": [0], "width": 440})
            processor.append(time.process_time() - start)
        print(f"studio, the same deck as a zip of {len(buffer.getvalue()) / 1e6:.1f} MB: the first 12 cards "
              f"{twelve:.2f} s; one card drawn again after an edit of the layout: median "
              f"{statistics.median(times) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms ({edits} edits), of "
              f"which the worker's processor time {statistics.median(processor) * 1000:.0f} ms; load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    finally:
        app.extensions["printgen.renders"].close()


if __name__ == "__main__":
    main()
