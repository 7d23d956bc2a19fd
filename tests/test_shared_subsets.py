"""Composing shares one subset of each face among the parts it joins (render/shared_subsets.py, compose.py):
the text reads and draws as before, and a booklet embeds each face once for each engine that drew with it."""

import subprocess

from pdfutil import page_texts, seed_code
from pdfx_checks import pdffonts
from PIL import Image, ImageChops

from printgen.products import build
from printgen.render import fonts
from printgen.render.canvas import new_document
from printgen.render.compose import compose
from printgen.seed import SeedCode

CODE = SeedCode.make("graph-paper", "generic", "subsets", {})


def part(words: str) -> bytes:
    """A ReportLab document of one page showing ``words`` in Charis SIL Italic: a subset of its own."""
    doc = new_document(CODE, "part", (300, 200))
    doc.canvas.setFont(fonts.SERIF_ITALIC, 14)
    doc.canvas.drawString(20, 150, words)
    doc.canvas.setFont(fonts.SERIF, 10)
    doc.canvas.drawString(20, 120, words[::-1])
    doc.canvas.showPage()
    return doc.finish()


PARTS = ["Élan, façade and naïve: ½ of 3¾ → Ω", "Zürich · Ångström — “quoted” ✓", "plain ASCII only, 123"]


def _renders(data: bytes, tmp_path, stem: str) -> list[Image.Image]:
    path = tmp_path / f"{stem}.pdf"
    path.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "100", "-gray", "-png", str(path), str(tmp_path / stem)], check=True)
    return [Image.open(png).convert("L") for png in sorted(tmp_path.glob(f"{stem}-*.png"))]


def test_parts_with_subsets_of_their_own_share_one_subset_of_each_face_and_read_and_draw_as_before(tmp_path):
    parts = [part(words) for words in PARTS]
    joined = compose(parts, CODE, "joined", footer=False)
    listed = [line.split()[0].split("+")[-1] for line in pdffonts(joined)]
    assert sorted(listed) == ["CharisSIL", "CharisSIL-Italic"]  # three subsets of each, now one
    alone = [compose([data], CODE, "alone", footer=False) for data in parts]
    assert page_texts(joined) == [page_texts(data)[0] for data in alone]
    for index, data in enumerate(alone):
        [before] = _renders(data, tmp_path, f"alone{index}")
        after = _renders(joined, tmp_path, "joined")[index]
        difference = ImageChops.difference(before, after)
        # The same glyphs at the same places: at most a few pixels of edge shading differ.
        assert difference.point(lambda v: 255 if v > 96 else 0).histogram()[255] <= 4


def test_a_default_roguelike_booklet_embeds_each_face_once_for_each_engine():
    data = build(seed_code("dungeon", "roguelike", "subsets"))
    listed = [line.split()[0].split("+")[-1] for line in pdffonts(data)]
    assert len(listed) == len(set(listed)), listed  # one font a face, whichever part drew with it
    assert sorted(name for name in listed if "Italic" in name) == ["CharisSIL-Italic", "PG-Serif-Italic"]
