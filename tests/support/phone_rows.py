"""A row of buttons on a phone: its width (tests/phone/budget.py's figures) and the table's shared bottom row."""

from types import SimpleNamespace

from cogs.table import TableCog
from tests.phone import budget

ROW_WIDTH = 280  # CSS px of a row of buttons on a phone
BUTTON_PADDING, GAP, EMOJI = 28, 8, 28  # a button's own padding, the gap between two, an emoji and its space
MIN_BUTTON = 56


def host_row(table, locale):
    """The shared bottom row as the table cog adds it (a deadline running, an AI standing in: the fullest)."""
    cog = SimpleNamespace(deadlines={table.id: 1.0})
    return TableCog.host_items(cog, table, locale)


def button_width(item) -> float:
    inner = item.item
    # bold 14 px text: a CJK character 14 px, a Latin one about 8.4
    text = sum(budget.WIDE if budget.text_width(c) == budget.WIDE else 8.4 for c in inner.label or "")
    return max(MIN_BUTTON, BUTTON_PADDING + text + (EMOJI if inner.emoji else 0))
