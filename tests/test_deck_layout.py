"""One layout a deck, read back from the printed cards: every stat box of every card, in the same place and size.

Each built-in deck of every game is printed one card a page (as for a print
shop) and read back with PDFium: a stat's label is the run of bold capitals
its card's stats name, and it must stand at one place and one size on every card
of its family (Card Rogue's set is several families, each laid out as its own
deck), and every stat a card has must be there, in its box.
"""

from __future__ import annotations

import ctypes
from dataclasses import replace

import pypdfium2
import pypdfium2.raw as raw
import pytest

from printgen import games, products
from printgen.cards import face_kinds
from printgen.cards.render import PrintOptions, render_deck
from printgen.cards.sizes import CARD_SIZES
from printgen.seed import SeedCode
from printgen.units import mm, paper
from printgen.words import BUILT_IN

OPTIONS = {"genre": "fantasy", "count": 12}
DECKS = [(system, name) for system, game in sorted(games.games().items()) for name in game.decks]
BLEED = mm(3)


def _deck(system: str, name: str):
    code = SeedCode.make("deck", system, "layout", {"deck": name})
    deck = products.game_module(games.game(system), "deck").DECKS[name](BUILT_IN, code, OPTIONS)
    return replace(deck, cards=tuple(replace(card, count=1) for card in deck.cards))


def _print(deck, size: str) -> bytes:
    options = PrintOptions(CARD_SIZES[size], paper("letter"), BLEED, "short", "none", "print-shop", (0.0, 0.0), False)
    return render_deck(BUILT_IN, deck, options, SeedCode.make("deck", "generic", "layout", {}))


def runs(page) -> list[tuple[str, str, float, float, float]]:
    """A page's text as runs of characters in one font and size along one baseline, broken where a gap wider than
    a space opens: (text, font, size, x of its left, y of its bottom), in points from the page's lower left."""
    textpage = page.get_textpage()
    name, flags = ctypes.create_string_buffer(128), ctypes.c_int()
    found: list[list] = []
    for k in range(textpage.count_chars()):
        character = chr(raw.FPDFText_GetUnicode(textpage.raw, k))
        size = raw.FPDFText_GetFontSize(textpage.raw, k)
        raw.FPDFText_GetFontInfo(textpage.raw, k, name, 128, ctypes.byref(flags))
        left, bottom, right, top = textpage.get_charbox(k)
        if character in "\r\n\ufffe":
            continue
        last = found[-1] if found else None
        if (last and last[1] == name.value and abs(last[2] - size) < 0.01 and abs(last[5] - bottom) < size * 0.5
                and left - last[6] < size * 0.6):
            last[0] += character
            last[6] = max(last[6], right)
        else:
            found.append([character, name.value, size, left, bottom, bottom, right])
    return [(run[0].strip(), run[1].decode(), run[2], run[3], run[4]) for run in found]


def stat_labels(pdf_bytes: bytes, cards) -> list[dict[str, tuple[float, float, float]]]:
    """For each card (one a page, fronts then backs), where each of its stats' labels prints: (x, y, size), in
    points from the card's trim corner."""
    found = []
    document = pypdfium2.PdfDocument(pdf_bytes)
    try:
        for index, card in enumerate(cards):
            wanted = {stat.label.upper() for stat in card.stats}
            places = {}
            for text, font, size, x, y in runs(document[2 * index]) if wanted else ():
                if text in wanted and "Bold" in font and "Mono" not in font:
                    places[text] = (round(x - BLEED, 1), round(y - BLEED, 1), round(size, 2))
            found.append(places)
    finally:
        document.close()
    return found


@pytest.mark.parametrize("system, name", [d for d in DECKS if d[1] != "all"] + [("card-rogue", "all")])
def test_every_stat_label_stands_in_one_place_and_size_on_every_card_of_a_deck(system, name):
    deck = face_kinds.with_continuations(BUILT_IN, _deck(system, name), CARD_SIZES["poker"])
    placed = stat_labels(_print(deck, "poker"), deck.cards)
    by_family: dict[tuple[str, str], set] = {}
    for card, places in zip(deck.cards, placed):
        if card.face != "text":  # a character's badges and a tile's plate are laid out by their own faces
            continue
        assert set(places) == {stat.label.upper() for stat in card.stats}, (card.title, places)  # no box dropped
        for label, place in places.items():
            by_family.setdefault((face_kinds.family(card), label), set()).add(place)
    assert by_family or not any(card.stats for card in deck.cards if card.face == "text")
    moved = {key: places for key, places in by_family.items() if len(places) > 1}
    assert not moved, moved


@pytest.mark.sweep
@pytest.mark.parametrize("size", sorted(set(CARD_SIZES) - {"poker"}))
@pytest.mark.parametrize("system, name", [("roguelike", "creatures"), ("amulet", "monsters"), ("amulet", "swarms"),
                                          ("rlrl", "encounters"), ("ascii-hack", "obstacles")])
def test_stat_boxes_keep_their_places_at_every_card_size(system, name, size):
    deck = face_kinds.with_continuations(BUILT_IN, _deck(system, name), CARD_SIZES[size])
    placed = stat_labels(_print(deck, size), deck.cards)
    by_label: dict[str, set] = {}
    for card, places in zip(deck.cards, placed):
        assert set(places) == {stat.label.upper() for stat in card.stats}, (card.title, places)
        for label, place in places.items():
            by_label.setdefault(label, set()).add(place)
    assert all(len(places) == 1 for places in by_label.values()), by_label


def test_a_card_too_full_for_the_deck_s_least_type_goes_on_on_a_card_of_rules():
    """On a mini card Amulet's swarms hold more words than fit at 6 pt: each says where the rest is, and the cards
    of rules after the deck's cards hold it, led by the card's name; nothing is set under 6 pt."""
    deck = _deck("amulet", "swarms")
    size = CARD_SIZES["mini"]
    continued = face_kinds.with_continuations(BUILT_IN, deck, size)
    more = [card for card in continued.cards if card.title == "More rules"]
    assert more and continued.cards[-1].title != "More rules"  # before the notes card
    led = {p.lead for card in more for p in card.body}
    cut = [card for card in deck.cards if face_kinds.prepare_face(BUILT_IN, card, continued, size).rest]
    assert cut and {f"{card.title}:" for card in cut} <= led
    for card in cut:
        face = face_kinds.prepare_face(BUILT_IN, card, continued, size)
        assert face.body.size >= 6 and len(face.stats) == len(card.stats)
    for card in more:
        assert face_kinds.prepare_face(BUILT_IN, card, continued, size).body.size >= 6
