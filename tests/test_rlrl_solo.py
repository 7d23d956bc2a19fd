"""The Rogue Like Roguelike solo booklet as a game a lone rogue can play by the rules, checked from what it prints.

The page and the JSON agree: each section's text, read back from the PDF column by column, prints every
section number its events send the reader to, every mark they tick or ask, and every die they roll, and
turns to no section its events do not name. The rules as written, read back from the JSON: monsters roll
the level's Difficulty in dice and need as many successes, as the rogue's own rolls do; nothing but food and
potions heals (no rest); the Amulet of Yendor ends the game only on level 10; a fight's way out leads back
to the room the rogue came in from, whichever it was, and every way into a fight's room is given one;
articles come from the phrasebook ("an amber potion"). The designer's notes print this booklet's own plays
and the measure over many campaigns. Played by the simulated players over a few seeds, the random rogue
never wins and the careful one often leaves level 1 (the full measure, over 100 seeds: benchmarks/solo.py).
"""

from __future__ import annotations

import json
import re

import pypdfium2
import pytest
from pdfutil import event_ways, gamebook_sections, section_misprints, seed_code

from printgen import products
from printgen.gamebook import odds
from printgen.systems.rlrl import GAME, rules, solo_play
from printgen.words import BUILT_IN

words = BUILT_IN.say_for(rules.__package__)  # the game's built-in words

SEED = "moonpie"
DICE = re.compile(r"\d+d\d*(?:[+-]\d+)?")


@pytest.fixture(scope="module")
def booklet():
    code = seed_code("solo", "rlrl", SEED)
    pdf = products.build(code)
    data = json.loads(products.build(seed_code("solo", "rlrl", SEED, format="json")))
    return pdf, data


def printed_sections(pdf: bytes, count: int) -> dict[int, str]:
    """Each section's text as the PDF holds it: the pages with a range of sections in the running head."""
    return gamebook_sections(pdf, count, lambda head: bool(re.search(r"\d+(–\d+)?", head)))


def expected(section: dict) -> tuple[set[str], set[str], set[str]]:
    """What a section's events say it prints: the numbers it turns to, its marks, and the dice."""
    ways = {str(to) for event in section["events"] for to in event_ways(event)}
    marks: set[str] = set()
    dice: set[str] = set()

    def marked(values):
        marks.update(str(m) for m in values if isinstance(m, int))

    for event in section["events"]:
        kind = event["kind"]
        marked(event.get("marks", []))
        if kind == "go":
            marked(event["ticks"])
        elif kind == "choose":
            for option in event["options"]:
                marked(option["needs"] + option["lacks"] + option["ticks"])
        elif kind == "damage":
            dice.add(event["dice"])
    return ways, marks, dice


def _dice_joined(text: str) -> str:
    return re.sub(r"(\d+d\d*)\s*([+-])\s*(\d+)", r"\1\2\3", text)


def test_each_section_prints_the_ways_marks_and_dice_of_its_events(booklet):
    """The PDF, read back, against the JSON: every section a section's events send the reader to, every mark
    they tick or ask and every die of damage is printed in that section, and every "turn to" it prints is
    one of its events' ways."""
    pdf, data = booklet
    sections = {s["number"]: s for s in data["sections"]}
    printed = printed_sections(pdf, len(sections))
    assert sorted(printed) == sorted(sections)
    checked = 0
    for number, section in sections.items():
        text = _dice_joined(printed[number])
        wrong = section_misprints(text, *expected(section), DICE)
        assert not wrong, (number, wrong, text)
        checked += 1
    assert checked > 500


def test_monsters_roll_the_difficulty_and_need_its_successes(booklet):
    """The rules: "All actions require a number of successes ... equal to the current dungeon level's
    Difficulty ... monsters always roll a number of dice equal to the current level's Difficulty" (a mimic and
    a shopkeeper have their own attack, as the rules list them)."""
    _, data = booklet
    fights = 0
    for section in data["sections"]:
        for event in section["events"]:
            if event["kind"] != "fight":
                continue
            level = event["attack"]["level"]
            d = rules.difficulty(level)
            assert event["attack"]["successes"] == d
            for creature in event["creatures"]:
                if creature["name"] in ("Mimic", "Shopkeeper"):
                    continue
                assert creature["attack"] == {"dice": f"{d}d", "faces": [5, 6], "successes": d}, (section["number"],
                                                                                                   creature)
            fights += 1
    assert fights > 50


def test_hit_points_rise_only_by_food_potions_and_levels(booklet):
    """The rules: Hit Points "do not rise naturally": no section lets a rogue rest back any HP (the cells are
    "a safe place to rest", as the rules say, and heal nothing), and the heal events are meals only."""
    pdf, data = booklet
    for section in data["sections"]:
        for event in section["events"]:
            words = (event.get("text") or "") + " ".join(o["text"] for o in event.get("options", []))
            assert not re.search(r"\brest\b[^.]*\b(HP|Hit Points)\b", words, re.IGNORECASE), (section["number"], words)
            if event["kind"] == "heal":
                assert "bodies" in event, (section["number"], event)


