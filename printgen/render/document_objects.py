"""Objects a canvas's document gets that ReportLab's public calls cannot make: an image XObject of bytes
already encoded, and a form whose resources hold its graphics states, shadings and colour spaces.

ReportLab's ``drawImage`` encodes every image itself (ASCII85 and a second
deflate), knows no stencil mask, and makes a JPEG or a PNG's rows anew;
``beginForm``/``endForm`` give a form fonts and XObjects only, where an SVG's
opacity and gradients need more. Both reach into the canvas's document
(``Canvas._doc``) and the canvas's record of what it used; this module is
the one place that does, for the ReportLab version constraints.txt pins, and
tests/test_document_objects.py checks what it writes. Everything else draws
with the canvas's public calls.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas


class EncodedImage(pdfdoc.PDFImageXObject):
    """An image XObject from bytes already encoded (no ASCII85, no second compression)."""

    def __init__(self, name, width, height, colour_space, bits, filters, data, parms=None, mask=None,
                 image_mask=False):
        self.name = name
        self.width, self.height = width, height
        self.colorSpace = colour_space
        self.bitsPerComponent = bits
        self._filters = filters
        self.streamContent = data
        self.parms = parms
        self.mask_ref = mask  # ("soft" | "hard", a reference to the mask), or None
        self.image_mask = image_mask

    def format(self, document):
        stream = pdfdoc.PDFStream(content=self.streamContent)
        entries = stream.dictionary
        entries["Type"] = pdfdoc.PDFName("XObject")
        entries["Subtype"] = pdfdoc.PDFName("Image")
        entries["Width"] = self.width
        entries["Height"] = self.height
        if self.image_mask:
            entries["ImageMask"] = "true"
        else:
            entries["ColorSpace"] = pdfdoc.PDFName(self.colorSpace)
        entries["BitsPerComponent"] = self.bitsPerComponent
        [only] = self._filters  # one filter, named (with an array of them, DecodeParms would be an array too)
        entries["Filter"] = pdfdoc.PDFName(only)
        if self.parms:
            entries["DecodeParms"] = pdfdoc.PDFDictionary(self.parms)
        if self.mask_ref is not None:
            entries["SMask" if self.mask_ref[0] == "soft" else "Mask"] = self.mask_ref[1]
        entries["Length"] = len(self.streamContent)
        formatted = stream.format(document)
        # A document is written once: its pixels, now in the file's bytes, need not be held twice while the
        # rest is written (some 36 MB for 30 pictures of 1000 × 1400 px).
        self.streamContent = stream.content = None
        return formatted


def add_image(c: Canvas, image: EncodedImage):
    """Put ``image`` in the canvas's document under its name (drawn with ``doForm``); a reference to it, for
    another image's mask."""
    document = c._doc
    reference = document.Reference(image, document.getXObjectName(image.name))
    document.addForm(image.name, image)
    return reference


@contextmanager
def full_form(c: Canvas, name: str, width: float, height: float, fonts: bool = True) -> Iterator[None]:
    """A form drawn in the block, from (0, 0) to (``width``, ``height``), whose resources hold the graphics
    states, shadings and colour spaces its drawing used, beside its XObjects and (unless not ``fonts``: a
    drawing without text) the document's fonts."""
    c.beginForm(name, 0, 0, width, height)
    yield
    shading, colours = dict(c._shadingUsed), dict(c._colorsUsed)
    c.endForm()
    form = c._doc.idToObject[c._doc.getXObjectName(name)]
    resources = pdfdoc.PDFResourceDictionary()
    if fonts:
        resources.basicFonts()
    if form.XObjects:
        resources.XObject = form.XObjects
    if getattr(form, "ExtGState", None):
        resources.ExtGState = form.ExtGState
    resources.setShading(shading)
    resources.setColorSpace(colours)
    form.Resources = resources
