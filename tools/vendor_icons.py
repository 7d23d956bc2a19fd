"""Bundle the whole game-icons.net icon set, each icon with the artist who drew it, in fonts/game-icons.json (and
the artists' credits in fonts/LICENSE-GameIcons.txt).

Make it again with:

    npm pack @iconify-json/game-icons                # the set's outlines: package/icons.json
    tar xzf iconify-json-game-icons-*.tgz
    python tools/vendor_icons.py package/icons.json ARTISTS

ARTISTS is game-icons.net's own archive of the set, unpacked: a folder for each
artist holding the icons they drew (lorc/dragon-head.svg), and its license.txt
naming the artists. The npm package gives each icon's outline as an SVG path;
the archive says whose it is, as CC BY 3.0 asks printgen to say, and nothing
else of it is kept. An icon's name two artists have both used is told apart by
the box its outline fills. An icon the archive does not hold yet (the package
can be newer) is credited as LATER below says, or the run stops and names it.

Every icon of the package is kept, so a deck's data or a layout may name any
of them ({icon:NAME}); the games' data/pictures.toml files name theirs, and the
run stops if one of those is not in the set.
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

from printgen.cards import icons, notes  # noqa: E402 (found through the path set above)

OUT = ROOT / "fonts" / icons.ICONS_FILE
LICENCE = ROOT / "fonts" / "LICENSE-GameIcons.txt"

# Icons newer than the archive, by the artist's folder game-icons.net files them under: the last cards of Caro
# Asercion's tarot series (the archive holds tarot-00 to tarot-10, all hers; the site adds 11 to 21 under
# game-icons.net/1x1/caro-asercion/).
LATER = {f"tarot-{card}": "caro-asercion" for card in (
    "11-justice", "12-the-hanged-man", "13-death", "14-temperance", "15-the-devil", "16-the-tower", "17-the-star",
    "18-the-moon", "19-the-sun", "20-judgement", "21-the-world")}
# A folder license.txt does not list: the archive's few public-domain icons by several hands (infinity, salmon).
UNLISTED = {"various-artists": "various artists"}
PUBLIC_DOMAIN = {"various artists"}

ABOUT = {
    "set": "game-icons.net (https://game-icons.net/): every icon, each with the artist who drew it",
    "licence": "CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/), a few CC0 as LICENSE-GameIcons.txt says",
    "outlines": "the npm package @iconify-json/game-icons {version}: each icon's SVG path on a 512-unit square, "
                "y down",
    "made by": "tools/vendor_icons.py, which says how to make this file again",
}
LICENCE_TEXT = """\
game-icons.json: the icons of game-icons.net (https://game-icons.net/), all {count} of them, as the npm package \
@iconify-json/game-icons {version} gives their outlines (its icons.json), each with the artist who drew it, as \
game-icons.net's own archive of the set files it. printgen draws each outline as a vector path on its cards: the \
pictures of its decks, and any icon a deck of your own names in its text ({{icon:NAME}}). tools/vendor_icons.py makes \
the file.

The icons are published under the Creative Commons Attribution 3.0 Unported licence (CC BY 3.0, \
https://creativecommons.org/licenses/by/3.0/), which lets anyone share and adapt them with credit to their authors; \
{free}. game-icons.net asks for the mention "Icons made by {{author}}"; printgen credits the artists by name on the \
notes card of every deck (those whose pictures the deck shows), here and in its README. printgen draws the icons \
unchanged but for their colour and size, and in outline with --ink-saver. Who drew each icon is in game-icons.json \
(its "by"); how many icons each artist drew is below.
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


def artist_names(archive: Path) -> tuple[dict[str, str], set[str]]:
    """Each artist's folder, with the name license.txt gives them ("carl-olsen": "Carl Olsen"); and the names of
    those it marks CC0."""
    lines = (archive / "license.txt").read_text(encoding="utf-8").splitlines()
    listed = [line[2:].split(",")[0].split(" - ")[0].strip() for line in lines if line.startswith("- ")]
    cc0 = {line[2:].split(",")[0].split(" - ")[0].strip() for line in lines
           if line.startswith("- ") and line.rstrip().endswith("CC0")}
    squash = lambda text: re.sub(r"[^a-z0-9]", "", text.lower())
    found = {}
    for folder in sorted(p.name for p in archive.iterdir() if p.is_dir()):
        matches = [name for name in listed if squash(folder).startswith(squash(name))]
        if matches:
            found[folder] = max(matches, key=len).strip()
        elif folder in UNLISTED:
            found[folder] = UNLISTED[folder]
    return found, cc0


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
    if not drawn and name in LATER:
        drawn = [LATER[name]]
    if not drawn:
        raise SystemExit(f"{name}: no artist's folder of {archive} holds it, and LATER does not name its artist")
    return artists[drawn[0]]


def main(icons_json: Path, archive: Path) -> None:
    package = json.loads(icons_json.read_text(encoding="utf-8"))
    version = json.loads((icons_json.parent / "package.json").read_text(encoding="utf-8"))["version"]
    if (package.get("width"), package.get("height")) != (icons.SQUARE, icons.SQUARE):
        raise SystemExit(f"{icons_json}: the icons are not on a {icons.SQUARE}-unit square")
    missing = sorted(wanted() - set(package["icons"]))
    if missing:
        raise SystemExit(f"{', '.join(missing)}: not an icon of the set (a pictures.toml names it)")
    artists, cc0 = artist_names(archive)
    kept: dict[str, dict[str, str]] = {}
    for name in sorted(package["icons"]):
        path = " ".join(re.findall(r'\sd="([^"]+)"', package["icons"][name]["body"]))
        kept[name] = {"by": artist_of(name, path, archive, artists), "path": path}
    about = {key: value.format(version=version) for key, value in ABOUT.items()}
    lines = ['{"about": ' + json.dumps(about, ensure_ascii=False) + ',', '"icons": {']
    lines += [f"{json.dumps(name)}: {json.dumps(icon, ensure_ascii=False)}," for name, icon in kept.items()]
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}}\n")
    OUT.write_text("\n".join(lines), encoding="utf-8")

    counts: dict[str, int] = {}
    for icon in kept.values():
        counts[icon["by"]] = counts.get(icon["by"], 0) + 1
    free = [who for who in sorted(cc0) if who in counts]
    said = (f"those of {', '.join(free[:-1])} and {free[-1]} are given to the public domain (CC0 1.0)" if free
            else "")
    public = sum(counts.get(who, 0) for who in PUBLIC_DOMAIN)
    if public:
        said += f"{', and' if said else ''} the {public} filed under {' and '.join(sorted(PUBLIC_DOMAIN))} are in " \
                "the public domain"
    marks = {who: ", CC0" for who in cc0} | {who: ", public domain" for who in PUBLIC_DOMAIN}
    text = LICENCE_TEXT.format(count=f"{len(kept):,}", version=version, free=said)
    credits = ["\n\n".join(textwrap.fill(part, 78, break_on_hyphens=False, break_long_words=False)
                           for part in text.strip().split("\n\n")) + "\n\n"]
    for artist in sorted(counts, key=lambda who: (-counts[who], who)):
        credits.append(f"Icons made by {artist} ({counts[artist]:,}{marks.get(artist, '')})\n")
    LICENCE.write_text("".join(credits), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(kept)} icons by {len(counts)} artists, and "
          f"{LICENCE.relative_to(ROOT)}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]))
