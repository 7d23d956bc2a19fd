"""Time reading icons' outlines: printgen's reader of SVG path data against fontTools', whose numbers it makes.

    python benchmarks/icon_outlines.py [--repeat N]

Prints, in processor time (the least of N passes, 5 by default, so a busy machine counts less): each reader's
time an icon over the whole set (fonts/game-icons.json) and over the icons one Card Rogue deck shows; what
reading them back from the user's cache costs and what keeping them there costs a cold run; and, each in a fresh
process, the import each reader needs beyond printgen's own. fontTools' side is the reading printgen did before it had its own
(svgLib's parse_path through a TransformPen into a BasePen, the box by a BoundsPen handed what the BasePen
took, or reading the path again where it has quadratic curves).
"""

import argparse
import io
import os
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's printgen, not an installed one
from printgen.cards import icons  # noqa: E402
from printgen.cards.svg_path import READER, read  # noqa: E402
from printgen.render import cache as user_cache  # noqa: E402

DECK = ["deck", "all", "--system", "card-rogue", "--seed", "k1"]


def fonttools_outline(path: str) -> tuple[tuple, tuple]:
    """An outline as printgen read it with fontTools before it had a reader of its own."""
    from fontTools.pens.basePen import BasePen
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.svgLib.path import parse_path

    class Recorder(BasePen):
        def __init__(self):
            super().__init__(None)
            self.ops = []

        def _moveTo(self, point):
            self.ops.append(("m", point))

        def _lineTo(self, point):
            self.ops.append(("l", point))

        def _curveToOne(self, first, second, third):
            self.ops.append(("c", first, second, third))

        def _closePath(self):
            self.ops.append(("h",))

        _endPath = _closePath

    recorder, bounds = Recorder(), BoundsPen(None)
    parse_path(path, TransformPen(recorder, icons.FLIP))
    if any(letter in path for letter in "QqTt"):
        parse_path(path, TransformPen(bounds, icons.FLIP))
    else:
        for op in recorder.ops:
            {"m": bounds.moveTo, "l": bounds.lineTo, "c": bounds.curveTo, "h": bounds.closePath}[op[0]](*op[1:])
    return tuple(recorder.ops), bounds.bounds


def least(task, repeat: int) -> float:
    return min(timed(task) for _ in range(repeat))


def timed(task) -> float:
    start = time.process_time()
    task()
    return time.process_time() - start


def paired(ours, theirs, repeat: int) -> tuple[float, float]:
    """The least time of each task, the two run in turn so that the machine's moods fall on both."""
    times = [(timed(ours), timed(theirs)) for _ in range(repeat)]
    return min(a for a, _ in times), min(b for _, b in times)


def deck_paths() -> list[str]:
    """The paths of the icons the deck shows, in the order it reads them."""
    shown: list[str] = []
    kept = icons.kept_outline

    def spy(reader, *shaped_by):
        if len(shaped_by) == 1:
            shown.append(shaped_by[0])
        return kept(reader, *shaped_by)

    icons.kept_outline = spy
    with tempfile.TemporaryDirectory() as folder:
        os.environ[user_cache.ENV] = str(Path(folder) / "cache")
        from printgen import cli

        sys.argv = ["printgen", *DECK, "-o", str(Path(folder) / "deck.pdf"), "--force"]
        try:
            cli.entry_point()
        except SystemExit:
            pass
    icons.kept_outline = kept
    return shown


def imported(setup: str, code: str) -> float:
    """Seconds a fresh process takes to run ``code`` after ``setup``, the least of three (after one that may
    compile what it imports)."""
    script = f"import time; {setup}; start = time.perf_counter(); {code}; print(time.perf_counter() - start)"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return min(float(subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                                    cwd=ROOT, env=env).stdout) for _ in range(4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    every = [icons.svg_path(name) for name in icons.names()]
    shown = deck_paths()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for label, paths in ((f"all {len(every):,} icons", every), (f"the deck's {len(shown)}", shown)):
        ours, theirs = paired(lambda: [read(path, icons.FLIP) for path in paths],
                              lambda: [fonttools_outline(path) for path in paths], repeat)
        print(f"{label}: printgen {ours * 1000 / len(paths):.3f} ms an icon ({ours * 1000:.1f} ms), fontTools "
              f"{theirs * 1000 / len(paths):.3f} ms ({theirs * 1000:.1f} ms): {ours / theirs:.2f} of its time")
    outlines = [read(path, icons.FLIP) for path in shown]
    with tempfile.TemporaryDirectory() as folder:
        os.environ[user_cache.ENV] = folder
        entries = [user_cache.key(icons.OUTLINES, READER, path) for path in shown]
        kept = least(lambda: [user_cache.put(icons.OUTLINES, entry, pickle.dumps(outline, pickle.HIGHEST_PROTOCOL))
                              for entry, outline in zip(entries, outlines)], repeat)
        back = least(lambda: [icons._Reader(io.BytesIO(user_cache.get(icons.OUTLINES, entry))).load()
                              for entry in entries], repeat)
    print(f"the deck's {len(shown)} from the cache: read back {back * 1000:.1f} ms, kept (a cold run) "
          f"{kept * 1000:.1f} ms")
    ours = imported("import re, printgen.cards", "import printgen.cards.svg_path")
    theirs = imported("import re, printgen.cards", "import fontTools.pens.basePen, fontTools.pens.boundsPen, "
                      "fontTools.pens.transformPen, fontTools.svgLib.path")
    print(f"import: printgen's reader {ours * 1000:.0f} ms, fontTools' svgLib and pens {theirs * 1000:.0f} ms")


if __name__ == "__main__":
    main()
