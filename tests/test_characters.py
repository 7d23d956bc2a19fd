"""Pre-rolled characters obey their rules, and the dice behind them are fair."""

from collections import Counter
from fractions import Fraction
from functools import partial

import pytest
from pdfutil import seed_code

from printgen.errors import PrintgenError
from printgen.products import build
from printgen.seed import stream
from printgen.systems.amulet import characters as amulet
from printgen.systems.ascii_hack import characters as ascii_hack
from printgen.systems.rlrl import characters as rlrl
from printgen.systems.roguelike import characters as roguelike
from printgen.systems.roguelike.rules import data_list, tables
from printgen.words import BUILT_IN


def rolled(module_roll, n, *extra, seed="chars"):
    return [module_roll(stream(seed, "sheet", i), i, *extra) for i in range(1, n + 1)]


def test_roguelike_ratings_and_abilities_come_from_the_two_rows():
    occupations = {row.result: row for row in tables()["occupation"].rows}
    races = {row.result: row for row in tables()["race"].rows}
    spells = {item["name"]: item for item in data_list("spells").items}
    miracles = {item["name"]: item for item in data_list("miracles").items}
    for char in rolled(roguelike.roll_character, 400):
        occ, race = occupations[char["occupation"]["name"]], races[char["race"]["name"]]
        assert tables()["occupation"].lookup(char["occupation"]["roll"]) is occ
        assert tables()["race"].lookup(char["race"]["roll"]) is race
        for key in ("health", "attack", "defense"):
            assert char["ratings"][key] == occ[key]
        for key in ("speed", "power", "intellect"):
            assert char["ratings"][key] == race[key]
        expected = Counter()
        for row in (occ, race):
            for ability in row["abilities"]:
                expected[ability["name"]] += ability["count"]
        assert {a["name"]: a["count"] for a in char["abilities"]} == dict(expected)
        assert len(char["spells"]) == expected["Spell"]
        assert len(char["miracles"]) == expected["Miracle"]
        assert len({s["name"] for s in char["spells"]}) == len(char["spells"])
        assert len({m["name"] for m in char["miracles"]}) == len(char["miracles"])
        for spell in char["spells"]:
            assert spells[spell["name"]] == spell and spell["effect"]
        for miracle in char["miracles"]:
            assert miracles[miracle["name"]] == miracle
        assert char["level"] == 1 and char["points"] == 0
        assert char["weapons"] == [{"name": "Rusty Dagger", "wdr": "1"}]
        assert {g["name"]: g["count"] for g in char["gear"]} == {"Burlap Sack": 1, "Ration": 3}
        assert char["name"]


def test_roguelike_elf_wizard_gets_four_spells_and_elf_priest_one_spell_five_miracles():
    occ, race = tables()["occupation"], tables()["race"]
    wizard, priest, elf = occ.lookup(4), occ.lookup(1), race.lookup(1)
    assert {a["name"]: a["count"] for a in roguelike.abilities(wizard, elf)} == {"Spell": 4}
    assert {a["name"]: a["count"] for a in roguelike.abilities(priest, elf)} == {"Miracle": 5, "Spell": 1}


def test_occupation_and_race_follow_the_dice():
    n = 6000
    chars = rolled(roguelike.roll_character, n, seed="distribution")
    occ = Counter(c["occupation"]["name"] for c in chars)
    race = Counter(c["race"]["name"] for c in chars)
    for row in tables()["occupation"].rows:
        p = float(tables()["occupation"].row_probability(row))
        assert abs(occ[row.result] / n - p) < 0.025, (row.result, occ[row.result])
    for row in tables()["race"].rows:
        p = float(tables()["race"].row_probability(row))
        assert abs(race[row.result] / n - p) < 0.025, (row.result, race[row.result])
    assert float(tables()["race"].row_probability(tables()["race"].lookup(5))) == pytest.approx(0.5)


