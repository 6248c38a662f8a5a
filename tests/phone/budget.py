"""How tall a table message stands on a phone, estimated from what the bot sends, so tests can hold every message to
one screen without a browser. The figures are phoneview's (`../shared/tools/phoneview`, Discord's dark mobile
client at 360 CSS px wide), measured on messages of known parts; `python -m tests.phone` measures whole games.

A message without the "used /play" line (the table message in its thread) is 20 px shorter: the estimate counts it,
so it errs tall."""

from __future__ import annotations

import unicodedata

SCREEN = 640  # CSS px of messages a phone shows between Discord's top bar and its message box
HEAD = 101  # avatar and name, the "used /play" line, the embed's padding and a one-line title
FIRST_LINE = 24  # the description's first line, with its margin
LINE = 18  # each further line of text in the embed
IMAGE_MARGIN = 16
IMAGE_WIDTH = 252  # an embed's picture on a phone
IMAGE_MAX_HEIGHT = 400
BUTTON_ROW = 44
SELECT_ROW = 52
FIELD_NAME = 22
FOOTER = 23
LINE_WIDTH = 252  # the embed's text column, in CSS px, at 14 px text
WIDE, NARROW = 14.0, 6.2  # a CJK character's width, a Latin one's (average), at 14 px


def text_width(text: str) -> float:
    return sum(WIDE if unicodedata.east_asian_width(c) in "WF" or ord(c) > 0x1F000 else NARROW for c in text)


def lines(text: str | None) -> int:
    """Lines a text takes in an embed's column: its own lines, each wrapped."""
    if not text:
        return 0
    return sum(max(1, -(-int(text_width(line)) // LINE_WIDTH)) for line in text.split("\n"))


def picture_height(size: tuple[int, int] | None) -> int:
    if not size:
        return 0
    width, height = size
    scale = min(1.0, IMAGE_WIDTH / width, IMAGE_MAX_HEIGHT / height)
    return IMAGE_MARGIN + round(height * scale)


def height(embed: dict, rows: list[str], picture: tuple[int, int] | None = None, content: str | None = None) -> int:
    """`embed` as Discord's JSON, `rows` each "buttons" or "select", `picture` the attached image's pixel size."""
    total = HEAD + LINE * max(0, lines(embed.get("title")) - 1)
    text = lines(embed.get("description"))
    if text:
        total += FIRST_LINE + LINE * (text - 1)
    for field in embed.get("fields") or []:
        total += FIELD_NAME + LINE * lines(field.get("value"))
    if (embed.get("footer") or {}).get("text"):
        total += FOOTER + LINE * (lines(embed["footer"]["text"]) - 1)
    if content:
        total += LINE * lines(content)
    total += picture_height(picture)
    total += sum(SELECT_ROW if row == "select" else BUTTON_ROW for row in rows)
    return total


def rows_of(items) -> list[str]:
    """discord.py items (with their `row`) as the rows Discord lays out: each row "buttons" or "select"."""
    by_row: dict[int, str] = {}
    for item in items:
        inner = getattr(item, "item", item)
        kind = "select" if inner.type.value == 3 else "buttons"
        by_row[inner.row if inner.row is not None else len(by_row)] = kind
    return [by_row[row] for row in sorted(by_row)]


def rows_of_json(components: list[dict]) -> list[str]:
    """A message's action rows as Discord's JSON has them."""
    return [
        "select" if any(c.get("type") in (3, 5, 6, 7, 8) for c in row.get("components", [])) else "buttons"
        for row in components or []
        if row.get("type") == 1
    ]
