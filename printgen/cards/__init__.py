"""Card decks: card data, faces and backs, and imposition onto printable pages.

``model`` holds the plain card data, ``layout`` the page geometry (sheets,
mirrored backs, crop marks, print-shop pages), ``face`` and ``back`` the
drawing of one card, ``text`` the fitting of words into a box, and
``render`` puts them together into a PDF.
"""
