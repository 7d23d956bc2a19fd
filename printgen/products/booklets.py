"""A booklet made from the parts a game hands its product, the same way for every game and product.

The game says what its booklet holds (render/booklet.Parts: its text pages, its drawn pages and how they are
arranged); here both halves are made at once (render/parallel.py: the drawn pages in a forked child while the
text is laid out, where a core is spare), arranged as the game says, and composed once, with the footer, the
seed code's QR and the metadata (render/compose.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pikepdf and ReportLab load only when a booklet is made
    from ..render.booklet import Parts


def assemble(parts: Parts, request: Any) -> bytes:
    """The booklet's file of ``request`` (a products.Request): both halves made at once where the request has a
    core to spare, arranged, composed."""
    from ..render import html, parallel
    from ..render.compose import compose

    text_pages = parts.text
    if text_pages is None:
        text, drawn = None, parts.drawn()
    else:
        def laid_out() -> Any:
            html.load()  # after the fork, so the child draws while this process loads it
            return text_pages()

        text, drawn = parallel.both(laid_out, parts.drawn, request.spare_core, request.listener)
    return compose(parts.arrange(text, drawn), request.code, parts.title, listener=request.listener)
