"""The objects printgen adds to a ReportLab document by hand (render/document_objects.py), read back."""

import io
import zlib

from pdfutil import open_pdf
from reportlab.pdfgen.canvas import Canvas

from printgen.render.document_objects import EncodedImage, add_image, full_form


def test_an_encoded_image_goes_in_as_it_is_with_its_stencil_mask_and_draws_by_name():
    out = io.BytesIO()
    c = Canvas(out, pagesize=(100, 100), invariant=1)
    rows = zlib.compress(bytes([0, 255, 0, 255]) * 2)
    mask = add_image(c, EncodedImage("m", 2, 2, None, 1, ["FlateDecode"], zlib.compress(b"\x40\x80"), image_mask=True))
    add_image(c, EncodedImage("pic", 2, 2, "DeviceRGB", 8, ["FlateDecode"], rows, {"Predictor": 1}, ("hard", mask)))
    c.translate(10, 10)
    c.scale(50, 50)
    c.doForm("pic")
    c.showPage()
    c.save()
    pdf = open_pdf(out.getvalue())
    [image] = pdf.pages[0].Resources.XObject.values()
    assert image.Subtype == "/Image" and image.ColorSpace == "/DeviceRGB" and image.Filter == "/FlateDecode"
    assert image.read_raw_bytes() == rows  # no second encoding
    assert image.Mask.ImageMask and image.Mask.BitsPerComponent == 1 and "/SMask" not in image


def test_a_full_form_keeps_the_graphics_states_and_colour_spaces_its_drawing_used():
    out = io.BytesIO()
    c = Canvas(out, pagesize=(100, 100), invariant=1)
    with full_form(c, "glow", 40, 40):
        c.setFillColorRGB(1, 0.8, 0.2, alpha=0.25)
        c.circle(20, 20, 15, stroke=0, fill=1)
    c.doForm("glow")
    c.showPage()
    c.save()
    pdf = open_pdf(out.getvalue())
    [form] = pdf.pages[0].Resources.XObject.values()
    assert form.Subtype == "/Form" and list(form.BBox) == [0, 0, 40, 40]
    [state] = form.Resources.ExtGState.values()
    assert float(state.ca) == 0.25
