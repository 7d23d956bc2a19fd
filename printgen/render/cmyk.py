"""Press colour: every colour a canvas sets, written as CMYK within a total ink limit.

Cards are drawn in RGB. For a press file the canvas converts each colour as
it is set, so no RGB or grey operator reaches the page, text included:

- a neutral grey or black becomes black ink alone (K), so small text and fine
  lines print from one plate and cannot mis-register;
- a colour is converted by LittleCMS (Pillow's ImageCms) from sRGB through
  the bundled FOGRA39 profile the file's output intent declares, so what
  prints is what the profile says the colour is; then the coloured inks are
  cut back, hue kept, until C + M + Y + K is at most ``INK_LIMIT`` (240 %, as
  DriveThruCards asks);
- a large area filled with a dark neutral gets a rich black (C, M and Y
  under the K), which prints deeper and more even than K alone.
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfgen.canvas import Canvas

from ..resources import resource_dir

PROFILE_FILE = "printgen-cmyk-fogra39.icc"  # in printgen/data/icc, with its licence
INK_LIMIT = 2.4
NEUTRAL = 0.03  # channels this close together: a grey, printed in K alone
RICH_AREA = 72.0 * 72.0  # pt²: a filled rectangle of a square inch or more is a large area
RICH_FROM = 0.6  # K at least this dark in such an area gets the rich build
RICH_UNDER = (0.4, 0.3, 0.3)  # C, M, Y under a full K: 40/30/30/100, 200 % in all

Cmyk = tuple[float, float, float, float]


def press_cmyk(colour) -> Cmyk:
    """Any ReportLab colour (an RGB or CMYK tuple, a Color, a name) as a CMYK tuple within the ink limit."""
    if isinstance(colour, (tuple, list)) and len(colour) == 4:
        return _limited(tuple(float(v) for v in colour))
    if isinstance(colour, (tuple, list)):
        r, g, b = (float(v) for v in colour)
    else:
        parsed = toColor(colour)
        if isinstance(parsed, CMYKColor):
            return _limited((parsed.cyan, parsed.magenta, parsed.yellow, parsed.black))
        assert isinstance(parsed, Color)
        r, g, b = parsed.red, parsed.green, parsed.blue
    if max(r, g, b) - min(r, g, b) <= NEUTRAL:
        return (0.0, 0.0, 0.0, _round(1 - (r + g + b) / 3))
    return _limited(_through_profile(*(min(255, max(0, round(v * 255))) for v in (r, g, b))))


@cache
def _through_profile(r: int, g: int, b: int) -> Cmyk:
    """An 8-bit sRGB colour as the press profile prints it (LittleCMS, relative colorimetric)."""
    from PIL import Image, ImageCms

    pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), (r, g, b)), _transform()).getpixel((0, 0))
    return tuple(v / 255 for v in pixel)


@cache
def _transform():
    from PIL import ImageCms

    profile = ImageCms.getOpenProfile(str(resource_dir("data") / "icc" / PROFILE_FILE))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


def rich_black(k: float) -> Cmyk:
    """A rich build under black ink ``k``: coloured inks in proportion to the K."""
    c, m, y = (share * k for share in RICH_UNDER)
    return _limited((c, m, y, k))


def _limited(colour: Cmyk) -> Cmyk:
    c, m, y, k = (min(1.0, max(0.0, v)) for v in colour)
    coloured = c + m + y
    if coloured + k > INK_LIMIT and coloured:
        scale = (INK_LIMIT - k) / coloured
        c, m, y = c * scale, m * scale, y * scale
    # Rounded down, so that printing the figures cannot take the sum past the limit.
    return _round(c), _round(m), _round(y), _round(k)


def _round(value: float) -> float:
    return int(max(0.0, value) * 10000) / 10000


class CmykCanvas(Canvas):
    """A ReportLab canvas that writes every colour as press CMYK (see the module's notes)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, enforceColorSpace=press_cmyk, **kwargs)

    def setFillGray(self, gray, alpha=None):
        self.setFillColor((gray, gray, gray), alpha)

    def setStrokeGray(self, gray, alpha=None):
        self.setStrokeColor((gray, gray, gray), alpha)

    def rect(self, x, y, width, height, stroke=1, fill=0):
        colour = self._fillColorObj
        if fill and abs(width * height) >= RICH_AREA and _plain_dark(colour):
            self.saveState()
            self.setFillColor(rich_black(colour[3]))
            super().rect(x, y, width, height, stroke, fill)
            self.restoreState()
        else:
            super().rect(x, y, width, height, stroke, fill)


def _plain_dark(colour) -> bool:
    return (isinstance(colour, tuple) and len(colour) == 4 and colour[:3] == (0.0, 0.0, 0.0)
            and colour[3] >= RICH_FROM)
