"""The card back: a dark field of marks running into the bleed, a medallion, the deck's name.

A deck's back is a field of "@"; a family back (``BackStyle``) has its own
colour and mark, so families sort at a glance. With --ink-saver
(``BackStyle.ink_saver``) the field is light paper with the marks in a pale
tint of the colour, and the medallion and the words in the colour itself. Each distinct back is drawn once as a form XObject and placed behind every
card that uses it, which keeps big decks small and fast.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..render import fonts
from ..units import MIN_TEXT_PT, mm
from . import text
from .face_parts import INK, PAPER, SAFE, CardTooFull, Metrics, mix
from .model import BackStyle, Paragraph
from .sizes import CardSize

PATTERN_PITCH = mm(7)


def define_back(c: Canvas, name: str, style: BackStyle, size: CardSize, bleed: float, where: str = "") -> None:
    """Record the back ``style`` as the form ``name`` (card space, bleed included)."""
    m = Metrics.of(size)
    label = style.label
    title = text.fit([Paragraph(label)], m.inner_width, m.pt(30), m.pt(15), m.pt(7, MIN_TEXT_PT),
                     font=fonts.SERIF_BOLD, max_lines=2)
    if title is None:
        shown = label if len(label) <= 40 else label[:40] + "…"
        raise CardTooFull(f"{where or label}: the back {shown!r} does not fit on a {size.name} card; shorten it")
    subtitle = None
    if style.subtitle:
        subtitle = text.fit([Paragraph(style.subtitle)], m.inner_width, m.pt(12, MIN_TEXT_PT * 1.4), m.pt(7, MIN_TEXT_PT),
                            MIN_TEXT_PT, font=fonts.SERIF_ITALIC, max_lines=1)
        if subtitle is None:  # two lines at the legible size, rather than one too small to read
            subtitle = text.fit([Paragraph(style.subtitle)], m.inner_width, MIN_TEXT_PT * 2.6, MIN_TEXT_PT, MIN_TEXT_PT,
                                font=fonts.SERIF_ITALIC, max_lines=2)
    c.beginForm(name, lowerx=-bleed, lowery=-bleed, upperx=m.width + bleed, uppery=m.height + bleed)
    light = style.ink_saver
    dark = mix(style.accent, (0, 0, 0), 0.35)
    c.setFillColorRGB(*(PAPER if light else dark))
    c.rect(-bleed, -bleed, m.width + 2 * bleed, m.height + 2 * bleed, stroke=0, fill=1)

    # A staggered field of the mark, symmetric about the card's centre so it looks
    # the same whichever way up the card is held.
    c.setFillColorRGB(*(mix(style.accent, PAPER, 0.86) if light else mix(dark, (1, 1, 1), 0.12)))
    glyph = m.pt(9, 6)
    c.setFont(fonts.MONO_BOLD, glyph)
    pitch = PATTERN_PITCH * max(m.scale, 0.7)
    cx, cy = m.width / 2, m.height / 2
    reach_x = int((m.width / 2 + bleed) / pitch) + 1
    reach_y = int((m.height / 2 + bleed) / (pitch * 0.8)) + 1
    for j in range(-reach_y, reach_y + 1):
        shift = pitch / 2 if j % 2 else 0.0
        for i in range(-reach_x, reach_x + 1):
            c.drawCentredString(cx + i * pitch + shift, cy + j * pitch * 0.8 - glyph * 0.35, style.mark)

    radius = min(m.width, m.height) * 0.27
    c.setFillColorRGB(*PAPER)
    c.setStrokeColorRGB(*(style.accent if light else mix(style.accent, (1, 1, 1), 0.45)))
    c.setLineWidth(mm(0.8) * m.scale)
    c.circle(cx, cy + radius * 0.25, radius, stroke=1, fill=1)
    c.setFillColorRGB(*style.accent)
    at_size = radius * (1.6 if style.mark == "@" else 1.3)  # other marks stand taller than "@"
    c.setFont(fonts.MONO_BOLD, at_size)
    c.drawCentredString(cx, cy + radius * 0.25 - at_size * 0.33, style.mark)

    c.setFillColorRGB(*(mix(style.accent, INK, 0.4) if light else (1, 1, 1)))
    title_top = cy + radius * 0.25 - radius - mm(2.5) * m.scale
    title.draw(c, SAFE, title_top, m.inner_width, align="center")
    if subtitle:
        c.setFillColorRGB(*(mix(style.accent, INK, 0.2) if light else mix(style.accent, (1, 1, 1), 0.7)))
        subtitle.draw(c, SAFE, title_top - title.height - mm(0.8), m.inner_width, align="center")
    c.endForm()
