"""ASCII @HACK prompt decks and pre-rolled obstacles: dealt by the seed, priced by the rules."""

import json
import re
from collections import Counter

import pypdfium2
import pytest
from fairness import assert_fair, evenly
from pdfutil import open_pdf, seed_code

from printgen.cli import main
from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.ascii_hack import obstacles

DECKS = ("zones", "monsters", "traps", "environs", "puzzles", "devices")
GENRES = ("fantasy", "scifi", "western")
GENRE_NAMES = {"fantasy": "Fantasy", "scifi": "Sci-fi", "western": "Western"}
# The rules' prices, as the rules print them.
TALENT = {"d4": 1, "d6": 2, "d8": 4, "d10": 8, "d12": 16, "d20": 32}
GEAR = {"d4": 1, "d6": 2, "d8": 3, "d10": 5, "d12": 8, "d20": 13}
ELEMENT = re.compile(r"(.+?) (d\d+) \((\d+)\)")


def deck(name, seed="deal", fmt="json", **own):
    options = {"genre": "fantasy", **{k: str(v) for k, v in own.items()}}
    if name == "obstacles":
        options.setdefault("count", "9")
    code = seed_code("deck", "ascii-hack", seed, deck=name, duplex="none", format=fmt, **options)
    data = build(code)
    return json.loads(data) if fmt == "json" else data


def prompts(cards):
    """The prompt cards: every card between the one that explains the deck and its notes card."""
    assert cards[0]["title"] == "This deck" and cards[-1]["reference"]
    return cards[1:-1]


def body(card):
    return {p["lead"]: p["text"] for p in card["body"]}


def stats(card):
    return {s["label"]: s["value"] for s in card["stats"]}


def elements(text):
    return [m.groups() for m in map(ELEMENT.fullmatch, text.rstrip(".").split(", "))]


@pytest.mark.parametrize("name", DECKS)
def test_every_deck_and_genre_has_thirty_prompts_or_more_dealt_by_the_seed(name):
    titles = {}
    for genre in GENRES:
        cards = prompts(deck(name, genre=genre)["cards"])
        assert len(cards) >= 30
        names = [c["title"] for c in cards]
        assert len(set(names)) == len(names)
        assert all(c["kicker"].endswith(GENRE_NAMES[genre]) for c in cards)
        titles[genre] = names
        again = prompts(deck(name, genre=genre)["cards"])
        other = prompts(deck(name, genre=genre, seed="another")["cards"])
        assert again == cards
        assert [c["title"] for c in other] != names and sorted(c["title"] for c in other) == sorted(names)
    assert not set(titles["fantasy"]) & set(titles["scifi"]) and not set(titles["scifi"]) & set(titles["western"])


