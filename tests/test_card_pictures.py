"""The pictures on the built-in decks: one of its own for each thing, in one frame a deck, credited to who drew it.

Read from each deck's JSON (the data other tools read), from the cards as
the faces prepare them, and from the icon set kept in fonts/.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from printgen import games, products
from printgen.cards import face_kinds, icons, text_face
from printgen.cards.sizes import CARD_SIZES
from printgen.products import build
from printgen.resources import fonts_dir
from printgen.seed import SeedCode
from printgen.words import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
GENRES = ("fantasy", "scifi", "western")
SEEDS = ("pictures", "moonpie")


def _decks() -> list[tuple[str, str, dict[str, str]]]:
    """Every deck of every game, @HACK's in every genre, with the options to ask for it by."""
    found = []
    for system, game in sorted(games.games().items()):
        for name in game.decks:
            if system == "ascii-hack":
                found += [(system, name, {"genre": genre}) for genre in GENRES]
            else:
                found.append((system, name, {}))
    return found


DECKS = _decks()


def deck_json(system: str, name: str, options: dict[str, str], seed: str) -> dict:
    code = SeedCode.make("deck", system, seed, {"deck": name, "format": "json", **options})
    return json.loads(build(code))


def _shown(cards: list[dict]) -> list[dict]:
    """The cards that show a picture: all but a pathing tile (its paths are its picture) and a spare card left to
    write on."""
    return [card for card in cards if not card["write_in"] and not (card["face"] == "tile" and not card["body"])]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("system, name, options", DECKS, ids=lambda v: v if isinstance(v, str) else "-".join(v.values()))
def test_distinct_pictures_are_at_least_95_percent_of_distinct_titles(system, name, options, seed):
    cards = deck_json(system, name, options, seed)["cards"]
    shown = _shown(cards)
    assert all(card["picture"] for card in shown), [card["title"] for card in shown if not card["picture"]]
    titles = {card["title"] for card in shown}
    pictures = {card["picture"] for card in shown}
    assert len(pictures) >= 0.95 * len(titles), (len(pictures), len(titles))
    by_picture: dict[str, set[str]] = {}
    for card in shown:
        by_picture.setdefault(card["picture"], set()).add(card["title"])
    assert all(len(named) == 1 for named in by_picture.values()), [n for n in by_picture.values() if len(n) > 1]


def test_every_ascii_hack_prompt_has_a_picture_no_other_prompt_of_its_genre_shares():
    """The pre-rolled obstacles mix monsters, traps, environs and puzzles: within a genre, no two share one."""
    prompts = products.game_module(games.game("ascii-hack"), "deck").obstacles.prompts
    pictures = games.game("ascii-hack").data("pictures")
    for genre in GENRES:
        seen: dict[str, str] = {}
        for family in ("zone", "monster", "trap", "environ", "puzzle", "device"):
            for prompt in prompts(family, genre):
                picture = icons.parse(pictures[genre][family][prompt["name"]])[0]
                assert picture not in seen, (genre, prompt["name"], seen.get(picture))
                seen[picture] = prompt["name"]


def test_pictures_fit_what_they_show():
    """The cards the print review named, and a few more, by the icon drawn."""
    expected = {
        ("roguelike", "creatures", "Bear"): "bear-head", ("roguelike", "creatures", "Sewer Rat"): None,
        ("roguelike", "armor", "Animal Hide"): "animal-hide", ("rlrl", "encounters", "Sewer Rat"): "rat",
        ("card-rogue", "exploration", "Sewer Rat"): "rat", ("roguelike", "creatures", "Gnome"): "bad-gnome",
        ("roguelike", "creatures", "Grue"): "fanged-skull",
    }
    for (system, name, title), icon in expected.items():
        cards = {card["title"]: card for card in deck_json(system, name, {}, "pictures")["cards"]}
        if icon is None:
            assert title not in cards
            continue
        assert cards[title]["picture"] == icon, (system, title, cards[title]["picture"])
    zones = {card["title"]: card["picture"] for card in deck_json("ascii-hack", "zones", {}, "pictures")["cards"]}
    assert zones["Forest Clearing"] == "forest" and zones["Haunted Ballroom"] == "haunting"


