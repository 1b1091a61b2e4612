#!/usr/bin/python3
"""Writes the PDF fixtures of the input tests into OUTDIR (run by the tests,
so no binary is checked in): two-column.pdf, a three-page, two-column PDF
with an outline, a running header and page-number footers; and scanned.pdf,
one page holding only a raster image (no text layer); no-outline.pdf,
the two-column text without outline; and sections.pdf, one column in two
chapters whose bookmarks have children (sections) and grandchildren, one of
them pointing into a paragraph rather than at a heading. Needs python3-reportlab."""
import sys

from PIL import Image, ImageDraw
from reportlab.lib.pagesizes import letter
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

WIDTH, HEIGHT = letter
COLUMNS = (72, 324)
TOP, LEADING = 700, 14

# (page, column, lines); a line starting with "# " is a chapter heading.
PAGES = [
    [
        ["# Chapter 1: The Harbour",
         "The harbour woke before the town did.",
         "Gulls walked the quay in pairs, and the",
         "first boats slid out past the light-",
         "house while the water was still grey.",
         "",
         "Old Tomas mended nets by the slipway.",
         "He said the tide had a temper, and that",
         "only fools argued with it."],
        ["By seven the fish market was loud. The",
         "buyers shouted prices across the stalls",
         "and the sellers shouted back, and every-",
         "body pretended to be angry.",
         "",
         "Children carried baskets of ice between",
         "the stalls for a coin each. The smallest",
         "of them was the fastest."],
    ],
    [
        ["The day went on like any other day in",
         "the harbour, slow and busy at once.",
         "",
         "# Chapter 2: The Storm",
         "In the afternoon the sky turned the",
         "colour of slate. The boats came in",
         "early, one after another, rocking on",
         "a swell that had come from nowhere."],
        ["Tomas tied his boat twice and then a",
         "third time. The wind rose through the",
         "evening and rattled every shutter on",
         "the hill.",
         "",
         "Nobody slept much that night. They",
         "listened to the sea and waited."],
    ],
    [
        ["# Chapter 3: After",
         "In the morning the quay was covered",
         "with weed and broken crates. The",
         "lighthouse still stood, its lamp still",
         "turning in the pale daylight."],
        ["Tomas walked the length of the harbour",
         "and counted the boats. Every one of",
         "them was there. He sat down on a",
         "bollard and laughed until he cried."],
    ],
]


def two_column(path, outline=True):
    pdf = canvas.Canvas(path, pagesize=letter)
    pdf.setTitle("The Harbour Almanac")
    pdf.setAuthor("Rosa Lindqvist")
    for number, columns in enumerate(PAGES, start=1):
        pdf.setFont("Times-Italic", 9)
        pdf.drawCentredString(WIDTH / 2, HEIGHT - 40, "The Harbour Almanac: a sample in two columns")
        pdf.drawCentredString(WIDTH / 2, 36, str(number))
        for x, lines in zip(COLUMNS, columns):
            y = TOP
            for line in lines:
                if line.startswith("# "):
                    key = "chapter-%d-%d" % (number, y)
                    if outline:
                        pdf.bookmarkPage(key, fit="XYZ", left=x, top=y + 16)
                        pdf.addOutlineEntry(line[2:], key, level=0)
                    pdf.setFont("Helvetica-Bold", 13)
                    pdf.drawString(x, y, line[2:])
                    y -= LEADING * 1.6
                    continue
                pdf.setFont("Times-Roman", 11)
                pdf.drawString(x, y, line)
                y -= LEADING
        pdf.showPage()
    pdf.save()


# Lines of sections.pdf, a page each: "# " a chapter (outline level 0), "## " a section
# (level 1), "### " a subsection (level 2), all drawn in the body's size; "@ TITLE | LINE"
# a body line that a level-1 bookmark named TITLE points at.
SECTIONS = [
    ["# The Clockmaker's Shop",
     "The shop smelled of oil and brass.",
     "Every clock on the wall told a slightly different time.",
     "## Winding",
     "On Mondays each clock was wound by a key of its own.",
     "The keys hung on a board behind the counter.",
     "@ The Apprentice | On Tuesdays a boy came to learn the trade.",
     "He swept the floor before he was allowed to touch a gear."],
    ["# Repairs",
     "Broken clocks arrived wrapped in newspaper.",
     "## Springs",
     "A tired spring was the most common fault.",
     "### Mainsprings",
     "The mainspring was taken out with great care, never in a hurry.",
     "## Glass",
     "Cracked faces were replaced with glass cut by hand."],
]


def sections(path):
    pdf = canvas.Canvas(path, pagesize=letter)
    pdf.setTitle("Small Repairs")
    pdf.setAuthor("Ines Varga")
    for number, lines in enumerate(SECTIONS, start=1):
        y = TOP
        for line in lines:
            level, text, title = None, line, None
            for prefix, depth in (("### ", 2), ("## ", 1), ("# ", 0)):
                if line.startswith(prefix):
                    level, text, title = depth, line[len(prefix):], line[len(prefix):]
                    break
            if line.startswith("@ "):
                title, text = line[2:].split(" | ")
                level = 1
            if level is not None:
                key = "s-%d-%d" % (number, y)
                pdf.bookmarkPage(key, fit="XYZ", left=COLUMNS[0], top=y + 12)
                pdf.addOutlineEntry(title, key, level=level)
            pdf.setFont("Helvetica-Bold" if line.startswith("#") else "Times-Roman", 11)
            pdf.drawString(COLUMNS[0], y, text)
            y -= LEADING * (1.6 if line.startswith("#") else 1)
        pdf.showPage()
    pdf.save()


def scanned(path):
    image = Image.new("L", (850, 1100), 245)
    draw = ImageDraw.Draw(image)
    for row in range(60):
        top = 100 + row * 15
        draw.rectangle((90, top, 760 - (row * 37) % 200, top + 7), fill=60)
    pdf = canvas.Canvas(path, pagesize=letter)
    pdf.drawImage(ImageReader(image), 0, 0, width=WIDTH, height=HEIGHT)
    pdf.showPage()
    pdf.save()


if __name__ == "__main__":
    folder = sys.argv[1]
    two_column(folder + "/two-column.pdf")
    scanned(folder + "/scanned.pdf")
    two_column(folder + "/no-outline.pdf", outline=False)
    sections(folder + "/sections.pdf")
