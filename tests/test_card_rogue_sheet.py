"""The Card Rogue score sheet: its enemy tracker holds the toughest enemy in the set, at every size."""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from pathlib import Path

import pytest
from pdfutil import open_pdf, page_texts, seed_code

from printgen.products import build
from printgen.seed import SeedCode
from printgen.sheets.draw import MIN_BOX
from printgen.systems.card_rogue import sheet
from printgen.units import PAPERS

ENEMIES = Path(__file__).resolve().parent.parent / "printgen" / "systems" / "card_rogue" / "data" / "enemies.toml"
FIELD = re.compile(r"p1(?:s\d+)?_enemy(\d+)_health_(\d+)$")


def _toughest() -> int:
    return max(enemy["health"] for enemy in tomllib.loads(ENEMIES.read_text(encoding="utf-8"))["enemy"])


@pytest.mark.parametrize("per_page", sheet.SIZES)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_enemy_tracker_has_a_box_for_each_point_of_the_toughest_enemys_health(paper, per_page):
    code = seed_code("sheet", "card-rogue", "tracker", paper=paper, per_page=per_page, fillable=True)
    pdf = open_pdf(build(code))
    width, height = PAPERS[paper].size
    trackers: dict[tuple[str, str], set[int]] = defaultdict(set)
    for field in pdf.Root.AcroForm.Fields:
        name = str(field.T)
        found = FIELD.match(name)
        if not found:
            continue
        trackers[(name.split("_")[0], found.group(1))].add(int(found.group(2)))
        x0, y0, x1, y1 = (float(v) for v in field.Rect)
        assert x1 - x0 >= MIN_BOX - 0.01 and y1 - y0 >= MIN_BOX - 0.01, name
        assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, name
    assert len({copy for copy, _ in trackers}) == per_page  # every copy on the page has a tracker
    for boxes in trackers.values():
        assert boxes == set(range(1, len(boxes) + 1))
        assert len(boxes) >= _toughest()


def test_the_sheet_and_the_cards_spell_armor_as_the_rules_do():
    """The rules write "Armor"; the equipment card and the shop cards print it the same way."""
    sheet_text = " ".join(page_texts(build(seed_code("sheet", "card-rogue", "armor"))))
    deck = {"deck": "shop", "paper": "letter", "duplex": "none", "crop-marks": "short", "layout": "sheet",
            "card-size": "poker", "bleed": "3"}
    cards_text = " ".join(page_texts(build(SeedCode.make("deck", "card-rogue", "armor", deck))))
    for text in (sheet_text, cards_text):
        assert "rmor" in text and "rmour" not in text