def test_rlrl_two_skills_at_2d6_the_rest_at_1d6():
    r = rlrl.rules()
    seen = Counter()
    for char in rolled(rlrl.roll_character, 1300):
        pools = {s["name"]: s["dice"] for s in char["skills"]}
        assert list(pools) == r["skills"] and len(pools) == 13
        assert sorted(pools.values()) == [1] * 11 + [2, 2]
        assert set(char["favoured"]) == {k for k, v in pools.items() if v == 2}
        assert char["hit_points"] == 6 and char["level"] == 1
        seen.update(char["favoured"])
    # Every skill is chosen, about equally often (2/13 of rogues each).
    assert set(seen) == set(r["skills"])
    assert all(abs(count / 1300 - 2 / 13) < 0.04 for count in seen.values())


@pytest.mark.parametrize("genre", ["fantasy", "scifi", "western"])
def test_ascii_hack_adventurer_costs_add_up(genre):
    r = ascii_hack.rules()
    ranks = [x["die"] for x in r["rank"]]
    names = ascii_hack.genres()[genre]
    for char in rolled(partial(ascii_hack.roll_character, BUILT_IN), 200, genre):
        talent_cost = sum(ascii_hack.cost("talent", t["die"]) for t in char["talents"])
        gear_cost = sum(ascii_hack.cost("gear", g["die"]) for g in char["gear"])
        for t in char["talents"]:
            assert t["cost"] == ascii_hack.cost("talent", t["die"]) and t["name"] in names["talents"]
        for g in char["gear"]:
            assert g["cost"] == ascii_hack.cost("gear", g["die"]) and g["name"] in names["gear"]
            assert ranks.index(g["die"]) <= ranks.index(r["home_max_rank"])  # Home gear: d8 at most
        assert len(char["gear"]) <= r["gear_limit"]
        assert talent_cost + gear_cost == char["tokens_spent"]
        assert char["tokens_available"] == 20 - 1 + 5
        assert char["tokens_left"] == char["tokens_available"] - char["tokens_spent"]
        assert char["tokens_left"] >= r["pre_rolled"]["reserve"][0]
        assert sum(line["tokens"] for line in char["ledger"]) == char["tokens_left"]
        assert (char["sustenance"], char["illumination"], char["escalation"]) == (20, 20, 1)


def test_ascii_hack_chances_are_computed_not_copied():
    from printgen.systems.ascii_hack.sheet import chances, stunt_cost

    assert chances("d20") == (Fraction(17, 20), Fraction(1, 20))
    assert chances("d8") == (Fraction(5, 8), Fraction(1, 8))
    assert [stunt_cost(c) for c in (1, 2, 3, 5, 8, 13)] == [1, 1, 1, 2, 3, 4]


def test_amulet_classes_have_the_rules_numbers():
    warrior = amulet.character_for("Warrior")["abilities"]
    assert warrior == {"melee": "d10", "speed": 3, "shot": "d8", "armor": 3, "magic": "d6"}
    assert amulet.character_for("Valkyrie")["abilities"]["armor"] == 5
    assert amulet.character_for("Wizard")["abilities"]["magic"] == "d10"
    assert amulet.character_for("Elf")["abilities"]["speed"] == 4
    classes = Counter(c["class"] for c in rolled(amulet.roll_character, 400))
    assert set(classes) == {"Warrior", "Elf", "Valkyrie", "Wizard"}
    assert all(60 < n < 140 for n in classes.values())


def json_characters(system, count, seed="same", genre=None):
    import json

    code = seed_code("sheet", system, seed, count=count, genre=genre, format="json")
    return json.loads(build(code))["characters"]


@pytest.mark.parametrize("system", ["roguelike", "amulet", "ascii-hack", "rlrl"])
def test_character_n_is_the_same_whatever_the_count(system):
    few, many = json_characters(system, 3), json_characters(system, 12)
    assert few == many[:3]
    # Each is distinct from the others.
    assert len({str({k: v for k, v in c.items() if k != "number"}) for c in many}) == 12


def test_unknown_genre_is_refused():
    with pytest.raises(PrintgenError, match="--genre must be one of fantasy, scifi, western, not 'steampunk'"):
        json_characters("ascii-hack", 2, genre="steampunk")
