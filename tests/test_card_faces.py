"""Built-in card faces as they print: legible at every card size, one type size a deck, a picture on every card.

The text sizes are read back from the PDFs themselves (every text run's size
times its text matrix times every transform around it, forms included), as
tests/test_sheet_print.py reads the sheets: a label set in a rotated or scaled
frame is measured as it prints.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from pdfutil import open_pdf, page_texts, seed_code
from test_sheet_print import MIN_TEXT, dark_fills, read_marks

from printgen import games, products
from printgen.cards import face_kinds, glyphs, icons
from printgen.cards.face_parts import FOOTER_GAP, SAFE, Metrics
from printgen.cards.model import Deck
from printgen.cards.notes import PICTURE as NOTES
from printgen.cards.render import PrintOptions, render_deck
from printgen.cards.sizes import CARD_SIZES
from printgen.errors import PrintgenError
from printgen.products import build
from printgen.render import fonts
from printgen.seed import SeedCode
from printgen.units import mm, paper
from printgen.words import BUILT_IN

SEED = "legible"
OPTIONS = {"genre": "fantasy", "count": 9}  # @HACK's declared options, at their defaults
# Every deck of every game ("all" of Card Rogue is its families together: they are tested one by one).
DECKS = [(system, name) for system, game in sorted(games.games().items()) for name in game.decks if name != "all"]
SIZES = sorted(CARD_SIZES)
# A deck that refuses a card size, saying so in one line, rather than print words too small to read.
REFUSED = {("card-rogue", "references", "mini"), ("card-rogue", "references", "square")}


def deck_of(system: str, name: str, seed: str = SEED) -> Deck:
    code = SeedCode.make("deck", system, seed, {"deck": name})
    return products.game_module(games.game(system), "deck").DECKS[name](BUILT_IN, code, OPTIONS)


def distinct(deck: Deck) -> Deck:
    """Each card once: the faces are the same, the file smaller."""
    return replace(deck, cards=tuple(replace(card, count=1) for card in deck.cards))


def render(deck: Deck, size: str, duplex: str = "none", imposition: str = "sheet") -> bytes:
    options = PrintOptions(CARD_SIZES[size], paper("letter"), mm(3), "short", duplex, imposition, (0.0, 0.0), False)
    return render_deck(BUILT_IN, deck, options, SeedCode.make("deck", "generic", SEED, {}))


# -- 6 pt at every card size -------------------------------------------------------------------------

@pytest.mark.sweep
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("system, name", DECKS)
def test_the_smallest_text_on_every_card_is_6_pt_at_every_card_size(system, name, size):
    deck = distinct(deck_of(system, name))
    if (system, name, size) in REFUSED:
        with pytest.raises(PrintgenError, match=size):
            render(deck, size)
        return
    texts, _ = read_marks(open_pdf(render(deck, size)))
    small = sorted({(round(t.size, 2), t.text) for t in texts if t.size < MIN_TEXT - 0.01})
    assert not small, f"{system} {name} on {size} cards: text under 6 pt: {small[:8]}"
    assert texts


@pytest.mark.sweep
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("system", sorted(s for s in products.all_products()["deck"].systems() if s in games.games()))
def test_every_back_prints_its_words_at_6_pt_or_more(system, size):
    """One card of each back a game prints, front and back."""
    cards, seen = [], set()
    for _, name in (d for d in DECKS if d[0] == system):
        deck = deck_of(system, name)
        for card in deck.cards:
            style = card.back_style or deck.default_back(card)
            if (name, style) not in seen and card.picture == NOTES:  # a notes card: short words, every deck's back
                seen.add((name, style))
                cards.append(replace(card, back_style=style, count=1))
    texts, _ = read_marks(open_pdf(render(Deck("backs", "Backs", tuple(cards)), size, duplex="long")))
    small = sorted({(round(t.size, 2), t.text) for t in texts if t.size < MIN_TEXT - 0.01})
    assert not small


# -- one type size, a fixed gap above the footer ------------------------------------------------------

@pytest.mark.sweep
@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("system, name", DECKS)
def test_a_deck_sets_its_words_at_one_size(system, name, size):
    if (system, name, size) in REFUSED:
        pytest.skip(f"{name} is refused on {size} cards (its refusal is tested above)")
    deck = deck_of(system, name)
    sizes = {}
    for card in deck.cards:
        prepared = face_kinds.prepare_face(BUILT_IN, card, deck, CARD_SIZES[size])
        if prepared.body is not None and not card.reference:
            sizes[card.title] = prepared.body.size
    assert len(set(sizes.values())) <= 1, sizes
    assert not sizes or min(sizes.values()) >= MIN_TEXT


@pytest.mark.sweep
@pytest.mark.parametrize("size", ["poker", "mini", "tarot"])
@pytest.mark.parametrize("system, name", DECKS)
def test_a_stat_boxs_words_stand_clear_of_its_sides(system, name, size):
    """A stat's label, value and note each keep most of a millimetre from its box's sides, however they were
    fitted."""
    if (system, name, size) in REFUSED:
        pytest.skip(f"{name} is refused on {size} cards (its refusal is tested above)")
    deck = deck_of(system, name)
    for card in distinct(deck).cards:
        for box in getattr(face_kinds.prepare_face(BUILT_IN, card, deck, CARD_SIZES[size]), "stats", ()):
            widths = {"label": glyphs.width(box.label.upper(), fonts.SERIF_BOLD, box.label_size),
                      "value": glyphs.width(box.value, fonts.MONO_BOLD, box.value_size)}
            if box.note:
                widths["note"] = max(line.width for line in box.note.lines) * box.note.size
            crowded = {what: round((box.width - width) / 2 / mm(1), 2) for what, width in widths.items()
                       if (box.width - width) / 2 < mm(0.9)}
            assert not crowded, (card.title, box.label, crowded)


def test_a_tarot_card_sets_its_words_larger_than_a_poker_card():
    deck = deck_of("roguelike", "creatures")
    poker, tarot = (face_kinds.deck_body_size(deck, CARD_SIZES[s]) for s in ("poker", "tarot"))
    assert tarot >= poker * 1.15


@pytest.mark.parametrize("size", ["poker", "mini"])
@pytest.mark.parametrize("system, name", [("roguelike", "creatures"), ("amulet", "monsters"), ("rlrl", "encounters"),
                                          ("card-rogue", "shop")])
def test_words_keep_a_fixed_gap_above_the_index_line(system, name, size):
    """On every front, the lowest word (the index line's apart) stands at least the gap above the index's rule."""
    deck = distinct(deck_of(system, name))
    bleed = mm(3)
    m = Metrics.of(CARD_SIZES[size])
    floor = bleed + m.index_rule + FOOTER_GAP
    pdf = open_pdf(render(deck, size, imposition="print-shop"))
    for page in range(0, len(pdf.pages), 2):  # the fronts
        texts, _ = read_marks(pdf, range(page, page + 1))
        index_top = bleed + SAFE + m.index_size * 1.2
        words = [t for t in texts if t.box[1] > index_top]
        assert words and min(t.box[1] for t in words) >= floor - 0.5, (deck.cards[page // 2].title, page)


# -- pictures ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("system, name", DECKS)
def test_every_card_has_a_picture(system, name):
    """Every card shows an icon of the set, but a pathing tile (its paths are its picture) and a spare left to
    write on."""
    for card in deck_of(system, name).cards:
        plain_tile = card.face == "tile" and not card.body
        if not plain_tile and not card.write_in:
            assert card.picture, (name, card.title)
            icons.check(card.picture, card.title)
        if card.write_in:
            assert not card.picture, card.title


def _pictures(cards) -> list:
    return [(card.picture, card.tint) for card in cards]


@pytest.mark.parametrize("system, name, kinds", [
    ("roguelike", "creatures", None),
    ("amulet", "monsters", None),
    ("rlrl", "encounters", None),
    ("card-rogue", "exploration", ("enemy", "artifact")),
    ("card-rogue", "characters", None),
    ("card-rogue", "shop", None),
])
def test_each_creature_enemy_artifact_and_character_has_a_picture_of_its_own(system, name, kinds):
    cards = [card for card in deck_of(system, name).cards if not card.reference]
    if kinds:
        cards = [card for card in cards if card.source.split()[0] in kinds]
    cards = list({card.title: card for card in cards}.values())  # a card printed twice is one card
    assert len(cards) > 5
    pictures = _pictures(cards)
    assert len(set(pictures)) == len(pictures), [c.title for c in cards if pictures.count((c.picture, c.tint)) > 1]


def test_bosses_fill_their_card():
    """Card Rogue's basilisk and golem and Amulet's mini-boss: the picture as large as the card, behind the words."""
    bosses = [c for c in deck_of("card-rogue", "exploration").cards if c.title in ("Basilisk", "Golem")]
    bosses += [c for c in deck_of("amulet", "monsters").cards if c.title == "Mini-boss"]
    assert len(bosses) == 3 and all(card.full_art and card.picture for card in bosses)
    others = [c for c in deck_of("card-rogue", "exploration").cards if c.title not in ("Basilisk", "Golem")]
    assert not any(card.full_art for card in others)
    # On the page: a drawn shape (the icon's outline, not a rectangle) nearly as wide as the card.
    golem = replace(next(c for c in bosses if c.title == "Golem"), count=1)
    _, shapes = read_marks(open_pdf(render(Deck("b", "B", (golem,)), "poker", imposition="print-shop")), range(1))
    drawn = [s for s in shapes if s.filled and s.segments > 8 and s.width < mm(63.5)]
    assert max(max(s.width, s.height) for s in drawn) >= 0.8 * mm(63.5)


# -- what a player holds, and what the deck says once ----------------------------------------------------

def _printed(card) -> str:
    return " ".join([card.title, card.kicker, *card.tags, *(p.lead + " " + p.text for p in card.body),
                     *(s.label + " " + s.value + " " + s.note for s in card.stats)])


@pytest.mark.parametrize("system, name", DECKS)
def test_no_player_facing_card_names_printgen_and_a_notes_card_credits_the_pictures(system, name):
    deck = deck_of(system, name)
    for card in deck.cards:
        if not card.reference:
            assert "printgen" not in _printed(card).lower(), card.title
    notes = [card for card in deck.cards if card.reference and "game-icons.net" in _printed(card)]
    assert len(notes) == 1 and "CC BY 3.0" in _printed(notes[0])


def test_readme_credits_the_pictures():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "game-icons.net" in readme and "CC BY 3.0" in readme and "LICENSE-GameIcons.txt" in readme
    words = " ".join(readme.split())
    assert all(artist in words for artist in icons.authors(icons.names()))  # every artist named


# -- --ink-saver ---------------------------------------------------------------------------------------------

def test_ink_saver_is_one_declared_option_for_sheets_and_decks():
    from printgen.products import INK_SAVER_OPTION
    from printgen.products import deck as deck_product
    from printgen.products import sheet as sheet_product

    assert INK_SAVER_OPTION in sheet_product.OPTIONS
    [deck_option] = [option for option in deck_product.PRINT_OPTIONS if option.name == INK_SAVER_OPTION.name]
    assert (deck_option.flag, deck_option.default) == (INK_SAVER_OPTION.flag, INK_SAVER_OPTION.default)
    code = seed_code("deck", "roguelike", SEED, deck="weapons", ink_saver="yes")
    assert "ink-saver=yes" in str(products.canonical(code))


@pytest.mark.parametrize("system, name", [("roguelike", "creatures"), ("amulet", "monsters"),
                                          ("rlrl", "encounters"), ("card-rogue", "pathing")])
def test_ink_saver_backs_and_faces_have_no_large_dark_fill(system, name, without_qr):
    """A full-bleed dark back becomes light paper; bands, tiles and pictures follow (a fleck of colour may stay)."""
    deck = distinct(deck_of(system, name))
    if len(deck.cards) > 18:
        deck = replace(deck, cards=deck.cards[:17] + deck.cards[-1:])
    plain = render(deck, "poker", duplex="long")
    light = render(deck.with_ink_saver(), "poker", duplex="long")
    assert dark_fills(plain)  # the usual backs are dark
    assert not dark_fills(light), dark_fills(light)[:5]


@pytest.fixture
def without_qr(monkeypatch):
    """The seed code's QR left out: its modules are the one dark patch an ink-saving deck keeps, on its deck card."""
    from printgen.render import qr

    monkeypatch.setattr(qr, "draw", lambda c, spot, text: None)


def test_the_ink_saver_deck_prints_from_the_command_line(without_qr):
    data = build(seed_code("deck", "card-rogue", SEED, deck="gold", ink_saver="yes"))
    assert not dark_fills(data)
    assert build(seed_code("deck", "card-rogue", SEED, deck="gold")) != data


# -- the Card Rogue challenge ---------------------------------------------------------------------------------

def test_the_challenge_diagram_names_every_enemy_it_draws():
    from printgen.systems.card_rogue import challenge_map, rules

    code = seed_code("challenge", "card-rogue", SEED, levels="5")
    pdf = build(code)
    levels = challenge_map.challenge(code, 5)
    for level, text in zip(levels, page_texts(pdf)):
        for cell in level.cells:
            kind, _, which = cell.card.partition(":")
            if kind == "enemy":
                name = rules.enemy(which)["name"]
                # the list of cards to pull, the laying order, and the label on the diagram
                assert text.count(name) >= 3, (level.number, name)
    texts, _ = read_marks(open_pdf(pdf))
    assert min(t.size for t in texts) >= MIN_TEXT
