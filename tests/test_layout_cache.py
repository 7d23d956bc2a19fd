"""A deck's layout is measured once per process for what shapes it, not once per Deck object: the same cards
built again with other print options find it measured; other words, or another picture in a deck of one's own,
are measured for themselves; two threads laying out two decks at once each get their own."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace
from pathlib import Path

import pytest
from pdfutil import run_cli

from printgen.cards import custom, face_kinds, text_face
from printgen.cards.model import Card, Deck, Paragraph, Stat
from printgen.cards.sizes import CARD_SIZES, CardSize
from printgen.words import BUILT_IN

POKER = CARD_SIZES["poker"]
MEASURE = face_kinds._measure  # a family measured, whatever was before
WIDE_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="20" height="10">'
            b'<rect width="20" height="10" fill="#00a000"/></svg>')
TALL_SVG = WIDE_SVG.replace(b'viewBox="0 0 20 10" width="20" height="10"', b'viewBox="0 0 5 10" width="5" height="10"')


@pytest.fixture
def measured(monkeypatch) -> list:
    """Every family measured from here on (its deck's title, its cards), with nothing laid out before."""
    monkeypatch.setattr(face_kinds, "_LAYOUTS", OrderedDict())
    monkeypatch.setattr(face_kinds, "_DECKS", OrderedDict())
    calls: list = []
    measure = face_kinds._measure

    def counted(deck, size, cards):
        calls.append((deck.title, tuple(card.title for card in cards)))
        return measure(deck, size, cards)

    monkeypatch.setattr(face_kinds, "_measure", counted)
    return calls


def two_decks(title: str = "Test") -> tuple[Deck, Deck]:
    """Two built-in-like decks alike but for one card's words, too many at the other's size."""
    goblin = Card("Goblin", "creature", stats=(Stat("HP", "3"),), body=(Paragraph("Bites the nearest hero."),),
                  picture="goblin-head")
    orc = Card("Orc", "creature", body=(Paragraph("Swings an axe twice a turn."),))
    wordy = Card("Orc", "creature", body=(Paragraph("Swings an axe twice a turn, then again. " * 24),))
    return (Deck("a", f"{title} A", (goblin, orc), least_body=6.0),
            Deck("b", f"{title} B", (goblin, wordy), least_body=6.0))


def test_a_deck_with_other_words_is_measured_for_itself(measured):
    short, long = two_decks()
    first, second = (face_kinds.layout(deck, POKER, deck.cards[0]) for deck in (short, long))
    assert len(measured) == 2
    assert first.body != second.body  # the wordier card's words smaller: the one size of the deck's words
    assert (first, second) == (MEASURE(short, POKER, list(short.cards)), MEASURE(long, POKER, list(long.cards)))
    again = Deck("c", "Another title", short.cards, accent=(0.9, 0.1, 0.1), least_body=6.0)
    assert face_kinds.layout(again, POKER, again.cards[1]) is first and len(measured) == 2  # the same cards
    assert face_kinds.layout(short, CARD_SIZES["tarot"], short.cards[0]) != first and len(measured) == 3


def test_the_same_deck_built_again_with_other_print_options_is_not_measured_again(tmp_path, measured):
    (tmp_path / "deck.csv").write_text("title,body,HP\nGoblin,Bites the nearest hero.,3\n"
                                       "Orc,Swings an axe twice a turn.,5\n")
    for options in ((), ("--bleed", "3", "--crop-marks", "full"), ("--duplex", "short", "--paper", "a4"),
                    ("--layout", "print-shop"), ("--back-offset", "1,0"), ("--seed", "other")):
        result = run_cli("deck", "custom", "--data", "deck.csv", "--seed", "s", "-o", "out.pdf", "--force", *options,
                         cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert len(measured) == 1, (options, measured)
    (tmp_path / "deck.csv").write_text("title,body,HP\nGoblin,Bites the nearest hero.,3\n"
                                       "Orc,\"Swings an axe twice a turn, then again.\",5\n")
    result = run_cli("deck", "custom", "--data", "deck.csv", "--seed", "s", "-o", "out.pdf", "--force",
                     cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(measured) == 2  # one card's words changed in the data: its deck measured again


def test_a_picture_in_the_words_of_a_deck_of_ones_own_is_part_of_what_its_layout_is_kept_by(tmp_path, measured):
    """The same data in two folders whose picture file of the same name is another shape: each measured."""
    text = "title,body\nGold,Gain two {icon:coin.svg} and the hero goes on.\nSilver,Gain one coin.\n"
    decks = []
    for name, svg in (("one", WIDE_SVG), ("two", TALL_SVG), ("three", WIDE_SVG)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "coin.svg").write_bytes(svg)
        (tmp_path / name / "deck.csv").write_text(text)
        decks.append(custom.load_deck(Path(tmp_path / name / "deck.csv")))
    wide, tall, wide_again = (face_kinds.layout(deck, POKER, deck.cards[0]) for deck in decks)
    assert len(measured) == 2  # the third folder's picture is the first's: its layout found
    assert wide_again is wide
    assert face_kinds._shape(decks[0].cards[0]) != face_kinds._shape(decks[1].cards[0])
    assert face_kinds._shape(decks[0].cards[1]) == face_kinds._shape(decks[1].cards[1])


def test_two_threads_laying_out_two_decks_at_once_each_get_their_own(measured, monkeypatch):
    """Thread A lays out its deck, then lays out another of its cards: between finding the deck laid out and
    reading the card's layout back, it waits while thread B lays out another deck whole. A still gets its own
    deck's layout (with one slot shared by every thread for the last deck laid out, it got B's)."""
    a, b = two_decks("Threads")
    armed, paused, b_done = threading.Event(), threading.Event(), threading.Event()

    def pause() -> None:
        if threading.current_thread().name == "A" and armed.is_set() and not paused.is_set():
            paused.set()
            b_done.wait(20)

    class Pausing(CardSize):  # the card size, compared: where a shared slot is read, A waits for B
        def __eq__(self, other):
            pause()
            return CardSize.__eq__(self, other)

        __hash__ = CardSize.__hash__

    family = face_kinds.family

    def family_of(card):  # the card's family, found: where the deck's own layouts are read, A waits for B
        pause()
        return family(card)

    monkeypatch.setattr(face_kinds, "family", family_of)
    size = Pausing(POKER.name, POKER.width_mm, POKER.height_mm, POKER.label)
    found = {}

    def lay_out_a():
        face_kinds.layout(a, size, a.cards[0])
        armed.set()
        found["a"] = face_kinds.layout(a, size, a.cards[1])

    thread = threading.Thread(target=lay_out_a, name="A")
    thread.start()
    assert paused.wait(20)
    found["b"] = face_kinds.layout(b, size, b.cards[1])
    b_done.set()
    thread.join(20)
    assert found["a"].body != found["b"].body
    assert found["a"] == MEASURE(a, POKER, list(a.cards)) and found["b"] == MEASURE(b, POKER, list(b.cards))


def test_a_card_in_two_decks_is_fitted_at_each_decks_size_and_drawn_as_its_own(measured, monkeypatch):
    """The same card in two decks whose words are set at two sizes: two faces; the same cards in another Deck
    object: the face fitted once, each the card it is drawn for."""
    monkeypatch.setattr(face_kinds, "_FACES", OrderedDict())
    prepare, fitted = text_face.prepare, []

    def counted(*args, **kwargs):
        fitted.append(args[1].title)
        return prepare(*args, **kwargs)

    monkeypatch.setattr(text_face, "prepare", counted)
    short, long = two_decks("Faces")
    goblin = short.cards[0]
    assert long.cards[0] is goblin
    in_short, in_long = (face_kinds.prepare_face(BUILT_IN, goblin, deck, POKER) for deck in (short, long))
    assert (in_short.body.size, in_long.body.size) == (9.0, 7.5) and len(fitted) == 2
    again = Deck("again", "Again", (replace(goblin, accent=(0.8, 0.1, 0.1), source="row 2"), short.cards[1]),
                 least_body=6.0)
    face = face_kinds.prepare_face(BUILT_IN, again.cards[0], again, POKER)
    assert len(fitted) == 2 and face.card is again.cards[0]  # its colour and source are not what is fitted
    assert replace(face, card=goblin) == in_short == prepare(BUILT_IN, goblin, short, POKER, 9.0,
                                                             face_kinds.deck_frame(short, POKER),
                                                             face_kinds.layout(short, POKER, goblin).stats, 6.0)