def test_the_icon_set_keeps_every_icon_of_game_icons_net_each_with_its_artist_and_the_decks_name_them():
    kept = json.loads((fonts_dir() / icons.ICONS_FILE).read_text(encoding="utf-8"))
    assert "@iconify-json/game-icons" in kept["about"]["outlines"] and "CC BY 3.0" in kept["about"]["licence"]
    kept = kept["icons"]
    assert len(kept) == 4134 and list(kept) == sorted(kept)
    named = set()
    for path in (ROOT / "printgen" / "systems").glob("*/data/pictures.toml"):
        stack = [tomllib.loads(path.read_text(encoding="utf-8"))]
        while stack:
            value = stack.pop()
            if isinstance(value, dict):
                stack += list(value.values())
            elif isinstance(value, list):
                stack += value
            else:
                named |= {word for word in value.split() if not word.startswith("#")}
    from printgen.cards.notes import PICTURE

    assert named | {PICTURE} <= set(kept)
    licence = (fonts_dir() / "LICENSE-GameIcons.txt").read_text(encoding="utf-8")
    assert "CC BY 3.0" in licence and "4,134" in licence
    drawn: dict[str, int] = {}
    for name, icon in kept.items():
        assert icon["by"] and icon["path"].startswith(("M", "m")), name
        drawn[icon["by"]] = drawn.get(icon["by"], 0) + 1
    for artist, count in drawn.items():
        assert f"Icons made by {artist} ({count:,}" in licence, artist  # each artist credited, with their count
    # Every outline lies on its square, y up, chain-lightning's bolt reaching a little past its edge (a sample:
    # reading all 4,134 takes seconds).
    edge = icons.SQUARE * 0.05
    for name in list(kept)[::37] + sorted(named) + ["chain-lightning"]:
        ops, (x0, y0, x1, y1) = icons.outline_of(kept[name]["path"])
        assert -edge <= x0 < x1 <= icons.SQUARE + edge and -edge <= y0 < y1 <= icons.SQUARE + edge, name


@pytest.mark.parametrize("system, name, options", [d for d in DECKS if d[2].get("genre", "fantasy") == "fantasy"],
                         ids=lambda v: v if isinstance(v, str) else "-".join(v.values()))
def test_a_deck_s_notes_card_names_every_artist_of_its_pictures(system, name, options):
    cards = deck_json(system, name, options, "pictures")["cards"]
    credit = " ".join(p["text"] for card in cards if card["reference"] for p in card["body"]
                      if "game-icons.net" in p["text"])
    assert "CC BY 3.0" in credit
    for artist in icons.authors(card["picture"] for card in cards if card["picture"]):
        assert artist in credit, artist


def _deck(system: str, name: str, seed: str = "pictures"):
    code = SeedCode.make("deck", system, seed, {"deck": name})
    return products.game_module(games.game(system), "deck").DECKS[name](BUILT_IN, code,
                                                                        {"genre": "fantasy", "count": 9})


@pytest.mark.parametrize("size", sorted(CARD_SIZES))
@pytest.mark.parametrize("system, name", [("roguelike", "creatures"), ("roguelike", "encounters"),
                                          ("amulet", "monsters"), ("amulet", "swarms"), ("rlrl", "encounters"),
                                          ("ascii-hack", "monsters"), ("card-rogue", "shop")])
