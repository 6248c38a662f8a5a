"""The four placement rules (the "border"). They are only checked when someone calls ボーダー！."""

from __future__ import annotations

from games.blue_border.cards import DEEPEST, LAST


def broken_rules(slot: int, value: int, previous: int | None, border: int, bottoms: int) -> list[str]:
    """The rules a card `value` placed in `slot` (0 = A) breaks, given the card in the slot before
    (None for A). [] means the placement is legal. Codes: "limit" (A and G: 1..border), "order"
    (A<B<C<D>E>F>G), "difference" (|v - previous| <= border), "bottoms" (D >= bottoms)."""
    broken = []
    if slot in (0, LAST) and not 1 <= value <= border:
        broken.append("limit")
    if previous is not None:
        going_down = slot <= DEEPEST
        if (value <= previous) if going_down else (value >= previous):
            broken.append("order")
        if abs(value - previous) > border:
            broken.append("difference")
    if slot == DEEPEST and value < bottoms:
        broken.append("bottoms")
    return broken


def rules_at(slot: int) -> list[str]:
    """The rules a card in `slot` must keep (the codes of `broken_rules`), in the same order."""
    return [
        code
        for code, applies in (
            ("limit", slot in (0, LAST)),
            ("order", slot > 0),
            ("difference", slot > 0),
            ("bottoms", slot == DEEPEST),
        )
        if applies
    ]


def is_legal(slot: int, value: int, previous: int | None, border: int, bottoms: int) -> bool:
    return not broken_rules(slot, value, previous, border, bottoms)
