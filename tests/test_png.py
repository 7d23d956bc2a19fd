"""--format png [--ppi N] for every product: one page a .png, more a zip of page-NN.png, one per page of the
PDF, each exactly the page's size at the chosen DPI."""

import io
import zipfile

import pytest
from pdfutil import open_pdf, page_sizes
from PIL import Image

from printgen import products
from printgen.seed import SeedCode

CASES = [
    ("graph-paper", "generic", {"pages": "3"}, 50),
    ("graph-paper", "generic", {"paper": "a4"}, 72),
    ("reference", "amulet", {}, 50),
    ("sheet", "rlrl", {}, 50),
    ("dungeon", "amulet", {"levels": "1", "scale": "battle"}, 50),
]


@pytest.mark.parametrize("product, system, options, dpi", CASES)
def test_one_picture_per_page_of_the_pdf_at_the_pages_size(product, system, options, dpi):
    pdf = products.build(SeedCode.make(product, system, "pictures", options))
    sizes = page_sizes(open_pdf(pdf))
    data = products.build(SeedCode.make(product, system, "pictures", {**options, "format": "png", "ppi": str(dpi)}))
    if data.startswith(b"\x89PNG"):
        pictures = [data]
    else:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = archive.namelist()
            assert names == [f"page-{n:02d}.png" for n in range(1, len(names) + 1)]
            pictures = [archive.read(name) for name in names]
    assert len(pictures) == len(sizes)
    for picture, (width, height) in zip(pictures, sizes):
        image = Image.open(io.BytesIO(picture))
        assert abs(image.width - width / 72 * dpi) <= 1 and abs(image.height - height / 72 * dpi) <= 1, \
            (image.size, width, height)
