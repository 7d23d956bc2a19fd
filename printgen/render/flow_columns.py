"""Columns that fill one after the other, laid out once a page instead of twice.

WeasyPrint 70 lays out the columns of every page of a multi-column box twice:
once to measure (could the columns be balanced, do footnotes take room) and
once for good. A box whose columns fill in turn (``column-fill: auto``, the
house's ``.columns.flow``), with nothing spanning them and no footnote in the
document, takes the page's whole height whatever the measure finds, so the
first pass changes nothing: here its columns are laid out once, by the
second pass alone, in WeasyPrint's own words. A long reference in two
columns is laid out in three quarters of the time, to the same bytes.

Every other box of columns is laid out by WeasyPrint's own algorithm, and so
is every box under a release of WeasyPrint outside ``SUPPORTED`` (the releases
whose columns_layout the function below follows line by line): that is said
once in the log (``printgen.render.flow_columns``, a warning), and the pages
come out the same, only slower. tests/test_flow_columns.py lays the same pages
out both ways and finds the same bytes, and finds that the shortcut ran.

Balanced columns (the house's ``.columns``) that end on a page are found by
WeasyPrint laying the page's columns out again and again, a little taller each
time, until the last one holds the rest: a dozen trials for the last page of a
booklet's rules at hand. Each trial breaks the same paragraphs into the same
lines at the same widths; while a box's columns are tried (never while they
are laid out for good), a line broken once is kept for the trials after it
(``_Lines``, held by the layout's own context), so the trials end at the same
height and the page is laid out by WeasyPrint alone, to the same bytes.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from math import floor
from typing import Any

SUPPORTED = ((70, 0), (71, 0))  # from the first release, up to but not including the second
LINES = "_printgen_lines"  # where a layout's context holds the _Lines of the balanced box being laid out
log = logging.getLogger(__name__)


def supported(version: str) -> bool:
    """Whether the WeasyPrint release ``version`` (70.0, 70.0.1, 71.0b1) is one the shortcut follows."""
    found = re.match(r"(\d+)\.(\d+)", version)
    if found is None:
        return False
    release = (int(found[1]), int(found[2]))
    return SUPPORTED[0] <= release < SUPPORTED[1]


def install(weasyprint: Any) -> bool:
    """Lay out flowing columns in one pass from now on, if ``weasyprint`` is a release this follows (else say
    so in the log); whether the shortcut is in place."""
    if not supported(weasyprint.__version__):
        low, high = (".".join(map(str, release)) for release in SUPPORTED)
        log.warning("WeasyPrint %s: flowing columns are laid out by WeasyPrint's own two passes, the same pages "
                    "more slowly (printgen's one-pass layout follows releases %s up to %s)",
                    weasyprint.__version__, low, high)
        return False
    from weasyprint.layout import block, inline

    own = block.columns_layout
    if getattr(own, "wraps", None) is not None:
        return True

    def columns_layout(context, box, *args):
        if _fills_in_turn(context, box, args[1]):
            return _flow_layout(context, box, *args)
        before = getattr(context, LINES, None)
        setattr(context, LINES, _Lines())
        try:
            return own(context, box, *args)
        finally:
            setattr(context, LINES, before)

    columns_layout.wraps = own  # type: ignore[attr-defined]
    block.columns_layout = columns_layout
    block.block_box_layout = _tried(block.block_box_layout)
    inline.split_first_line = _kept(inline.split_first_line)
    return True


def uninstall() -> None:
    """WeasyPrint's own algorithm for every box of columns again (for a test to compare the two)."""
    from weasyprint.layout import block, inline

    block.columns_layout = getattr(block.columns_layout, "wraps", block.columns_layout)
    block.block_box_layout = getattr(block.block_box_layout, "wraps", block.block_box_layout)
    inline.split_first_line = getattr(inline.split_first_line, "wraps", inline.split_first_line)


class _Lines:
    """The lines broken while one box's columns are tried: ``kept`` by split_first_line's arguments (its style
    kept alive with them, as its id is in the key), ``trying`` while a trial is under way, and how many lines
    were taken from ``kept`` (``reused``)."""

    def __init__(self) -> None:
        self.kept: dict[tuple, tuple] = {}
        self.trying = False
        self.reused = 0




def _tried(own: Callable) -> Callable:
    """WeasyPrint's block_box_layout, which columns_layout calls for each column, marking the column's trials
    (their margins a fresh list: the measuring passes and the next box's height) apart from the column laid
    out for good (no margins: its lines are WeasyPrint's own, broken afresh)."""

    def block_box_layout(context, box, bottom_space, skip_stack, containing_block, page_is_empty, absolute_boxes,
                         fixed_boxes, adjoining_margins, *args, **kwargs):
        lines = getattr(context, LINES, None)
        if lines is None or not box.is_column:
            return own(context, box, bottom_space, skip_stack, containing_block, page_is_empty, absolute_boxes,
                       fixed_boxes, adjoining_margins, *args, **kwargs)
        before, lines.trying = lines.trying, adjoining_margins is not None
        try:
            return own(context, box, bottom_space, skip_stack, containing_block, page_is_empty, absolute_boxes,
                       fixed_boxes, adjoining_margins, *args, **kwargs)
        finally:
            lines.trying = before

    block_box_layout.wraps = own  # type: ignore[attr-defined]
    return block_box_layout


