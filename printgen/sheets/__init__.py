"""Drawing character sheets: shared pieces (boxes, fields, tracks, die ranks) and form fields.

Each game's sheet layout lives in its own folder (``systems/<id>/sheet.py``)
and draws into a rectangle whose lower-left corner is the origin of the
current canvas transform, so the same code serves one, two or four sheets to
a page. Blanks are registered with a FormCollector, which turns them into PDF
form fields when the file is fillable.
"""