def test_the_amulet_wins_only_on_level_ten(booklet):
    """The Amulet of Yendor is the A list's 6, on level 10: the won ending is reached from level 10 only."""
    _, data = booklet
    won = next(s["number"] for s in data["sections"]
               if any(e["kind"] == "end" and e["outcome"] == "won" for e in s["events"]))
    into = [s for s in data["sections"] if won in s["turn_to"]]
    assert into and all(s["level"] == rules.campaign()["levels"] for s in into)


def test_running_from_a_fight_leads_back_the_way_the_rogue_came(booklet):
    """Every fight's way out is a choice of the rooms the rogue may have come in from, each open only to one
    who came from it (came_from), and every section that leads into the fight's room has its way back."""
    _, data = booklet
    by_number = {s["number"]: s for s in data["sections"]}
    fled = [s for s in data["sections"] if s["kind"] == "fight-fled"]
    assert fled
    for section in fled:
        options = [o for e in section["events"] if e["kind"] == "choose" for o in e["options"]]
        assert options and all(o["came_from"] for o in options), section["number"]
        came = {c for o in options for c in o["came_from"]}
        place = section["in"]
        entering = {s["number"] for s in data["sections"]
                    if s["in"] != place and s["number"] != place
                    and any(by_number[t]["in"] == place or t == place for t in s["turn_to"])}
        assert entering <= came, (section["number"], sorted(entering - came))


def test_articles_come_from_the_phrasebook(booklet):
    """No "a amber potion": every "a" before a word the booklet prints starts with a consonant sound."""
    pdf, _ = booklet
    document = pypdfium2.PdfDocument(pdf)
    try:
        text = " ".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()
    wrong = re.findall(r"\b[Aa] (?:[aeiAEI]\w+|o(?!ne)\w+|u(?!ni|se)\w+)", text)
    assert not wrong, sorted(set(wrong))[:10]


def test_the_designers_notes_print_this_booklets_own_plays(booklet):
    """How to play alone ends with the designer's notes: each kind of simulated rogue's share of wins, of plays
    off level 1 alive and of deaths, and his deepest level, as this very booklet's plays give them, then the
    figures over many campaigns as data/odds.toml holds them."""
    pdf, _ = booklet
    code = seed_code("solo", "rlrl", SEED)
    request = products.request(code)
    book = request.part("solo").book(request.part("dungeon").generate(request), request)
    tallies = solo_play.simulate(book, code)
    text = " ".join(_page_texts(pdf))
    assert "Designer's notes: the odds" in text
    for kind, tally in tallies.items():
        row = (f"{words(f'solo.notes.name-{kind}')} {100 * tally.share('won'):.0f}% {100 * tally.reached(2):.0f}% "
               f"{100 * tally.share('died'):.0f}% {tally.mean_deepest():.1f}")
        assert row in text, row
    measured = GAME.data("odds")
    assert measured["seeds"] >= 100 and {row["player"] for row in measured["row"]} == set(solo_play.PLAYERS)
    for row in measured["row"]:
        name = words(f"solo.notes.name-{row['player']}")
        printed = f"{name} {100 * row['won']:.0f}% {100 * row['out']:.0f}% {100 * row['died']:.0f}% {row['deepest']:.1f}"
        assert printed in text, printed


def _page_texts(pdf: bytes) -> list[str]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        return [" ".join(page.get_textpage().get_text_range().split()) for page in document]
    finally:
        document.close()


@pytest.mark.sweep
def test_the_players_fare_as_the_rules_make_them():
    """Over four seeds, six plays of each kind: the careless rogue never wins (the aim is 2% at most), the
    careful rogue leaves level 1 alive in at least a quarter of his plays, and no play goes on forever
    (the full measure, over 100 seeds: benchmarks/solo.py, whose figures data/odds.toml keeps)."""
    tallies: dict[str, odds.Tally] = {}
    for seed in ("band-0", "band-1", "band-2", "band-3"):
        code = seed_code("solo", "rlrl", seed)
        request = products.request(code)
        book = request.part("solo").book(request.part("dungeon").generate(request), request)
        for kind, tally in solo_play.simulate(book, code, plays=6).items():
            tallies.setdefault(kind, odds.Tally()).add(tally)
    for tally in tallies.values():
        assert set(tally.outcomes) <= {"won", "died", "left"}, tally.outcomes
    assert tallies["random"].share("won") == 0
    assert tallies["careful"].reached(2) >= 0.25, tallies["careful"].deepest
