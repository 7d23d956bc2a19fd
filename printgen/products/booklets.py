"""A booklet made from the parts a game hands its product, the same way for every game and product.

The game says what its booklet holds (render/booklet.Parts: its text pages, its drawn pages, its pages the
same for every seed, and how they are arranged); here the halves are made at once (render/parallel.py: the
drawn pages in a forked child while the text is laid out, where a core is spare), arranged as the game says,
and composed once, with the footer, the seed code's QR and the metadata (render/compose.py).
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

    seed_free = parts.seed_free
    kept = seed_free(True) if seed_free is not None else None  # read back from the cache: no WeasyPrint
    forks = request.spare_core and parallel.can_fork()
    if seed_free is not None and kept is None and forks:
        # The child lays them out after its drawing: WeasyPrint is loaded before the fork, once for both.
        html.load()

    def drawn() -> tuple[Any, bytes | None]:
        return parts.drawn(), (kept if seed_free is None or kept is not None else seed_free(False))

    text_pages = parts.text
    if text_pages is None:
        text, (made, same) = None, drawn()
    else:
        # WeasyPrint loads here only if a page must be laid out (html_to_pdf imports it): a game whose pages of
        # text are drawn, or read back from the cache, never loads it.
        text, (made, same) = parallel.both(text_pages, drawn, forks, request.listener)
    arranged = parts.arrange(text, made, same)
    try:
        return compose([part if isinstance(part, bytes) else part.pdf for part in arranged], request.code, parts.title,
                       listener=request.listener)
    finally:
        for part in arranged:
            if not isinstance(part, bytes):
                part.close()
