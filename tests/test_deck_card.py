"""The deck card, a deck's cover: read back from the first sheet of a deck of every game, it carries the medallion of
the deck's backs (their mark, large, in the mono face) and names the game, above the count and the QR; on a card too
small for it the medallion gives way and the rest stands as before."""

from __future__ import annotations

import pypdfium2
import pytest
from pdfutil import built, open_pdf, page_chars
from test_cards import card_origins

from printgen import games, products
from printgen.cards.sizes import CARD_SIZES

SEED = "cover"
MEDALLION_MARK = 18.0  # pt at least: the mark in the medallion on a poker card (the deck's words are under 10)


def _first_decks() -> list[tuple[str, str]]:
    """Each game's first deck, as the registry lists them."""
    deck = products.all_products()["deck"]
    return [(system, next(iter(deck.offers(game)))) for system, game in sorted(games.games().items())
            if deck.offers(game)]


def deck_card_chars(data: bytes, size: str) -> list[dict]:
    """The characters printed on the first sheet's first card, the deck card."""
    left, bottom = card_origins(open_pdf(data), 0)[0]
    card = CARD_SIZES[size]
    document = pypdfium2.PdfDocument(data)
    try:
        page = document[0]
        height = page.get_height()
        return [c for c in page_chars(page) if left <= c["x0"] and c["x1"] <= left + card.width
                and height - bottom - card.height <= c["top"] and c["bottom"] <= height - bottom + 1]
    finally:
        document.close()


@pytest.mark.parametrize("system, deck", _first_decks())
def test_the_deck_card_carries_the_backs_medallion_and_names_the_game(system, deck):
    chars = deck_card_chars(built("deck", system, SEED, deck=deck), "poker")
    marks = [c for c in chars if c["size"] >= MEDALLION_MARK and "Mono" in c["fontname"]]
    assert len(marks) == 1, [(c["text"], round(c["size"], 1)) for c in chars if c["size"] > 10]
    words = "".join(c["text"] for c in chars)
    name = games.games()[system].title.split(":")[0].replace(" ", "")  # "Roguelike: A RPG of …" is "Roguelike"
    assert name in words, words
    below = [c for c in chars if c["top"] > marks[0]["bottom"]]
    assert below, "nothing under the medallion: the count, the QR's line and the code stand under it"


def test_a_mini_card_leaves_the_medallion_out_and_keeps_the_rest():
    chars = deck_card_chars(built("deck", "roguelike", SEED, deck="creatures", card_size="mini"), "mini")
    assert not [c for c in chars if c["size"] >= MEDALLION_MARK * 0.6 and "Mono" in c["fontname"]]
    words = "".join(c["text"] for c in chars)
    assert "cards" in words and "pg4:deck" in words, words