def test_one_picture_frame_a_deck(system, name, size):
    """Every card that shows a picture shows it in the deck's one frame, at one place under the band; only a card
    whose words would not fit under it has a shorter frame, or its picture in the band."""
    deck = _deck(system, name)
    card_size = CARD_SIZES[size]
    cards = [card for card in deck.cards if card.face == "text" and text_face.framed(card)]
    prepared = [face_kinds.prepare_face(BUILT_IN, card, deck, card_size) for card in cards]
    usual = min(face.band for face in prepared)  # a long title takes a taller band, and its frame moves down
    assert len({round(face.frame_top, 6) for face in prepared if face.band == usual}) == 1
    shared = face_kinds.deck_frame(deck, card_size, cards[0])
    for card, face in zip(cards, prepared):
        assert face.art_in_band == (not face.frame), card.title
        if face.frame:
            assert text_face.least_frame(card_size) - 1e-6 <= face.frame <= shared + 1e-6, card.title
        if round(face.frame, 6) != round(shared, 6):  # its words need the room
            found = face_kinds.layout(deck, card_size, card)
            assert text_face.largest_frame(card, deck, card_size, found.body, found.stats) < shared, card.title
    if shared > text_face.least_frame(card_size) + 1e-6:  # else fewer than that have room for even the least
        assert sum(round(face.frame, 6) == round(shared, 6) for face in prepared) >= len(prepared) * face_kinds.SHARED


def test_the_decks_of_the_monsters_each_look_their_own():
    """Roguelike's creatures, Amulet's monsters, Rogue Like Roguelike's encounters and @HACK's monsters: no two
    dressed alike, nor in one colour."""
    decks = [_deck("roguelike", "creatures"), _deck("amulet", "monsters"), _deck("rlrl", "encounters"),
             _deck("ascii-hack", "monsters")]
    assert len({deck.look for deck in decks}) == len(decks)
    assert len({deck.accent for deck in decks}) == len(decks)
    assert len({(deck.look.band, deck.look.frame, deck.look.title) for deck in decks}) == len(decks)


def test_roguelike_encounter_cards_are_titled_by_what_they_hold():
    deck = deck_json("roguelike", "encounters", {}, "pictures")
    words = BUILT_IN.say_for(products.game_module(games.game("roguelike"), "deck").__package__)
    cards = [card for card in deck["cards"] if not card["reference"]]
    assert len(cards) == 36 and not any(card["title"] == "Encounter" for card in cards)
    for card in cards:
        room, corridor = card["title"].split(" · ")
        assert card["body"][0]["text"].startswith(_first_words(room, words)), card["title"]
        assert card["body"][1]["text"].startswith(_first_words(corridor, words)), card["title"]
    assert len({card["title"] for card in cards}) >= 8


def _first_words(held: str, say) -> str:
    """The words a card's body opens with, for what its title says an area holds."""
    kinds = say.section("deck.encounters.holds")
    kind = next(kind for kind, text in kinds.items() if text == held)
    return say(f"deck.encounters.contents.{kind}", die="", types="", list="", good="", poisoned="",
               how_many="")[:5]


def test_card_rogue_spares_are_left_to_write_on():
    cards = [card for card in deck_json("card-rogue", "spares", {}, "pictures")["cards"] if not card["reference"]]
    assert len(cards) == 20 and all(card["write_in"] and not card["picture"] for card in cards)
    assert [card["title"] for card in cards] == [f"SPARE {n:02d}" for n in range(1, 21)]


# -- each thing's picture: what it is, the same wherever it is shown ----------------------------------------------

def _pictures(system: str) -> dict:
    return tomllib.loads((ROOT / "printgen" / "systems" / system.replace("-", "_") / "data" / "pictures.toml")
                         .read_text(encoding="utf-8"))


def _icon(spec: str) -> str:
    return icons.parse(spec)[0]


def creature_pictures() -> dict[tuple[str, str], str]:
    """Every creature's picture in every game, by (game, name): Roguelike's creatures, Amulet's monsters, Rogue Like
    Roguelike's monsters, @HACK's monsters of every genre, Card Rogue's enemies."""
    found = {("roguelike", k): _icon(v) for k, v in _pictures("roguelike")["creatures"].items()}
    found |= {("amulet", k): _icon(v) for k, v in _pictures("amulet")["monster"].items()}
    found |= {("rlrl", k): _icon(v) for k, v in _pictures("rlrl")["monster"].items()}
    found |= {("card-rogue", k): _icon(v) for k, v in _pictures("card-rogue")["enemy"].items()}
    for genre in GENRES:
        found |= {("ascii-hack", k): _icon(v) for k, v in _pictures("ascii-hack")[genre]["monster"].items()}
    return found


