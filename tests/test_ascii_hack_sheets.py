"""The ASCII @HACK table sheets: the zone log and the hidden-bid slips among the blanks."""

import pytest
from pdfutil import fonts, open_pdf, page_sizes, page_texts, seed_code

from printgen.products import build
from printgen.units import PAPERS


def blanks(fillable=False, paper="letter"):
    code = seed_code("sheet", "ascii-hack", "table", paper=paper, fillable=fillable)
    return build(code)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_blank_set_ends_with_a_zone_log_and_a_page_of_bid_slips(paper):
    data = blanks(paper=paper)
    pdf = open_pdf(data)
    assert page_sizes(pdf) == [pytest.approx(PAPERS[paper].size, abs=0.01)] * 4
    assert all(fonts(pdf).values())
    pages = page_texts(data)
    assert "ZONE LOG" in pages[2] and pages[2].count("Exits and where they lead") == 4
    assert pages[2].count("Escalation on leaving") == 4
    assert "HIDDEN BIDS" in pages[3] and pages[3].count("AGAINST") == 18
    assert pages[3].count("a tie goes to the Adventurer") == 18


def test_the_zone_log_and_slips_are_fillable():
    pdf = open_pdf(blanks(fillable=True))
    names = {str(f.T) for f in pdf.Root.AcroForm.Fields}
    zone = ["p3_zone4_number", "p3_zone1_exit4", "p3_zone2_description_1", "p3_zone3_obstacle4_dice",
            "p3_zone1_obstacle1_whose", "p3_zone4_strip1"]
    slips = ["p4_bid1_player", "p4_bid18_tokens", "p4_bid7_side", "p4_bid12_on"]
    assert set(zone + slips) <= names
