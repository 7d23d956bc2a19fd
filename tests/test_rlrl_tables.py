"""Rogue Like Roguelike's tables as data, the rolls of rooms and shops, the colours, the encounter deck."""

from __future__ import annotations

from collections import Counter

import pytest
from fairness import assert_fair
from pdfutil import page_texts

from printgen import dice
from printgen.cli import main
from printgen.seed import SeedCode, stream
from printgen.systems.rlrl import colours, contents, decks, key, rules, shops
from printgen.words import BUILT_IN


def test_every_table_loads_and_the_encounter_table_covers_2_to_16():
    t = rules.tables()
    for letter in rules.LETTERS:
        assert t[rules.monsters(letter)].die_text == "1d6"
        assert t[rules.loot(letter)].die_text == "1d6"
    assert [rules.traps(letter) in t.tables for letter in rules.LETTERS] == [True, True, True, True, False]
    table = rules.encounters()
    assert [v for row in table.rows for v in range(row.low, row.high + 1)] == list(range(2, 17))
    assert table.lookup(16).result == "A level monster & loot"
    assert t["shop-stock"].die_text == "3d6" and t["special-features"].die_text == "2d6"


def test_the_rules_numbers_as_written():
    t = rules.tables()
    assert [row["hp"] for row in t["monsters-a"].rows] == [30, 40, 50, 60]
    assert t["monsters-e"].lookup(6).result == "Grid Bug" and t["monsters-e"].lookup(6)["damage_dice"] == "1d"
    assert [(r.roll_text, r["count"]) for r in t["secret-doors"].rows] == [("1-3", 0), ("4-5", 1), ("6", 2)]
    assert t["special-features"].lookup(2)["encounter_rolls"] == 2
    assert [r.roll_text for r in t["door"].rows if r["locked"]] == ["5-6"]
    assert [rules.difficulty(level) for level in range(1, 11)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4]
    assert rules.campaign()["setup"]["start_doors_dice"] == "1d6-3 (minimum 1)"


def _rooms(level: int, count: int) -> list[dict]:
    return [contents.roll_room(stream("rooms", level, i), level, 0) for i in range(count)]


def test_room_rolls_follow_their_dice():
    rooms = _rooms(5, 3000)
    assert_fair(Counter(r["squares"] for r in rooms), dice.parse("2d6").distribution())
    assert_fair(Counter(r["exits"] for r in rooms), dice.parse("1d6").distribution())
    assert_fair(Counter(r["secret_doors"]["roll"] for r in rooms), dice.parse("1d6").distribution())
    assert_fair(Counter(r["feature"]["roll"] for r in rooms), dice.parse("2d6").distribution())
    for room in rooms:
        row = rules.tables()["special-features"].lookup(room["feature"]["roll"])
        assert room["feature"]["code"] == row["code"]
        assert len(room["encounters"]) == (2 if row["code"] == "monster-hq" else 1)
        assert room["secret_doors"]["count"] == rules.tables()["secret-doors"].lookup(room["secret_doors"]["roll"])["count"]


@pytest.mark.parametrize("level", [1, 4, 10])
def test_encounters_follow_1d6_plus_level_and_their_rows(level):
    encounters = [e for room in _rooms(level, 1500) for e in room["encounters"]]
    assert_fair(Counter(e["roll"] for e in encounters), dice.parse(f"1d6+{level}").distribution())
    for encounter in encounters:
        row = rules.encounters().lookup(encounter["roll"])
        wanted = Counter(part["letter"] for part in row["parts"] if part["what"] == "monster"
                         for _ in range(part["count"]))
        assert Counter(m["letter"] for m in encounter["monsters"]) == wanted
        assert (encounter["loot"] is None) == ("loot" not in row.fields)


def test_monster_and_loot_lists_follow_1d6():
    rng = stream("lists")
    for letter in rules.LETTERS:
        monsters = [contents.roll_monster(rng, letter) for _ in range(1200)]
        assert_fair(Counter(m["roll"] for m in monsters), dice.parse("1d6").distribution())
        table = rules.tables()[rules.monsters(letter)]
        assert all(table.lookup(m["roll"]).result == m["name"] for m in monsters)
        loot = [contents.roll_loot(rng, letter) for _ in range(1200)]
        assert_fair(Counter(item["roll"] for item in loot), dice.parse("1d6").distribution())
        statuses = [item["status"]["roll"] for item in loot if "status" in item]
        assert_fair(Counter(statuses), dice.parse("1d6").distribution())
        assert all("status" not in item for item in loot if item["kind"] in ("gold", "amulet"))


def test_a_level_loot_counts_a_level_monsters_met():
    rng = stream("a-loot")
    loot = [contents.roll_loot(rng, "A", a_monsters=2) for _ in range(400)]
    table = rules.tables()["loot-a"]
    assert all(item["name"] == table.lookup(min(6, item["roll"] + 2)).result for item in loot)
    assert not any(item["name"] == "3d gold" for item in loot)