def _kept(own: Callable) -> Callable:
    """WeasyPrint's split_first_line, which answers the same arguments with the same line: within a trial, a
    line broken before in the box's trials is taken as it was (nothing a trial lays out is drawn)."""

    def split_first_line(text, style, context, max_width, justification_spacing, is_line_start=True,
                         minimum=False):
        lines = getattr(context, LINES, None)
        if lines is None or not lines.trying:
            return own(text, style, context, max_width, justification_spacing, is_line_start, minimum)
        key = (text, id(style), max_width, justification_spacing, is_line_start, minimum)
        kept = lines.kept.get(key)
        if kept is None:
            kept = lines.kept[key] = (own(text, style, context, max_width, justification_spacing, is_line_start,
                                          minimum), style)
        else:
            lines.reused += 1
        return kept[0]

    split_first_line.wraps = own  # type: ignore[attr-defined]
    return split_first_line


def _fills_in_turn(context, box, skip_stack) -> bool:
    """Whether WeasyPrint's measuring pass cannot change ``box``'s columns: they fill in turn, to the page's
    foot, with nothing in them that spans both or sits in the footnote area, nothing placed relative to the
    box, and the box's height left to its content."""
    style = box.style
    if (style["column_fill"] != "auto" or style["height"] != "auto" or style["position"] == "relative"
            or style["direction"] == "rtl" or not box.children):
        return False
    if context.footnotes or context.current_page_footnotes or context.reported_footnotes:
        return False
    if context.current_footnote_area.height != "auto":
        return False
    skip, = skip_stack.keys() if skip_stack else (0,)
    return all(child.style["column_span"] != "all" for child in box.children[skip:])


def _flow_layout(context, box, bottom_space, skip_stack, containing_block, page_is_empty, absolute_boxes,
                 fixed_boxes, adjoining_margins, first_letter_style, first_line_style):
    """weasyprint.layout.column.columns_layout for a box ``_fills_in_turn`` holds for: its one group of
    columns laid out at the page's full height, without the measuring pass. Each step is WeasyPrint's, in
    its order, so the floating-point figures come out the same."""
    from weasyprint.layout.block import block_box_layout, block_level_width, collapse_margin
    from weasyprint.layout.column import _create_column_box
    from weasyprint.layout.percent import percentage

    style = box.style
    width, count = style["column_width"], style["column_count"]
    original_bottom_space = bottom_space
    context.in_column = True
    box = box.copy_with_children(box.children)
    box.position_y += collapse_margin(adjoining_margins)
    block_level_width(box, containing_block)
    gap = style["font_size"] if style["column_gap"] == "normal" else percentage(style["column_gap"], box.style,
                                                                                 box.width)
    if width == "auto" and count != "auto":
        width = max(0, box.width - (count - 1) * gap) / count
    elif width != "auto" and count == "auto":
        count = max(1, floor((box.width + gap) / (width + gap)))
        width = (box.width + gap) / count - gap
    else:
        count = max(1, min(count, floor((box.width + gap) / (width + gap))))
        width = (box.width + gap) / count - gap

    index, = skip_stack.keys() if skip_stack else (0,)
    column_children = [child.copy() for child in box.children[index:]]
    if skip_stack:
        skip_stack = {0: skip_stack[index]}
    current_position_y = box.content_box_y()
    height = max_height = context.page_bottom - current_position_y - original_bottom_space
    bottom_space = max(bottom_space, context.page_bottom - current_position_y - height)

    columns: list = []
    max_column_height = 0
    column_skip_stack: dict | None = None
    next_page: dict[str, Any] = {"break": "any", "page": None}
    for i in range(count):
        column_box = _create_column_box(box, containing_block, column_children, width, current_position_y)
        column_box.position_x += i * (width + gap)
        new_child, column_skip_stack, next_page, _, _, _ = block_box_layout(
            context, column_box, bottom_space, skip_stack, containing_block, page_is_empty, absolute_boxes,
            fixed_boxes, None, first_letter_style, first_line_style, discard=False, max_lines=None)
        if new_child is None:  # a column with nothing in it: the page breaks before the box
            columns = []
            break
        skip_stack = column_skip_stack
        columns.append(new_child)
        max_column_height = max(max_column_height, new_child.margin_height())
        if skip_stack is None:
            break

    if not columns:  # nothing fits on this page: WeasyPrint's answer for a box none of whose children can be drawn
        context.in_column = False
        return None, (0, None), {"break": "any", "page": None}, [], False
    current_position_y += min(max_height, max_column_height)
    for column in columns:
        column.height = max_column_height
    box.children = columns
    height = current_position_y - box.content_box_y()
    if box.height == "auto":
        box.height = height
        height_difference = 0
    else:
        height_difference = box.height - height
    if box.min_height != "auto" and box.min_height > box.height:
        height_difference += box.min_height - box.height
        box.height = box.min_height
    for column in columns:
        column.height += height_difference

    skip_stack = None
    if column_skip_stack:
        skip, = column_skip_stack.keys()
        skip_stack = {index + skip: column_skip_stack[skip]}
    context.in_column = False
    return box, skip_stack, next_page, [], False
