"""Every product's type sizes read back two ways, pdfplumber's and PDFium's, side by side.

    python benchmarks/type_sizes.py [--pages N] [--seed S]

Each case of tests/test_type_sizes.py is built at one seed and read on up to N pages spread through it (every
page by default) with pdfplumber (tests/pdfutil.printed_size: the font's size through the text matrix) and with
PDFium (tests/pdfutil.page_chars: FPDFText_GetFontSize through FPDFText_GetMatrix). For each case it prints the
smallest size each reads and how long each took; then every page where the two disagree: a size one reads that
the other does not (to 0.01 pt), with the characters at it, or a different count of printed characters.
"""

import argparse
import io
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's printgen, not an installed one
sys.path.insert(0, str(ROOT / "tests"))

import pdfplumber  # noqa: E402
import pypdfium2  # noqa: E402
from pdfutil import page_chars, printed_size, spread_pages, without_drawing  # noqa: E402
from product_cases import case_id  # noqa: E402
from test_type_sizes import cases  # noqa: E402

from printgen.products import build  # noqa: E402
from printgen.seed import SeedCode  # noqa: E402


def by_plumber(data: bytes, numbers: list[int]) -> dict[int, Counter]:
    found = {}
    with pdfplumber.open(io.BytesIO(without_drawing(data))) as pdf:
        for number in numbers:
            found[number] = Counter((round(printed_size(c), 2), c["text"]) for c in pdf.pages[number - 1].chars
                                    if c["text"].strip())
    return found


def by_pdfium(data: bytes, numbers: list[int]) -> dict[int, Counter]:
    found = {}
    document = pypdfium2.PdfDocument(data)
    try:
        for number in numbers:
            found[number] = Counter((round(c["size"], 2), c["text"]) for c in page_chars(document[number - 1]))
    finally:
        document.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=None, help="read at most this many pages a file")
    parser.add_argument("--seed", default="legible")
    args = parser.parse_args()
    disagreements = []
    for case in cases():
        product, system, options = case
        data = build(SeedCode.make(product, system, args.seed, options))
        count = len(pypdfium2.PdfDocument(data))
        numbers = spread_pages(count, args.pages)
        start = time.perf_counter()
        plumber = by_plumber(data, numbers)
        middle = time.perf_counter()
        pdfium = by_pdfium(data, numbers)
        end = time.perf_counter()
        low_p = min((size for page in plumber.values() for size, _ in page), default=float("inf"))
        low_f = min((size for page in pdfium.values() for size, _ in page), default=float("inf"))
        print(f"{case_id(case):48} {len(numbers):3} pages  pdfplumber {low_p:5.2f} pt {middle - start:6.2f} s   "
              f"PDFium {low_f:5.2f} pt {end - middle:5.2f} s{'' if abs(low_p - low_f) < 0.01 else '   DIFFER'}",
              flush=True)
        for number in numbers:
            a, b = plumber[number], pdfium[number]
            sizes_a = {size for size, _ in a}
            sizes_b = {size for size, _ in b}
            only_a, only_b = sorted(sizes_a - sizes_b), sorted(sizes_b - sizes_a)
            if only_a or only_b or sum(a.values()) != sum(b.values()):
                def sample(counter, sizes):
                    return {s: "".join(t for (z, t) in counter.elements() if z == s)[:30] for s in sizes[:4]}
                disagreements.append(f"{case_id(case)} page {number}: {sum(a.values())} characters by pdfplumber, "
                                     f"{sum(b.values())} by PDFium; sizes only pdfplumber reads {sample(a, only_a)}, "
                                     f"only PDFium {sample(b, only_b)}")
    print(f"\n{len(disagreements)} pages where the two disagree")
    for line in disagreements:
        print(" ", line)


if __name__ == "__main__":
    main()
