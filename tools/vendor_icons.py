"""Keep the game-icons.net icons printgen's decks name, with who drew each, in fonts/game-icons.toml (and the
artists' credits in fonts/LICENSE-GameIcons.txt).

    npm pack @iconify-json/game-icons        # the set's outlines: package/icons.json
    python tools/vendor_icons.py package/icons.json ARTISTS

ARTISTS is game-icons.net's own archive of the set, unpacked: a folder for each
artist holding the icons they drew (lorc/dragon-head.svg), and its license.txt
naming the artists. The npm package gives each icon's outline as an SVG path;
the archive says whose it is, as CC BY 3.0 asks printgen to say. An icon's name
two artists have both used is told apart by the box its outline fills.

The icons kept are every name the games' data/pictures.toml files give (each
value a name, or several with spaces between, and maybe a "#rrggbb" colour),
and the deck notes card's own picture. Run it again after changing a picture.
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printgen.cards import icons, notes  # noqa: E402

OUT = ROOT / "fonts" / icons.ICONS_FILE
LICENCE = ROOT / "fonts" / "LICENSE-GameIcons.txt"
LICENCE_TEXT = """\
game-icons.toml: icons of game-icons.net (https://game-icons.net/), as the npm
package @iconify-json/game-icons {version} gives their outlines (its icons.json),
each with the artist who drew it, as game-icons.net's own archive of the set
files it. printgen draws each outline as a vector path on its cards and keeps
only the icons its cards show (tools/vendor_icons.py picks them).

The icons are published under the Creative Commons Attribution 3.0 Unported
licence (CC BY 3.0, https://creativecommons.org/licenses/by/3.0/), which lets
anyone share and adapt them with credit to their authors. game-icons.net asks
for the mention "Icons made by {{author}}"; printgen credits the artists by
name on the notes card of every deck (those whose pictures the deck shows) and
in its README. printgen draws the icons unchanged but for their colour and
size, and in outline with --ink-saver.

The icons printgen keeps, by the artist who drew them:
"""
HEADER = """\
# The icons of game-icons.net (https://game-icons.net/) that printgen's cards show, each with the artist who
# drew it: CC BY 3.0 (see LICENSE-GameIcons.txt). Outlines as the npm package @iconify-json/game-icons {version}
# gives them (an SVG path on a 512-unit square); made by tools/vendor_icons.py, which says how to make it again.
"""


def wanted() -> set[str]:
    """Every icon's name the games' pictures.toml files and the notes card give."""
    names = {notes.PICTURE}

    def walk(value) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            names.update(word for word in value.split() if not word.startswith("#"))

    for path in sorted((ROOT / "printgen" / "systems").glob("*/data/pictures.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")))
    return names


def artist_names(archive: Path) -> dict[str, str]:
    """Each artist's folder, with the name license.txt gives them ("carl-olsen": "Carl Olsen")."""
    lines = (archive / "license.txt").read_text(encoding="utf-8").splitlines()
    listed = [line[2:].split(",")[0].split(" - ")[0].strip() for line in lines if line.startswith("- ")]
    squash = lambda text: re.sub(r"[^a-z0-9]", "", text.lower())  # noqa: E731
    found = {}
    for folder in sorted(p.name for p in archive.iterdir() if p.is_dir()):
        matches = [name for name in listed if squash(folder).startswith(squash(name))]
        if matches:
            found[folder] = max(matches, key=len).strip()
    return found


def box(path: str) -> tuple[float, ...]:
    return tuple(round(v, 1) for v in icons.outline_of(path)[1])


def artist_of(name: str, path: str, archive: Path, artists: dict[str, str]) -> str:
    """Who drew the icon ``name`` whose outline is ``path``."""
    drawn = [folder for folder in artists if (archive / folder / f"{name}.svg").is_file()]
    if len(drawn) > 1:
        target = box(path)

        def distance(folder: str) -> float:
            svg = (archive / folder / f"{name}.svg").read_text(encoding="utf-8")
            outline = re.findall(r'<path[^>]*fill="#fff"[^>]*\sd="([^"]+)"', svg)
            return sum(abs(a - b) for a, b in zip(box(" ".join(outline)), target)) if outline else float("inf")

        drawn.sort(key=distance)
    if not drawn:
        raise SystemExit(f"{name}: no artist's folder of {archive} holds it")
    return artists[drawn[0]]


def main(icons_json: Path, archive: Path) -> None:
    package = json.loads(icons_json.read_text(encoding="utf-8"))
    version = json.loads((icons_json.parent / "package.json").read_text(encoding="utf-8"))["version"]
    artists = artist_names(archive)
    lines = [HEADER.format(version=version)]
    drawn_by = {}
    for name in sorted(wanted()):
        if name not in package["icons"]:
            raise SystemExit(f"{name}: not an icon of the set (a pictures.toml names it)")
        path = " ".join(re.findall(r'\sd="([^"]+)"', package["icons"][name]["body"]))
        drawn_by[name] = artist_of(name, path, archive, artists)
        lines.append(f"[{name}]\nby = {json.dumps(drawn_by[name])}\npath = {json.dumps(path)}\n")
    OUT.write_text("\n".join(lines), encoding="utf-8")
    by_artist: dict[str, list[str]] = {}
    for name in sorted(wanted()):
        by_artist.setdefault(drawn_by[name], []).append(name)
    credits = [LICENCE_TEXT.format(version=version)]
    for artist in sorted(by_artist, key=lambda who: (-len(by_artist[who]), who)):
        credits.append(f"\nIcons made by {artist} ({len(by_artist[artist])}):\n"
                       + textwrap.fill(", ".join(by_artist[artist]), 78, initial_indent="    ",
                                       subsequent_indent="    ", break_on_hyphens=False) + "\n")
    LICENCE.write_text("".join(credits), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(lines) - 1} icons, and {LICENCE.relative_to(ROOT)}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]))
