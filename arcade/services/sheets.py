"""Printable sheets (services, no pygame): pages of vector drawings written as SVG or PDF.

A game draws each puzzle into a :class:`Page` as a few primitives -- circles, segments,
rectangles and text, in millimetres from the page's top-left corner -- and this module
lays boxes out on A4 or Letter paper and writes the pages. SVG is written here (one file,
the pages one under the other, each an ``<svg class="page">``); PDF goes through
`fpdf2 <https://py-pdf.github.io/fpdf2/>`_ (an optional extra: ``pip install
'puzzle-arcade[print]'``), so both outputs are vector and crisp at any zoom.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

from arcade.core.errors import UsageError
from arcade.core.inputs import path_type, printable_name

#: Paper sizes in millimetres (width, height).
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 15.0


@dataclass(frozen=True)
class Circle:
    """A circle centred at (x, y) with radius ``r``, all in mm, outlined in black ``width`` mm wide and
    filled (white by default): islands, grid dots, loot, a route's start.
    """

    x: float
    y: float
    r: float
    width: float = 0.3
    fill: str = "#ffffff"


@dataclass(frozen=True)
class Segment:
    """A straight line in mm with round caps, ``width`` mm wide: bridges, walls and grid lines."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float = 0.4
    colour: str = "#000000"


@dataclass(frozen=True)
class Box:
    """A rectangle at (x, y), ``w`` by ``h`` mm, outlined ``width`` mm wide; ``fill`` "" leaves it
    hollow (both writers draw only the outline then).
    """

    x: float
    y: float
    w: float
    h: float
    width: float = 0.2
    colour: str = "#999999"
    fill: str = ""


@dataclass(frozen=True)
class Text:
    """A line of text at (x, y) mm, ``size`` in points; y is its middle and ``anchor`` aligns it
    horizontally, the same in SVG and PDF.
    """

    x: float
    y: float
    text: str
    size: float = 10.0  # points
    anchor: str = "middle"  # start, middle or end (horizontally); y is the text's middle
    bold: bool = False


@dataclass
class Page:
    """One sheet: its size and what is drawn on it."""

    width: float
    height: float
    items: list[Circle | Segment | Box | Text] = field(default_factory=list)

    def add(self, item: Circle | Segment | Box | Text) -> None:
        self.items.append(item)

    @property
    def texts(self) -> list[str]:
        return [item.text for item in self.items if isinstance(item, Text)]


def configure_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--pdf``/``--svg``, ``--paper`` and ``--title``: the options every game's ``export`` shares."""
    out = parser.add_mutually_exclusive_group(required=True)  # the option, not the suffix, sets the format
    out.add_argument("--pdf", type=path_type, metavar="OUT.pdf", help="write a PDF (needs the 'print' extra: fpdf2)")
    out.add_argument("--svg", type=path_type, metavar="OUT.svg", help="write one SVG with every page")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4", help="paper size (default a4)")
    parser.add_argument("--title", default="", help=f"the sheets' heading (default: {what})")


def paper_size(name: str) -> tuple[float, float]:
    """(width, height) in mm of ``name`` (a4 or letter, any case); UsageError for any other, as the
    CLI would say it.
    """
    try:
        return PAPER[name.lower()]
    except KeyError:
        raise UsageError(f"unknown paper {name!r} (choose from: {', '.join(PAPER)})") from None


