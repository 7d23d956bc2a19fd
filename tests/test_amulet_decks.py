"""Amulet's monster and swarm decks: the rules' numbers on every card, printgen's designs marked as such."""

import json

import pypdfium2
import pytest

from printgen.cards.sizes import CARD_SIZES
from printgen.cli import main
from printgen.products import build
from printgen.systems.amulet import rules, swarms

from pdfutil import fonts, open_pdf, seed_code

SIX = ("wizard", "demon", "barbarian", "ghost", "hobbit", "slime")


def deck(name, fmt="json"):
    code = seed_code("deck", "amulet", "cards", deck=name, format=fmt)
    data = build(code)
    return json.loads(data) if fmt == "json" else data


def stats(card):
    return {s["label"]: s["value"] for s in card["stats"]}


def test_monster_cards_carry_the_rules_numbers_and_mark_printgens():
    cards = {c["title"]: c for c in deck("monsters")["cards"]}
    assert len(cards) == 10
    for code in SIX:
        m = rules.monsters()[code]
        s = stats(cards[m["name"]])
        assert (s["Health"], s["Melee"], s["Shot"], s["Speed"]) == (str(m["health"]), m["melee"], m["shot"],
                                                                    str(m["speed"]))
        assert "printgen's" not in cards[m["name"]]["tags"]
    for name in ("Wraith", "Mimic", "Generator", "Mini-boss"):
        assert "printgen's" in cards[name]["tags"] and cards[name]["kicker"] == "printgen's design"


def test_a_swarm_card_for_every_monster_and_size():
    cards = deck("swarms")["cards"]
    assert len(cards) == 24
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
    for name, count in (("monsters", 10), ("swarms", 24)):
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
    count = 10 if name == "monsters" else 24
    text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    assert f"{name.title()} {count}/{count}" in text


def test_an_unknown_system_for_a_deck_is_one_clear_line(capsys, tmp_path):
    out = tmp_path / "d.pdf"
    assert main(["deck", "monsters", "--system", "amulett", "--seed", "x", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("printgen: error:") and err.count("\n") == 1 and "amulett" in err
    assert not out.exists()


# A short stat value, and what the card's text must say for a reader to know what it stands for.
SHORT_VALUES = {"/10 lvls": "10 levels", "potion": "potion", "a grade": "grade"}


def test_short_stat_values_are_explained_on_their_card():
    seen = set()
    for card in deck("monsters")["cards"]:
        text = " ".join(p["text"] for p in card["body"])
        for value in stats(card).values():
            for short, meaning in SHORT_VALUES.items():
                if short in value:
                    seen.add(short)
                    assert meaning in text, (card["title"], value)
    assert seen == set(SHORT_VALUES)
