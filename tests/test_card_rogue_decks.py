"""The Card Rogue set, read back from the files printgen writes: counts, tiles, backs, symbols."""

from __future__ import annotations

import json
import re
from collections import Counter

import pypdfium2
import pytest
from pdfutil import assert_fronts_inside_safe_area, open_pdf, page_texts

from printgen.cli import main
from printgen.products import build
from printgen.seed import SeedCode
from printgen.systems.card_rogue import rules

POKER_BLEED = {"card-size": "poker", "bleed": "3"}


def deck_data(tmp_path, deck: str) -> dict:
    out = tmp_path / f"{deck}.json"
    assert main(["deck", deck, "--system", "card-rogue", "--seed", "s", "--format", "json", "-o", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


def deck_pdf(deck: str, **options: str) -> bytes:
    base = {"deck": deck, "paper": "letter", "duplex": "long", "crop-marks": "short", "layout": "sheet",
            **POKER_BLEED}
    base.update(options)
    return build(SeedCode.make("deck", "card-rogue", "s", base))


@pytest.fixture(scope="module")
def everything(tmp_path_factory) -> dict:
    return deck_data(tmp_path_factory.mktemp("all"), "all")


@pytest.fixture(scope="module")
def everything_pdf() -> bytes:
    return deck_pdf("all")


def printed(data: dict) -> Counter:
    return Counter(card["title"] for card in data["cards"] for _ in range(card["count"]))


def test_every_card_is_printed_as_often_as_its_count(everything):
    titles = printed(everything)
    for enemy in rules.enemies():
        assert titles[enemy["name"]] == enemy["count"]
    for item in rules.equipment():
        assert titles[item["name"]] == item["count"]
    for scroll in rules.scrolls():
        assert titles[scroll["name"]] == scroll["count"]
    for colour in rules.potion_colours():
        assert titles[f"{colour['name']} Potion"] == rules.potions_per_colour()
    for artifact in rules.artifacts():
        assert titles[artifact["name"]] == 1
    for gold in rules.supplies()["gold"]:
        assert titles[f"{gold['amount']} Gold"] == gold["count"]
    for effect in rules.supplies()["effect"]:
        assert titles[effect["name"]] == effect["count"]
    tiles = sum(s["exploration"] + s["stack"] for s in rules.tile_shapes())
    assert titles["Pathing Tile"] == tiles
    assert titles["Starting Tile"] == 4 and titles["Descending Ladder"] == 1
    assert sum(1 for t in titles if t.startswith("SPARE ")) == 20
    assert {c["name"] for c in rules.characters()} == {"Warrior", "Rogue", "Cleric", "Explorer", "Mage", "Bard"}
    assert all(titles[c["name"]] == 1 for c in rules.characters())
    assert titles["Reference"] == 4 and titles["Card Symbols"] == 4 and titles["Shopkeeper's Debt"] == 1
    assert everything["printed"] == sum(titles.values())


def test_the_rules_named_enemies_and_items_are_all_there(everything):
    titles = printed(everything)
    for name in ("Goblin", "Kobold", "Sewer Rat", "Cave Bat", "Vampire Bat", "Zombie", "Troll", "Imp", "Basilisk",
                 "Golem", "Dagger", "Sword", "Battle Axe", "Maul", "Helm", "Chestplate", "Shield", "Boots",
                 "Hasty Boots", "Shadow Cape", "Vision Lens", "Key", "Locked Chest", "Fountain of Healing", "Shop",
                 "Trap of Paralysis", "Trap of Poison", "Trap of Spikes", "Cooldown", "Skip Turn", "Poison"):
        assert titles[name] >= 1, name
    assert titles["Basilisk"] == 2 and titles["Golem"] == 1


def test_every_printed_card_has_its_index_once():
    """Each front of the exploration deck names its number, 1 to 80, once."""
    texts = page_texts(deck_pdf("exploration", duplex="none"))
    indexes = Counter(re.findall(r"Exploration (\d+)/(\d+)", "\n".join(texts)))
    e = rules.exploration()
    total = (sum(s["exploration"] for s in rules.tile_shapes()) + sum(x["count"] for x in rules.enemies())
             + sum(t["count"] for t in e["trap"]) + e["fountain"]["count"] + e["shop"]["count"]
             + e["chest"]["count"] + e["key"]["count"] + len(rules.artifacts())
             + len(rules.potion_colours()) * rules.potions_per_colour()) + 1  # and the deck's notes card
    assert set(indexes) == {(str(n), str(total)) for n in range(1, total + 1)}
    assert set(indexes.values()) == {1}


def test_enemy_names_reach_the_page_as_often_as_their_counts():
    text = "\n".join(page_texts(deck_pdf("exploration", duplex="none")))
    lines = Counter(line.strip() for line in text.splitlines())
    for enemy in rules.enemies():
        assert lines[enemy["name"]] == enemy["count"], enemy["name"]


def test_arrows_point_away_from_a_path_and_every_tile_has_one_to_four_paths(everything):
    opposite = {"N": "S", "E": "W", "S": "N", "W": "E"}
    tiles = [c for c in everything["cards"] if c["face"] == "tile"]
    assert {len(c["paths"]) for c in tiles} == {1, 2, 3, 4}
    assert any(c["arrow"] for c in tiles)
    for card in tiles:
        assert 1 <= len(card["paths"]) <= 4 and set(card["paths"]) <= set("NESW")
        if card["arrow"]:
            assert opposite[card["arrow"]] in card["paths"]


def _sample(image, x_mm: float, y_mm: float, scale: float):
    """The pixel at (x, y) mm from the card's trim corner (bottom left), on a print-shop page with 3 mm bleed."""
    px = (x_mm + 3) / 25.4 * 72 * scale
    py = image.height - (y_mm + 3) / 25.4 * 72 * scale
    return image.getpixel((int(px), int(py)))


def _is_path(pixel) -> bool:
    return sum(pixel[:3]) / 3 > 120  # paving is light, rock is dark


@pytest.mark.parametrize("deck", ["pathing", "starting"])
def test_tile_paths_meet_the_neighbours_at_the_edge_midpoints(tmp_path, deck):
    """On every tile a path crosses the middle of an edge it names and only those; the span is the same on all."""
    cards = [c for c in deck_data(tmp_path, deck)["cards"] for _ in range(c["count"])]
    assert cards[-1]["reference"] and all(c["face"] == "tile" for c in cards[:-1])  # the tiles, and the notes card
    cards = cards[:-1]
    pdf = build(SeedCode.make("deck", "card-rogue", "s", {"deck": deck, "layout": "print-shop", **POKER_BLEED}))
    document = pypdfium2.PdfDocument(pdf)
    scale = 2.0
    width, height = 63.5, 88.9
    half_path = width * 0.36 / 2
    inside = 0.8  # mm in from the cut
    try:
        for number, card in enumerate(cards):
            image = document[2 * number].render(scale=scale).to_pil()
            for edge in "NESW":
                middle = {"N": (width / 2, height - inside), "S": (width / 2, inside),
                          "E": (width - inside, height / 2), "W": (inside, height / 2)}[edge]
                assert _is_path(_sample(image, *middle, scale)) == (edge in card["paths"]), (number, edge)
                # Just beyond the path's span the edge is rock: paths are the same width on every tile.
                if edge in "NS":
                    beyond = (width / 2 + half_path + 1.5, middle[1])
                    within = (width / 2 + half_path - 1.5, middle[1])
                else:
                    beyond = (middle[0], height / 2 + half_path + 1.5)
                    within = (middle[0], height / 2 + half_path - 1.5)
                assert not _is_path(_sample(image, *beyond, scale))
                assert _is_path(_sample(image, *within, scale)) == (edge in card["paths"])
    finally:
        document.close()


def _back_forms(pdf: bytes) -> set[str]:
    names = set()
    for page in open_pdf(pdf).pages:
        for name in (page.get("/Resources", {}).get("/XObject") or {}).keys():
            if "pgback" in str(name):
                names.add(str(name))
    return names


def test_each_family_has_its_own_back(everything_pdf):
    families = {"exploration", "pathing", "starting", "character", "shop", "gold", "effect", "reference"}
    assert len(_back_forms(everything_pdf)) == len(families)
    backs = "\n".join(page_texts(everything_pdf)[1::2])
    for word in ("Exploration", "Pathing Tile", "Starting Tile", "Shop", "Gold", "Effect", "Character",
                 "Reference"):
        assert word in backs


def test_spares_come_on_several_backs(tmp_path):
    data = deck_data(tmp_path, "spares")
    data["cards"] = [c for c in data["cards"] if not c["reference"]]  # but the deck's notes card
    labels = Counter(c["back_style"]["label"] for c in data["cards"])
    assert sum(labels.values()) == 20 and len(labels) >= 4
    assert [c["title"] for c in data["cards"]] == [f"SPARE {n:02d}" for n in range(1, 21)]


def test_symbols_say_what_may_be_done(everything):
    by_title = {c["title"]: c for c in everything["cards"]}
    golem = {s["kind"]: s for s in by_title["Golem"]["symbols"]}
    assert golem["gold"]["crossed"] and golem["trade"]["crossed"]
    sword = {s["kind"]: s for s in by_title["Sword"]["symbols"]}
    assert sword["slot"]["value"] == "primary" and sword["gold"]["value"] == str(rules.item("sword")["gold"])
    assert not sword["gold"]["crossed"] and not sword["trade"]["crossed"]
    assert {s["value"] for s in by_title["Maul"]["symbols"] if s["kind"] == "slot"} == {"both-hands"}
    cursed = [a["name"] for a in rules.artifacts() if a["cursed"]]
    assert cursed and all(any(s["kind"] == "cursed" for s in by_title[n]["symbols"]) for n in cursed)
    assert any(s["kind"] == "drink" for s in by_title["Red Potion"]["symbols"])


def test_an_enemy_rolls_for_each_ability_before_it_attacks(everything):
    """The Clarifications: a die on an enemy's card is rolled before the enemy attacks; the Cave Bat's dodge too."""
    for enemy in rules.enemies():
        card = next(c for c in everything["cards"] if c["title"] == enemy["name"])
        rolled = [p["text"] for p in card["body"] if p["text"].startswith("Roll a die")]
        assert len(rolled) == sum(a["code"] in ("dodge", "poison", "paralyze") for a in enemy["abilities"])
        assert all(text.startswith("Roll a die before it attacks") for text in rolled), enemy["name"]
    bat = next(c for c in everything["cards"] if c["title"] == "Cave Bat")
    assert "your attack this turn does it no damage" in bat["body"][0]["text"]


def test_a_block_stops_the_enemys_abilities_too(everything):
    """The Clarifications' "Block Enemy's attack this turn": no damage, and its abilities are not applied."""
    for title in ("Shield", "Bard"):
        card = next(c for c in everything["cards"] if c["title"] == title)
        block = next(p["text"] for p in card["body"] if "block the enemy's attack" in p["text"])
        assert "this turn; its abilities are not applied" in block, title


def test_characters_have_two_gifts_and_one_flaw(everything):
    for card in (c for c in everything["cards"] if c["face"] == "character"):
        leads = [p["lead"] for p in card["body"]]
        assert leads.count("Gift:") == 2 and leads.count("Flaw:") == 1
        assert card["emblem"]
    warrior = next(c for c in everything["cards"] if c["title"] == "Warrior")
    flaw = next(p["text"] for p in warrior["body"] if p["lead"] == "Flaw:")
    assert flaw == "May flee any enemy by rolling a 6."  # as the Clarifications word "can flee" for a Warrior


def test_the_reference_card_holds_the_rules_hardest_to_remember():
    text = " ".join(page_texts(deck_pdf("references", duplex="none"))).replace("\r\n", " ")
    text = re.sub(r"\s+", " ", text)
    for needed in ("Your turn:", "Combat:", "Flee: on 4, 5 or 6", "trip on 4, 5 or 6", "steal a random card on 6",
                   "sells shop cards for 2× theirs", "Dying:", "10 gold", *potion_needles()):
        assert needed in text, needed


def potion_needles() -> list[str]:
    """What the potion table says, with the amounts of potions.toml: the re-roll, each effect's size, Teleportation."""
    amounts = rules.potion_amounts()
    return ["(re-roll an effect another colour has)", f"1 Healing +{amounts['healing']} health",
            f"2 Poison for {amounts['poison_turns']} turns", f"3 Strength +{amounts['strength']} attack, for good",
            f"4 Weakness \u2212{amounts['weakness']} attack, for good",
            "5 Teleportation to a revealed, empty tile (not in the end rush)",
            f"6 Paralysis for {amounts['paralysis_turns']} turn"]


def test_every_potion_card_says_what_each_colour_may_be(everything):
    potions = [c for c in everything["cards"] if c["title"].endswith(" Potion")]
    assert len(potions) == len(rules.potion_colours())
    for card in potions:
        text = " ".join(p["lead"] + " " + p["text"] for p in card["body"])
        for needed in potion_needles():
            assert needed in text, (card["title"], needed)


def test_the_same_seed_gives_the_same_bytes(everything_pdf):
    assert deck_pdf("all") == everything_pdf


@pytest.mark.parametrize("size", ["bridge", "tarot", "square", "mini"])
def test_the_set_fits_other_card_sizes(size):
    for deck in ("exploration", "characters", "shop", "effects") + (() if size in ("mini", "square") else ("references",)):
        assert deck_pdf(deck, duplex="none", **{"card-size": size}).startswith(b"%PDF")


@pytest.mark.parametrize("size", ["mini", "square"])
def test_a_reference_card_too_small_to_read_is_refused_in_one_line(tmp_path, capsys, size):
    out = tmp_path / f"{size}.pdf"
    code = main(["deck", "references", "--system", "card-rogue", "--card-size", size, "--seed", "s", "-o", str(out)])
    error = capsys.readouterr().err.strip()
    assert code == 2 and not out.exists()
    assert len(error.splitlines()) == 1 and "reference card" in error and size in error and "6 pt" in error


def test_every_letter_of_every_family_stays_inside_the_safe_area():
    from printgen.units import mm

    pdf = build(SeedCode.make("deck", "card-rogue", "s", {"deck": "all", "layout": "print-shop", **POKER_BLEED}))
    assert_fronts_inside_safe_area(pdf, mm(63.5), mm(88.9), mm(3))


def test_a_rule_changed_in_the_users_phrasebook_changes_every_card_that_states_it(tmp_path):
    """A rule is worded once: the user's words.toml changes the shop's prices on the Shop tile and the reference
    card alike, and the basilisks' rule on the Basilisk card and the score sheet's list."""
    from printgen import words
    from printgen.systems.card_rogue import decks, sheet

    folder = tmp_path / "mine"
    (folder / "card-rogue").mkdir(parents=True)
    (folder / "card-rogue" / "words.toml").write_text(
        '[rule]\nshop = "half price for {factor}"\nbasilisks = "never both"\n', encoding="utf-8")
    mine = words.Words(folder)
    shop = next(c for c in decks.exploration_cards(mine) if c.source == "shop")
    basilisk = next(c for c in decks.exploration_cards(mine) if c.title == "Basilisk")
    reference = decks.reference_cards(mine)[0]
    wins = [line for column in sheet._victory_lines(mine, 1000, sheet.Style()) for line in column]
    assert any(p.text == "half price for 2." for p in shop.body)
    assert any(p.text == "half price for 2." and p.lead == "Shop:" for p in reference.body)
    assert any(p.text == "never both." for p in basilisk.body)
    assert "Each basilisk (never both)" in " ".join(" ".join(text.split()) for _, runs in wins for _, text in runs)
    assert not any("half price" in p.text for p in decks.reference_cards(words.Words())[0].body)  # only with the folder
