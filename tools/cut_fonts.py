"""Cut the bundled fonts down to the characters printgen prints, for the text pages.

    python tools/cut_fonts.py

WeasyPrint embeds the text pages' fonts whole (printgen/render/html.py), so
the same bytes come out whichever subsetter a machine has; these cut faces
keep that small and fast. The full faces stay for ReportLab, which subsets
per document itself. Charis SIL's licence (the SIL Open Font License)
reserves the name "Charis" and "SIL" for the unmodified fonts, so the cut
faces carry printgen's own names, "PG Serif Text" and "PG Mono Text"; their
copyright and licence records are kept.
"""

from __future__ import annotations

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parent.parent / "fonts"
TEXT = FONTS / "text"

# Latin-1 and Latin Extended-A, punctuation, super- and subscripts, currency, letterlike symbols,
# number forms, arrows, mathematical operators, geometric shapes, dingbat ticks and crosses.
RANGES = [(0x20, 0x7E), (0xA0, 0x17F), (0x2000, 0x206F), (0x2070, 0x209F), (0x20A0, 0x20CF),
          (0x2100, 0x214F), (0x2150, 0x218F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2300, 0x23FF),
          (0x2500, 0x257F), (0x25A0, 0x25FF), (0x2600, 0x26FF), (0x2700, 0x27BF), (0xFB00, 0xFB06)]

FACES = {
    "CharisSIL-Regular.ttf": ("PG Serif Text", "Regular"),
    "CharisSIL-Bold.ttf": ("PG Serif Text", "Bold"),
    "CharisSIL-Italic.ttf": ("PG Serif Text", "Italic"),
    "CharisSIL-BoldItalic.ttf": ("PG Serif Text", "Bold Italic"),
    "JetBrainsMono-Regular.ttf": ("PG Mono Text", "Regular"),
    "JetBrainsMono-Bold.ttf": ("PG Mono Text", "Bold"),
}
KEEP_NAME_IDS = (0, 7, 8, 9, 11, 12, 13, 14)  # copyright, trademark, maker, designer, URLs, licence


def cut(source: Path, family: str, style: str) -> Path:
    font = TTFont(source)
    options = subset.Options()
    options.layout_features = ["*"]  # kerning and ligatures as in the full face
    options.name_IDs = list(KEEP_NAME_IDS)
    options.hinting = False
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[u for low, high in RANGES for u in range(low, high + 1)])
    subsetter.subset(font)
    full = f"{family} {style}".replace(" Regular", "")
    postscript = f"{family.replace(' ', '')}-{style.replace(' ', '')}"
    names = font["name"]
    for record_id, value in ((1, family if style in ("Regular", "Bold", "Italic", "Bold Italic") else full),
                             (2, style), (3, f"printgen: {postscript}"), (4, full), (6, postscript),
                             (16, family), (17, style)):
        names.setName(value, record_id, 3, 1, 0x409)
    names.setName(f"Cut from {source.stem} for printgen's text pages: a Modified Version under the SIL Open "
                  f"Font License 1.1, renamed as that licence asks." if "Charis" in source.stem else
                  f"Cut from {source.stem} for printgen's text pages.", 10, 3, 1, 0x409)
    target = TEXT / f"{postscript}.ttf"
    font.save(target)
    return target


def main() -> None:
    TEXT.mkdir(exist_ok=True)
    for file_name, (family, style) in FACES.items():
        target = cut(FONTS / file_name, family, style)
        print(f"{target.relative_to(FONTS.parent)}: {target.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
