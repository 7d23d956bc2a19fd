"""A product that lives only in printgen's tests, to show that a new product is one module: this one.

A handout is one page a game fills in: a title and a few lines (a game's ``handout.py`` gives them,
``lines(request)``). Registering it here gives it the command line's command, ``printgen list`` and the games
table's column, the studio's catalogue and form, the file plan and the tests' lists of products; a game
offers it in its declaration (``makes={"handout": Offer(...)}``) and its folder's ``handout.py``.
"""

from typing import Protocol

from printgen.products import PAPER_OPTION, PDF_ONLY, PPI_OPTION, Part, Product, register


class HandoutModule(Protocol):
    """``systems/<id>/handout.py``: the handout's title and its lines."""

    def title(self, request) -> str: ...

    def lines(self, request) -> list[str]: ...


def build(request) -> bytes:
    from printgen.render import fonts
    from printgen.render.canvas import new_document
    from printgen.render.compose import compose
    from printgen.units import inch

    part, paper = request.part(), request.paper
    doc = new_document(request.code, part.title(request), paper.size)
    doc.canvas.setFont(fonts.SERIF_BOLD, 14)
    doc.canvas.drawString(inch(1), paper.height - inch(1), part.title(request))
    doc.canvas.setFont(fonts.SERIF, 10)
    for number, line in enumerate(part.lines(request), 1):
        doc.canvas.drawString(inch(1), paper.height - inch(1) - 18 * number, line)
    doc.canvas.showPage()
    return compose([doc.finish(request.listener)], request.code, part.title(request), listener=request.listener)


register(Product(
    "handout", "A one-page handout: what a game puts in a player's hand.", build,
    own=(PAPER_OPTION, PDF_ONLY, PPI_OPTION), part=Part("handout", "handout", HandoutModule), rank=70,
))
