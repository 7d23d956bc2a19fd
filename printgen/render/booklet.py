"""A booklet gathered page by page from the parts both engines make.

A dungeon's parts are made apart, and at the same time where there are two
cores: its text pages in WeasyPrint documents, its maps and keys in ReportLab
ones. A booklet takes their pages in the order a print on both sides
of the sheet needs (a map on a left-hand page with its key facing it, a blank
side where a spread needs one), and ``compose`` then stamps the footer once on
the whole. Page 1 is a right-hand page; a left-hand page has an even number.

- ``Pages``: gathers pages from a few sources, each source opened (and its
  fonts copied) once, with blank sides where they are needed, and lays
  pages out facing each other (a map on the left, its key on the right, spread
  by spread);
- ``page_count``: how many pages a part has;
- ``sections``: where each top-level section of a text document starts and
  ends (its h1s, as WeasyPrint lists them in the outline);
- ``extract``: some pages of a part as a PDF of their own;
- ``blank_page``: the page that stands for an empty side, saying so in the
  game's words;
- ``stamped``: a part's pages with drawn ones laid over them (a running head
  its kept pages leave out);
- ``Parts``: a booklet as a game hands it to its product (its text pages, its
  drawn pages, and how they are arranged); the product makes both halves at
  once and composes the whole (products/booklets.py), the same for every game.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pikepdf

from ..errors import PrintgenError
from ..seed import SeedCode
from ..units import Paper
from . import fonts
from .canvas import new_document
from .compose import lay_over

Part = tuple[bytes, int, int]  # a source and the pages start:end of it


class Pages:
    """One document gathered from the pages of a few sources; ``blank`` is the page that stands for an
    empty side, and ``before`` how many pages will stand before these in the finished booklet (a cover made
    afterwards), so left and right are counted from the booklet's first page."""

    def __init__(self, blank: bytes | None = None, before: int = 0):
        self.pdf = pikepdf.new()
        self.sources: dict[int, tuple[bytes, pikepdf.Pdf]] = {}  # by id: each kept, so no other takes its id
        self.blank_page = blank
        self.before = before

    def __enter__(self) -> Pages:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for _, source in self.sources.values():
            source.close()
        self.pdf.close()

    @property
    def count(self) -> int:
        return len(self.pdf.pages)

    @property
    def next_is_left(self) -> bool:
        """Whether the next page added lands on a left-hand page (page 1 is a right-hand one)."""
        return (self.before + self.count) % 2 == 1

    def add(self, data: bytes, start: int = 0, end: int | None = None) -> None:
        """Pages ``start:end`` of ``data``; a source's pages may be added more than once."""
        if id(data) not in self.sources:
            self.sources[id(data)] = (data, pikepdf.open(io.BytesIO(data)))
        self.pdf.pages.extend(self.sources[id(data)][1].pages[start:end])

    def blank(self) -> None:
        if self.blank_page is None:
            raise ValueError("this booklet has no blank page to add")
        self.add(self.blank_page)

    def to_left(self) -> None:
        """A blank side first if the next page would land on a right-hand page."""
        if not self.next_is_left:
            self.blank()

    def to_right(self) -> None:
        """A blank side first if the next page would land on a left-hand page: a fresh sheet starts here."""
        if self.next_is_left:
            self.blank()

    def facing(self, left: Part, right: Part) -> None:
        """The pages of ``left`` from a left-hand page on, each facing the next page of ``right``, spread by
        spread. Where ``right`` runs longer, ``left`` is shown again from its first page (a map beside every
        page of a long key); where it runs shorter, the rest of ``left`` follows page after page (the last
        sheets of a large map face each other)."""
        left_data, left_start, left_end = left
        right_data, right_start, right_end = right
        lefts, rights = left_end - left_start, right_end - right_start
        if lefts < 1:
            raise ValueError("a page must stand on the left to face the right-hand pages")
        self.to_left()
        for spread in range(rights):
            page = left_start + spread % lefts
            self.add(left_data, page, page + 1)
            self.add(right_data, right_start + spread, right_start + spread + 1)
        if rights < lefts:
            self.add(left_data, left_start + rights, left_end)

    def save(self) -> bytes:
        buffer = io.BytesIO()
        self.pdf.save(buffer, deterministic_id=True)
        return buffer.getvalue()


def page_count(data: bytes) -> int:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return len(pdf.pages)


def sections(book: bytes, parts: int) -> list[tuple[int, int]]:
    """(first page, page after the last) of each of the ``parts`` top-level sections of a text document,
    found from its top-level headings (WeasyPrint's outline)."""
    with pikepdf.open(io.BytesIO(book)) as pdf:
        with pdf.open_outline() as outline:
            starts = [pikepdf.Page(item.destination[0]).index for item in outline.root]
        total = len(pdf.pages)
    if len(starts) != parts:
        raise PrintgenError(f"the text pages have {len(starts)} top-level headings where printgen lays out "
                            f"{parts} parts: each part (a cover, a key, a rules page) opens with one h1")
    return list(zip(starts, starts[1:] + [total]))


def extract(data: bytes, start: int, end: int | None = None) -> bytes:
    """Pages ``start:end`` of ``data`` as a PDF of their own."""
    with Pages() as pages:
        pages.add(data, start, end)
        return pages.save()


def blank_page(code: SeedCode, paper: Paper, words: str) -> bytes:
    """The page that stands where a booklet needs an empty side, saying so in ``words``, so it does not look
    misprinted."""
    doc = new_document(code, "blank", paper.size)
    doc.canvas.setFillGray(0.55)
    doc.canvas.setFont(fonts.SERIF_ITALIC, 8)
    doc.canvas.drawCentredString(paper.width / 2, paper.height / 2, words)
    return doc.finish()  # a part of others, not a step of its own


@dataclass(frozen=True)
class Parts:
    """A booklet as a game hands it to its product: its ``title`` (the file's), its pages of flowing text
    (``text``: WeasyPrint's, laid out in this process; None when it has none), its drawn pages (``drawn``:
    ReportLab's, made at the same time in a forked copy of the process where a core is spare, so what it
    returns must pickle), its pages that are the same for every seed (``seed_free``: a rules page, kept in the
    user's cache; ``seed_free(True)`` gives them only where they are kept, else None), and ``arrange``, which
    takes what the three made and gives the booklet's parts in the order it prints them (a Pages gathers them,
    facing each other where a map faces its key, handed over open: the product composes it as it is and
    closes it); the product stamps the footer once on the whole."""

    title: str
    text: Callable[[], Any] | None
    drawn: Callable[[], Any]
    arrange: Callable[[Any, Any, Any], Sequence[bytes | Pages]]  # the seed-free pages last: None where there are none
    seed_free: Callable[[bool], bytes | None] | None = None


STAMP_NAME = "/PGStamp"


def stamped(data: bytes, stamps: bytes) -> bytes:
    """The pages of ``data``, each with the page of ``stamps`` of the same number drawn over it (what a kept page
    leaves out: a running head that names the seed's dungeon), under a fixed name (compose.lay_over), so the
    bytes are the same from run to run."""
    with pikepdf.open(io.BytesIO(data)) as pdf, pikepdf.open(io.BytesIO(stamps)) as over:
        lay_over(pdf, zip(pdf.pages, over.pages), STAMP_NAME)
        buffer = io.BytesIO()
        pdf.save(buffer, deterministic_id=True)
        return buffer.getvalue()
