"""The gamebook engine (printgen/gamebook), on books of every shape hypothesis can think of.

Numbering: the way in is 1, every section gets one number of 1..N, and links between near numbers are
spread apart as far as the book allows. Layout: every section's number heads it, in order, and a section
stands whole in a column wherever a column holds it. The walk: a reader who may always go on reaches an
ending, and one the book shuts in is caught.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from printgen.gamebook import layout, numbering
from printgen.gamebook import model as m
from printgen.gamebook.checks import problems
from printgen.gamebook.walk import DEAD_END, RANDOM, STUCK, Came, Player, play
from printgen.seed import stream
from printgen.units import paper


@st.composite
def books(draw, most: int = 160) -> m.Book:
    """A connected book: a chain from the way in to the ending, and random links besides."""
    size = draw(st.integers(min_value=12, max_value=most))
    book = m.Book({}, "s0")
    extra = draw(st.lists(st.tuples(st.integers(0, size - 2), st.integers(0, size - 1)), max_size=size * 2))
    leads = {i: {i + 1} for i in range(size - 1)}
    for a, b in extra:
        if a != b:
            leads[a].add(b)
    words = draw(st.lists(st.integers(1, 40), min_size=size, max_size=size))
    for i in range(size):
        steps = [m.text("A place of no great interest. " * words[i])]
        if i == size - 1:
            steps.append(m.end("The end.", m.WON))
        else:
            steps.append(m.Step(m.CHOOSE, options=tuple(m.Option(f"To go on, turn to {m.ref(f's{j}')}.", m.Way(f"s{j}"))
                                                        for j in sorted(leads[i]))))
        book.add(m.Section(f"s{i}", "place", steps))
    return book


@settings(max_examples=40, deadline=None)
@given(books(), st.text(min_size=1, max_size=8))
def test_numbers_are_a_shuffle_with_the_way_in_first(book, seed):
    numbers = numbering.number(book, stream(seed, "numbers"))
    assert numbers[book.start] == 1
    assert sorted(numbers.values()) == list(range(1, len(book.sections) + 1))
    assert problems(book, numbers) == []


@settings(max_examples=40, deadline=None)
@given(books(most=400), st.text(min_size=1, max_size=8))
def test_near_links_are_spread_apart(book, seed):
    """Fewer than 15% of links join numbers within 3 of each other once a book has some forty sections; a
    plain shuffle of a small book would leave many."""
    numbers = numbering.number(book, stream(seed, "numbers"))
    links = numbering.linked(book)
    near = numbering.near_links(book, numbers)
    if len(book.sections) >= 40:
        assert len(near) < 0.15 * len(links)


@settings(max_examples=25, deadline=None)
@given(books(), st.sampled_from(["letter", "a4"]))
def test_every_section_heads_its_part_in_order_and_stays_whole_where_a_column_holds_it(book, paper_name):
    numbers = numbering.number(book, stream("layout", "numbers"))
    sheet = paper(paper_name)
    pages = layout.paginate(layout.section_paragraphs(book, numbers), sheet, layout.Look())
    order = [placed.number for page in pages for placed in page.placed]
    assert sorted(set(order)) == list(range(1, len(book.sections) + 1))
    assert order == sorted(order)
    room = sheet.height - layout.TOP - layout.FOOT
    for page in pages:
        for placed in page.placed:
            height = sum(piece.height for piece in placed.pieces)
            assert placed.top - height >= layout.FOOT - 0.01
            assert placed.x + placed.width <= sheet.width - layout.MARGIN + 0.01
            if order.count(placed.number) > 1:  # split: only a section taller than a whole column
                whole = sum(piece.height for pg in pages for pl in pg.placed if pl.number == placed.number
                            for piece in pl.pieces)
                assert whole > room - layout.Look().section_gap


class Wanderer:
    """A reader with nothing of a game: every option is open to it, nothing costs, no rule stands."""

    def __init__(self):
        self.marks: set[str] = set()

    def enter(self, section):
        pass

    def act(self, step, section):
        return None

    def allows(self, asks):
        return True

    def pay(self, cost):
        pass

    def passes(self, test):
        return True

    def standing(self):
        return None


@settings(max_examples=30, deadline=None)
@given(books(), st.integers(0, 10_000))
def test_a_reader_who_may_always_go_on_reaches_the_ending(book, seed):
    found = play(book, Wanderer(), stream("walk", seed), most=20_000)
    assert found.outcome == m.WON


def test_a_book_that_shuts_its_reader_in_is_caught():
    book = m.Book({}, "a")
    book.add(m.Section("a", "place", [m.go(f"Turn to {m.ref('b')}.", "b")]))
    book.add(m.Section("b", "place", [m.Step(m.CHOOSE, options=(
        m.Option(f"If you have ticked it, turn to {m.ref('c')}.", m.Way("c"), needs=("key",)),))]))
    book.add(m.Section("c", "end", [m.end("The end.", m.WON)]))
    assert play(book, Wanderer(), stream("walk", 1)).outcome == DEAD_END
    book.sections["b"] = m.Section("b", "place", [m.go(f"Turn to {m.ref('a')}.", "a")])
    assert play(book, Wanderer(), stream("walk", 1), most=500).outcome == STUCK


# --- players: a chooser of the ways, the way a reader came -----------------------------------------------------


class First:
    """A chooser that takes the first option open to it, noting the way each place was come into."""

    def __init__(self, pick: int = 0):
        self.pick, self.came = pick, []

    def choose(self, walk, section, step, open_options):
        self.came.append((section.key, walk.came, walk.way_in()))
        return open_options[min(self.pick, len(open_options) - 1)]


def _two_doors() -> m.Book:
    """Two doors into one room; its creatures are fought in an event of the room, and the run from them goes
    back through the door one came in by, whichever it was."""
    book = m.Book({}, "hall")
    book.add(m.Section("hall", "place", [m.Step(m.CHOOSE, options=(
        m.Option(f"West door: {m.ref('west')}.", m.Way("west")), m.Option(f"East door: {m.ref('east')}.", m.Way("east"))))]))
    for side in ("west", "east"):
        book.add(m.Section(side, "place", [m.go(f"On to {m.ref('room')}.", "room")]))
        book.add(m.Section(f"{side}-again", "end", [m.end(f"Back out to the {side}.", m.LEFT)]))
    book.add(m.Section("room", "place", [
        m.if_not_ticked(f"Unless {m.mark('room/fight')} is ticked, {m.ref('room/fight')}.", ("room/fight",), "room/fight"),
        m.end("Done.", m.WON)]))
    book.add(m.Section("room/fight", "fight", [m.tick(f"Tick {m.mark('room/fight')}.", "room/fight"),
                                               m.go(f"You run: {m.ref('room/fled')}.", "room/fled")], place="room"))
    book.add(m.Section("room/fled", "fled", [m.Step(m.CHOOSE, options=(
        m.Option(f"Came by the west door: {m.ref('west-again')}.", m.Way("west-again"), came_from=("west",)),
        m.Option(f"Came by the east door: {m.ref('east-again')}.", m.Way("east-again"), came_from=("east",))))],
                          place="room"))
    return book


def test_a_fleeing_reader_goes_back_the_way_it_came():
    """The walk keeps the way into each place: an option open only to those who came in from one section is
    open to them alone, however many events of the place were read since."""
    book = _two_doors()
    assert problems(book, {key: n for n, key in enumerate(book.sections, start=1)}) == []
    for pick, side in ((0, "west"), (1, "east")):
        chooser = First(pick)
        found = play(book, Wanderer(), stream("walk", 1), chooser=chooser)
        assert (found.outcome, found.at) == (m.LEFT, f"{side}-again")
        came = {key: (last, into) for key, last, into in chooser.came}
        assert came["room/fled"][0].section == "room/fight"  # the section just left
        assert came["room/fled"][1].section == side  # the way into the room it is still in
        assert came["hall"] == (Came(None), Came(None))


def test_the_default_chooser_is_the_random_reader():
    """play() with no chooser, with walk.RANDOM, and a Player of it are one and the same play."""
    book = _two_doors()
    plays = {(play(book, Wanderer(), stream("walk", seed)), play(book, Wanderer(), stream("walk", seed), chooser=RANDOM),
              Player(Wanderer(), RANDOM, stream("walk", seed)).play(book)) for seed in range(20)}
    assert all(a == b == c for a, b, c in plays)
    assert {a.at for a, _, _ in plays} == {"west-again", "east-again"}


def test_a_chooser_that_answers_no_open_option_leaves_the_reader_at_a_dead_end():
    class Nowhere:
        def choose(self, walk, section, step, open_options):
            return len(step.options) + 3

    assert play(_two_doors(), Wanderer(), stream("walk", 1), chooser=Nowhere()).outcome == DEAD_END