def object_icons() -> dict[str, str]:
    """Every icon that shows a thing made or carried (a weapon, armour, an item, a book), with what it is: the
    listed ones (fixtures/object_icons.toml) and every icon a game shows on a card of such a thing (@HACK's
    devices may be beasts or doors: a Good Dog, a Portable Airlock)."""
    listed = tomllib.loads((ROOT / "tests" / "fixtures" / "object_icons.toml").read_text(encoding="utf-8"))
    found = {name: kind for kind, names in listed.items() for name in names}
    roguelike, rogue = _pictures("roguelike"), _pictures("card-rogue")
    for section in ("weapons", "armor", "loot"):
        found |= {_icon(v): section for v in roguelike[section].values()}
    for section in ("shop", "artifact", "potion", "key", "gold"):
        found |= {_icon(v): section for v in rogue[section].values()}
    return found


def test_no_creature_wears_a_weapon_armour_item_or_book_icon():
    """A creature's picture shows the creature, chosen by what it is: never a thing whose icon shares a word with
    its name (Crocodile once showed a sword, Playa Killa a revolver, the Doppleganger a mirror)."""
    things = object_icons()
    worn = {f"{game} {name}": f"{icon} ({things[icon]})" for (game, name), icon in creature_pictures().items()
            if icon in things}
    assert not worn, worn


# The same creature in several games, by (game, name): one picture wherever it is shown.
SAME = [
    [("roguelike", "Kobold"), ("card-rogue", "kobold"), ("ascii-hack", "Kobold Trapsmith")],
    [("roguelike", "Goblin"), ("card-rogue", "goblin"), ("ascii-hack", "Goblin Sneak")],
    [("roguelike", "Troll"), ("card-rogue", "troll"), ("ascii-hack", "Cave Troll"), ("rlrl", "Rock Troll")],
    [("roguelike", "Tiger"), ("rlrl", "Tiger")],
    [("roguelike", "Bat"), ("card-rogue", "cave-bat"), ("ascii-hack", "Bat Swarm")],
    [("rlrl", "Sewer Rat"), ("card-rogue", "sewer-rat"), ("ascii-hack", "Rat-King")],
    [("rlrl", "Imp"), ("card-rogue", "imp")],
    [("roguelike", "Zombie"), ("card-rogue", "zombie"), ("ascii-hack", "Ghoul")],
    [("roguelike", "Minotaur"), ("ascii-hack", "Minotaur")],
    [("roguelike", "Skeleton"), ("ascii-hack", "Skeleton Archer")],
    [("roguelike", "Gorgon"), ("rlrl", "Medusa")],
    [("roguelike", "Orc"), ("ascii-hack", "Orc Berserker")],
    [("roguelike", "Ogre"), ("ascii-hack", "Ogre Brute")],
    [("roguelike", "Giant Scorpion"), ("ascii-hack", "Giant Scorpion")],
    [("roguelike", "Doppleganger"), ("ascii-hack", "Shape-Thief")],
    [("rlrl", "Mimic"), ("amulet", "mimic"), ("ascii-hack", "Hungry Chest")],
    [("card-rogue", "basilisk"), ("ascii-hack", "Basilisk")],
    [("amulet", "slime"), ("roguelike", "Green Jelly"), ("ascii-hack", "Creeping Ooze")],
    [("amulet", "ghost"), ("ascii-hack", "Wailing Spirit")],
    [("amulet", "wraith"), ("ascii-hack", "Wraith")],
]


def test_the_same_creature_has_the_same_picture_in_every_game():
    shown = creature_pictures()
    differ = [{f"{game} {name}": shown[(game, name)] for game, name in group} for group in SAME
              if len({shown[key] for key in group}) > 1]
    assert not differ, differ


def test_kobold_and_vampire_bat_are_told_apart():
    """Card Rogue's kobold and vampire bat share a level of the challenge: one is a reptile on its feet, the other
    a bat; neither is the winged imp."""
    shown = creature_pictures()
    assert shown[("card-rogue", "kobold")] != shown[("card-rogue", "vampire-bat")]
    assert "imp" not in {shown[("card-rogue", "kobold")], shown[("roguelike", "Kobold")]}