def slots(width: float, height: float, count: int, top: float = 28.0, bottom: float = 14.0,
          gap: float = 8.0, columns: int | None = None) -> list[tuple[float, float, float, float]]:
    """``count`` equal boxes (x, y, w, h) in a grid filling the page between the header and footer.

    ``columns`` defaults to one for a single box and two otherwise.
    """
    cols = columns or (1 if count == 1 else 2)
    rows = -(-count // cols)
    usable_w = width - 2 * MARGIN
    usable_h = height - top - bottom
    w = (usable_w - gap * (cols - 1)) / cols
    h = (usable_h - gap * (rows - 1)) / rows
    return [(MARGIN + (k % cols) * (w + gap), top + (k // cols) * (h + gap), w, h) for k in range(count)]


def page_frame(page: Page, title: str, number: int, total: int) -> None:
    """The header (the sheet's title) and footer (page N of M) every sheet has."""
    page.add(Text(MARGIN, 16, title, 14, "start", bold=True))
    page.add(Text(page.width / 2, page.height - 8, f"page {number} of {total}", 8))


# -- SVG -------------------------------------------------------------------------------------
#: The characters XML 1.0 forbids (control characters other than tab, newline and return).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def printable_text(text: str) -> str:
    """``text`` as a sheet can hold it: a control character XML forbids shown as U+FFFD and a byte
    that was not UTF-8 (a lone surrogate) as ``\\xfb``. A level's title with a NUL or a ``--title``
    with one made an SVG no viewer would open ("not well-formed"); a title from a non-UTF-8
    command line stopped the SVG with "use a UTF-8 locale" in a UTF-8 one, and the PDF printed a
    missing glyph with a warning from fpdf2 on stderr."""
    return _NOT_XML.sub("\ufffd", printable_name(text))


def _svg_item(item: Circle | Segment | Box | Text) -> str:
    if isinstance(item, Circle):
        return (f'<circle cx="{item.x:.2f}" cy="{item.y:.2f}" r="{item.r:.2f}" fill="{item.fill}" '
                f'stroke="#000" stroke-width="{item.width:.2f}"/>')
    if isinstance(item, Segment):
        return (f'<line x1="{item.x1:.2f}" y1="{item.y1:.2f}" x2="{item.x2:.2f}" y2="{item.y2:.2f}" '
                f'stroke="{item.colour}" stroke-width="{item.width:.2f}" stroke-linecap="round"/>')
    if isinstance(item, Box):
        fill = item.fill or "none"
        return (f'<rect x="{item.x:.2f}" y="{item.y:.2f}" width="{item.w:.2f}" height="{item.h:.2f}" '
                f'fill="{fill}" stroke="{item.colour}" stroke-width="{item.width:.2f}"/>')
    size_mm = item.size * 25.4 / 72
    weight = ' font-weight="bold"' if item.bold else ""
    text = escape(printable_text(item.text))
    return (f'<text x="{item.x:.2f}" y="{item.y:.2f}" font-size="{size_mm:.2f}" text-anchor="{item.anchor}" '
            f'dominant-baseline="central" font-family="DejaVu Sans, sans-serif"{weight}>{text}</text>')


def to_svg(pages: list[Page]) -> str:
    """Every page in one SVG document, one under the other (each page an ``<svg class="page">``)."""
    if not pages:
        return '<svg xmlns="http://www.w3.org/2000/svg"/>\n'
    width = max(p.width for p in pages)
    gap = 10.0
    height = sum(p.height for p in pages) + gap * (len(pages) - 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height:.1f}mm" '
           f'viewBox="0 0 {width} {height:.1f}">']
    y = 0.0
    for number, page in enumerate(pages, 1):
        out.append(f'<svg class="page" id="page-{number}" x="0" y="{y:.1f}" width="{page.width}" '
                   f'height="{page.height}" viewBox="0 0 {page.width} {page.height}">')
        out.append(f'<rect width="{page.width}" height="{page.height}" fill="#fff"/>')
        out.extend(_svg_item(item) for item in page.items)
        out.append("</svg>")
        y += page.height + gap
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- PDF -------------------------------------------------------------------------------------
def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(ch * 2 for ch in colour)
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def to_pdf(pages: list[Page], path: Path) -> None:
    """Write ``pages`` as a vector PDF with fpdf2 (the ``print`` extra)."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise UsageError("writing PDF needs fpdf2: pip install 'puzzle-arcade[print]' (or use --svg)") from None
    from arcade.services.resources import assets_dir

    pdf = FPDF(unit="mm")
    pdf.set_auto_page_break(False)
    font_dir = assets_dir() / "fonts"
    regular, bold = font_dir / "DejaVuSans.ttf", font_dir / "DejaVuSans-Bold.ttf"
    family = "Helvetica"
    if regular.is_file():
        pdf.add_font("DejaVu", "", str(regular))
        pdf.add_font("DejaVu", "B", str(bold if bold.is_file() else regular))
        family = "DejaVu"
    for page in pages:
        pdf.add_page(format=(page.width, page.height))
        for item in page.items:
            if isinstance(item, Circle):
                pdf.set_line_width(item.width)
                pdf.set_draw_color(0, 0, 0)
                pdf.set_fill_color(*_rgb(item.fill))
                pdf.circle(x=item.x, y=item.y, radius=item.r, style="FD")
            elif isinstance(item, Segment):
                pdf.set_line_width(item.width)
                pdf.set_draw_color(*_rgb(item.colour))
                pdf.line(item.x1, item.y1, item.x2, item.y2)
            elif isinstance(item, Box):
                pdf.set_line_width(item.width)
                pdf.set_draw_color(*_rgb(item.colour))
                if item.fill:
                    pdf.set_fill_color(*_rgb(item.fill))
                pdf.rect(item.x, item.y, item.w, item.h, style="FD" if item.fill else "D")
            else:
                pdf.set_font(family, "B" if item.bold else "", item.size)
                text = printable_text(item.text)
                w = pdf.get_string_width(text)
                x = item.x - {"start": 0.0, "middle": w / 2, "end": w}.get(item.anchor, w / 2)
                # fpdf2's text() puts the baseline at y; centre it on the item's middle.
                pdf.text(x, item.y + item.size * 25.4 / 72 * 0.35, text)
    from arcade.services.files import write_output

    write_output(path, bytes(pdf.output()))


def write(pages: list[Page], out: Path, fmt: str = "") -> str:
    """Write ``pages`` as ``fmt`` ("pdf" or "svg"; default: by the file's suffix, else PDF).

    Returns the format written. A file that cannot be written raises OSError (the CLI's one
    line and exit 74).
    """
    from arcade.services.files import write_output

    fmt = fmt or ("svg" if out.suffix.lower() == ".svg" else "pdf")
    if fmt == "svg":
        write_output(out, to_svg(pages))
    else:
        try:
            to_pdf(pages, out)
        except OSError as exc:  # "No space left on device" names no file: name the one asked for
            raise OSError(exc.errno, exc.strerror, str(out)) from None
    return fmt


def page_groups(sizes: list[int]) -> list[list[int]]:
    """Indices of the items on each page, in order: ``sizes[i]`` is how many items like item i fit a page.

    Items share a page only with neighbours that fit the same number to a page, so a big board
    never squeezes onto a page laid out for small ones.
    """
    groups: list[list[int]] = []
    k = 0
    while k < len(sizes):
        count = sizes[k]
        group: list[int] = []
        while k < len(sizes) and len(group) < count and sizes[k] == count:
            group.append(k)
            k += 1
        groups.append(group)
    return groups
