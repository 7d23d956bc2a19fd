"""Amulet's class sheets read back: one spelling throughout, the rules' own (armor, not armour)."""

import re

import pypdfium2
import pytest
from pdfutil import seed_code

from printgen.products import build

# Words the rules text spells the American way; printgen prints them the same way wherever Amulet prints them.
RULES_SPELLING = {"armor": "armour", "honor": "honour", "valor": "valour"}


def sheet_text(count=None, per_page=1):
    code = seed_code("sheet", "amulet", "spelling", count=count, per_page=per_page)
    doc = pypdfium2.PdfDocument(build(code))
    return " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc))).lower()


@pytest.mark.parametrize("count, per_page", [(None, 1), (None, 2), (8, 1)])
def test_the_sheet_spells_each_word_one_way_the_rules_way(count, per_page):
    text = sheet_text(count, per_page)
    for ours, other in RULES_SPELLING.items():
        assert not re.search(rf"\b{other}", text), f"the sheet prints {other!r}; the rules spell it {ours!r}"
    assert re.search(r"\barmor\b", text)  # the ability's name, on every sheet
