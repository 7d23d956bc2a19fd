"""Amulet's monster and swarm decks: the rules' numbers on every card, printgen's designs named on the notes card."""

import json
import re

import pypdfium2
import pytest
from pdfutil import fonts, open_pdf, seed_code

from printgen.cards.sizes import CARD_SIZES
from printgen.cli import main
from printgen.products import build
from printgen.systems.amulet import rules, swarms

SIX = ("wizard", "demon", "barbarian", "ghost", "hobbit", "slime")


def deck(name, fmt="json"):
    code = seed_code("deck", "amulet", "cards", deck=name, format=fmt)
    data = build(code)
    return json.loads(data) if fmt == "json" else data


def stats(card):
    return {s["label"]: s["value"] for s in card["stats"]}


def _printed(card) -> str:
    return " ".join([card["title"], card["kicker"], *card["tags"], *(p["lead"] + " " + p["text"] for p in card["body"]),
                     *(s["label"] + " " + s["value"] + " " + s["note"] for s in card["stats"])])


def test_monster_cards_carry_the_rules_numbers_and_the_notes_card_names_printgens():
    *monsters, notes = deck("monsters")["cards"]
    cards = {c["title"]: c for c in monsters}
    assert len(cards) == 10
    for code in SIX:
        m = rules.monsters()[code]
        s = stats(cards[m["name"]])
        assert (s["Health"], s["Melee"], s["Shot"], s["Speed"]) == (str(m["health"]), m["melee"], m["shot"],
                                                                    str(m["speed"]))
    # No card a player holds says who designed it; the deck's notes card names printgen's designs, once.
    for card in monsters:
        assert "printgen" not in _printed(card), card["title"]
    assert notes["reference"] and "printgen's" in _printed(notes)
    for name in ("Wraith", "Mimic", "Generator", "Mini-boss"):
        assert name in _printed(notes)
    assert "game-icons.net" in _printed(notes) and "CC BY 3.0" in _printed(notes)


def test_a_swarm_card_for_every_monster_and_size():
    *cards, notes = deck("swarms")["cards"]
    assert len(cards) == 24 and notes["reference"]
    for card in cards:
        name, percent = card["title"].removesuffix("%").split(" swarm, ")
        monster = next(m for m in rules.monsters().values() if m["name"] == name)
        s = stats(card)
        assert s["Scatters"] == f"<{3 * monster['health']}"
        reach = swarms.PCS_SWARMED[int(percent)]
        assert s["Swarms"] == str(reach)
        health = next(p["text"] for p in card["body"] if p["lead"] == "Health by room size:")
        assert health == ", ".join(f"{size}→{swarms.swarm_health(size, int(percent))}" for size in range(1, 6))
        attacks = next(p["text"] for p in card["body"] if p["lead"] == "Attacks:")
        assert attacks.startswith("It swarms every hero" if reach == "all" else f"It swarms {reach} hero")
        assert f"with melee {monster['melee']}" in attacks and "takes its melee twice, four times if alone" in attacks
        assert ("shot " + monster["shot"] in attacks) == (monster["shot"] != "0")
        head_count = next(p["text"] for p in card["body"] if p["lead"] == "Head count:")
        assert f"Below {3 * monster['health']} health a swarm scatters" in head_count


def test_the_decks_print_as_cards():
    for name, count in (("monsters", 11), ("swarms", 25)):  # with the notes card
        pdf_bytes = deck(name, fmt="pdf")
        assert all(fonts(open_pdf(pdf_bytes)).values())
        doc = pypdfium2.PdfDocument(pdf_bytes)
        text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
        assert f"{name.title()} {count}/{count}" in text


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("name", ["monsters", "swarms"])
def test_every_deck_prints_at_every_card_size_the_deck_command_offers(name, size, capsys, tmp_path):
    out = tmp_path / f"{name}-{size}.pdf"
    assert main(["deck", name, "--system", "amulet", "--card-size", size, "--seed", "x", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "error" not in err and "warning" not in err and "shrank" not in err, err
    doc = pypdfium2.PdfDocument(out.read_bytes())
    count = 11 if name == "monsters" else 25  # and, on a small card, cards of rules for the fullest cards' words
    text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    shown = re.search(rf"{name.title()} (\d+)/(\d+)", text)
    assert shown and int(shown[2]) >= count
    assert len(re.findall("More rules(?!\u201d)", text)) == int(shown[2]) - count  # their titles


def test_an_unknown_system_for_a_deck_is_one_clear_line(capsys, tmp_path):
    out = tmp_path / "d.pdf"
    assert main(["deck", "monsters", "--system", "amulett", "--seed", "x", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("printgen: error:") and err.count("\n") == 1 and "amulett" in err
    assert not out.exists()


def test_a_stat_that_counts_something_says_what_in_words_under_its_value():
    """A value stays a number or a die; what it counts is spelled out beneath it ("50" over "per 10 levels")."""
    notes = {}
    for card in deck("monsters")["cards"]:
        for stat in card["stats"]:
            assert re.fullmatch(r"d?\d+", stat["value"]), (card["title"], stat)
            if stat["note"]:
                notes[(card["title"], stat["label"])] = (stat["value"], stat["note"])
    assert notes == {("Wraith", "Health"): ("1", "potion"), ("Generator", "Health"): ("10", "a grade"),
                     ("Mini-boss", "Health"): ("50", "per 10 levels"), ("Mini-boss", "Speed"): ("4", "+1 per 10 levels")}