def check_price(card):
    """Every suggested cost on a card is the rules' price; returns the card's Tokens."""
    kind = card["kicker"].split(" · ")[-2]
    lines, numbers = body(card), stats(card)
    tokens = int(numbers["Tokens"])
    if kind == "Monster":
        talents = elements(lines["Talents:"])
        gear = elements(lines["Gear:"]) if "Gear:" in lines else []
        assert all(int(c) == TALENT[d] for _, d, c in talents) and all(int(c) == GEAR[d] for _, d, c in gear)
        assert tokens == sum(int(c) for _, _, c in talents + gear)
        assert lines["Cost:"].startswith(" + ".join(c for _, _, c in talents + gear) + f" = {tokens} Tokens.")
        assert int(numbers["Slain pays"]) == -(-tokens // 2)
    elif kind == "Trap":
        name, die, cost = re.fullmatch(r"(.+) (d\d+), (\d+) at the Gear price\.", lines["Effect:"]).groups()
        count = int(numbers["Triggers"])
        assert int(cost) == GEAR[die] and numbers["Effect"] == die
        assert f"Triggers, {count} at 1 each:" in lines and len(lines[f"Triggers, {count} at 1 each:"].split("; ")) == count
        assert tokens == GEAR[die] + count
    elif kind == "Environ":
        name, die, cost = re.fullmatch(r"(.+) (d\d+), (\d+) at the Talent price\.", lines["Effect:"]).groups()
        assert int(cost) == TALENT[die] == tokens and numbers["Effect"] == die
    elif kind == "Puzzle":
        if "A logic puzzle:" in lines:
            assert tokens == 0
        else:
            assert tokens == int(numbers["Toll"]) and f"pays {tokens} to pass" in lines["A simple puzzle:"]
    elif kind == "Zone":
        assert tokens == (1 if numbers["Light"] == "needed" else 0)
    else:
        assert kind == "Device" and tokens == 1
    return tokens


@pytest.mark.parametrize("name", DECKS)
@pytest.mark.parametrize("genre", GENRES)
def test_every_suggested_cost_is_the_rules_price(name, genre):
    for card in prompts(deck(name, genre=genre)["cards"]):
        check_price(card)


def test_pre_rolled_obstacles_are_priced_and_the_same_whatever_the_count():
    few = prompts(deck("obstacles", count=4, genre="western")["cards"])
    many = prompts(deck("obstacles", count=60, genre="western")["cards"])
    assert len(few) == 4 and len(many) == 60 and many[:4] == few
    assert [c["kicker"].split(" · ")[0] for c in few] == [f"Obstacle {n}" for n in range(1, 5)]
    kinds = Counter(c["kicker"].split(" · ")[1] for c in many)
    assert set(kinds) == {"Monster", "Trap", "Environ", "Puzzle"}
    for card in many:
        check_price(card)


def test_suggested_dice_are_spread_evenly_as_recorded_and_as_printed():
    """Monster Talents roll d4..d10 and trap effects d6..d12, each rank as likely (chi-square, 200 seeds)."""
    code = lambda seed: SeedCode.make("deck", "ascii-hack", seed, {})
    recorded = Counter(t["die"] for seed in range(200) for m in obstacles.deal(code(str(seed)), "monster", "fantasy")
                       for t in m["talents"])
    assert_fair(recorded, evenly(("d4", "d6", "d8", "d10")))
    printed = Counter(stats(card)["Effect"] for seed in range(120)
                      for card in prompts(deck("traps", seed=str(seed), genre="scifi")["cards"]))
    assert_fair(printed, evenly(("d6", "d8", "d10", "d12")))
    tolls = Counter(stats(card)["Toll"] for seed in range(120)
                    for card in prompts(deck("puzzles", seed=str(seed))["cards"]) if "Toll" in stats(card))
    assert_fair(tolls, evenly(("1", "2", "3", "4", "5")))


def test_the_printed_cards_say_what_the_json_says():
    cards = prompts(deck("monsters", seed="page", genre="scifi")["cards"])
    pdf = deck("monsters", seed="page", genre="scifi", fmt="pdf")
    document = pypdfium2.PdfDocument(pdf)
    text = " ".join(" ".join(document[i].get_textpage().get_text_range().split()) for i in range(len(document)))
    for card in cards:
        assert card["title"] in text and " ".join(body(card)["Cost:"].split()) in text
    assert len(open_pdf(pdf).pages) == 4  # 34 cards, nine to a sheet, fronts only


def test_the_command_line_writes_decks_and_refuses_bad_options(tmp_path, capsys):
    out = tmp_path / "traps.json"
    assert main(["deck", "traps", "--system", "ascii-hack", "--genre", "western", "--format", "json", "--seed", "x",
                 "-o", str(out)]) == 0
    assert json.loads(out.read_text())["seed_code"].startswith("pg4:deck:ascii-hack:x:")
    for argv, message in ((["deck", "traps", "--genre", "steampunk"], "genre must be one of fantasy, scifi, western"),
                          (["deck", "obstacles", "--count", "0"], "count must be a whole number from 1 to 200"),
                          (["deck", "monsters", "--count", "3"], "--count is for")):
        bad = tmp_path / "bad.pdf"
        assert main([*argv, "--system", "ascii-hack", "--seed", "x", "-o", str(bad)]) == 2
        assert not bad.exists()
        assert message in capsys.readouterr().err


def test_the_notes_state_the_ranges_the_decks_draw_from():
    from printgen.systems.ascii_hack.rules import note

    text = note("Suggested builds")
    b = obstacles.builds()
    for ranks in (b["monster"]["talent_ranks"], b["monster"]["gear_ranks"], b["trap"]["effect_ranks"],
                  b["environ"]["effect_ranks"]):
        assert f"{ranks[0]} to {ranks[-1]}" in text
    assert "toll {} to {} Tokens".format(*b["puzzle"]["toll"]) in text
    assert "exits {} to {}".format(*b["zone"]["exits"]) in text