def test_shops_stock_1d_items_on_3d6_with_mimics_and_fakes():
    stocks = [shops.roll_shop(stream("shop", i), 4) for i in range(1500)]
    assert_fair(Counter(s["stock_roll"] for s in stocks), dice.parse("1d6").distribution())
    assert_fair(Counter(s["identify_scrolls"] for s in stocks), dice.parse("1d3").distribution())
    items = [item for s in stocks for item in s["stock"]]
    assert all(len(s["stock"]) == s["stock_roll"] for s in stocks)
    assert_fair(Counter(i["roll"] for i in items), dice.parse("3d6").distribution())
    for item in items:
        if "loot" in item:
            assert "status" not in item["loot"]  # regular, uncursed stock
            expected = {"gold": "mimic", "amulet": "fake-amulet"}.get(item["loot"]["kind"], "loot")
            assert item["item"] == expected
    assert {"mimic", "fake-amulet"} <= {i["item"] for i in items}


def test_colours_are_a_permutation_within_a_campaign_and_differ_between_seeds():
    deals = [colours.deal(stream(f"seed{i}", "colours")) for i in range(300)]
    magic = [item["magic"] for item in colours.magic_items()]
    for dealt in deals:
        assert sorted(dealt) == sorted(magic)
        for kind in colours.KINDS:
            used = [dealt[item["magic"]] for item in colours.magic_items() if item["kind"] == kind]
            assert len(set(used)) == len(used) and set(used) <= set(colours.pool(kind))
    assert len({tuple(sorted(d.items())) for d in deals}) == len(deals)
    # Every colour of the pool turns up on healing potions about equally often.
    counts = Counter(d["healing"] for d in deals)
    pool = colours.pool("potion")
    assert_fair(counts, {c: 1 / len(pool) for c in pool})


def test_encounter_deck_has_a_card_per_monster_and_trap(tmp_path):
    deck = decks.encounters_deck(BUILT_IN, SeedCode("deck", "rlrl", "x"), {})
    titles = [card.title for card in deck.cards if not card.reference]
    for letter in rules.LETTERS:
        for row in rules.tables()[rules.monsters(letter)].rows:
            assert row.result in titles
    assert len(titles) == 20 + 9 + 2
    assert deck.cards[-1].reference  # and the deck's notes card
    out = tmp_path / "deck.pdf"
    assert main(["deck", "encounters", "--system", "rlrl", "--seed", "x", "-o", str(out)]) in (0, None)
    text = " ".join(page_texts(out))
    assert "Dragon" in text and "Land Mine" in text and "Mimic" in text


def test_every_trap_card_gives_its_rule_in_the_words_of_the_key():
    deck = decks.encounters_deck(BUILT_IN, SeedCode("deck", "rlrl", "x"), {})
    for letter in rules.LETTERS:
        if rules.traps(letter) not in rules.tables().tables:
            continue
        for row in rules.tables()[rules.traps(letter)].rows:
            card = next(card for card in deck.cards if card.title == row.result)
            rule = key.trap_text(BUILT_IN, key.trap_line(BUILT_IN, row.result, letter))
            assert card.body[0].text == rule[0].upper() + rule[1:] + ".", row.result
            assert card.body[0].lead == "Sprung:" and "Disable Trap" in card.body[1].text, row.result
    dart = next(card for card in deck.cards if card.title == "Dart Trap")
    assert dart.body[0].text == "Attack 1d, damage 1d-2."


def test_trap_cards_look_unlike_monster_cards():
    """A trap has a colour, a badge and pictures of its own: a Dungeon Master tells the two apart at a glance."""
    deck = decks.encounters_deck(BUILT_IN, SeedCode("deck", "rlrl", "x"), {})
    traps = [card for card in deck.cards if card.kicker and "trap" in card.kicker]
    monsters = [card for card in deck.cards if card.kicker and "monster" in card.kicker]
    assert len(traps) == 9 and len(monsters) == 20
    assert {card.accent for card in traps}.isdisjoint({card.accent or deck.accent for card in monsters})
    assert all(card.tags == ("Trap",) for card in traps) and not any("Trap" in card.tags for card in monsters)
    pictures = [card.picture for card in traps + monsters]
    assert all(pictures) and len(set(pictures)) == len(pictures)


@pytest.mark.parametrize("options", [{}, {"count": 2}, {"per-page": 2, "fillable": True}],
                         ids=["blank", "pre-rolled", "two-up-fillable"])
def test_the_sheet_and_the_reference_of_one_seed_list_the_same_colours(options):
    from printgen.products import build

    seed = "same-colours"
    listed = colours.listed(colours.for_seed(SeedCode("reference", "rlrl", seed)))
    assert len(listed) == len(colours.magic_items())
    sheet = " ".join(" ".join(page_texts(build(SeedCode.make("sheet", "rlrl", seed, options)))).split())
    reference = " ".join(" ".join(page_texts(build(SeedCode.make("reference", "rlrl", seed, {})))).split())
    shown = [f"{colour} {kind}" for colour, kind in listed]
    assert all(line in reference for line in shown)
    # On the sheet: the same colours, potions then wands, each in alphabetical order, and no other.
    where = [sheet.find(line) for line in shown]
    assert -1 not in where and where == sorted(where)
    for kind in colours.KINDS:
        for colour in colours.pool(kind):
            assert (f"{colour} {kind}" in sheet) == ((colour, kind) in listed), (colour, kind)
    assert [kind for _, kind in listed] == sorted((kind for _, kind in listed), key=colours.KINDS.index)
    for kind in colours.KINDS:
        names = [colour for colour, k in listed if k == kind]
        assert names == sorted(names)
