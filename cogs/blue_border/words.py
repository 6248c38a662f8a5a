"""Blue Border's revealed numbers in a player's words (the cog, the terminal and exported logs)."""

from __future__ import annotations

from bot.i18n import t
from bot.words import join_names


def blue_border_revealed(revealed: list[dict], locale: str) -> str:
    return t("blue_border.list_sep", locale).join(
        t("blue_border.revealed", locale, slot=item["slot"], number=item["number"]) for item in revealed
    )


def event_extra(event: dict, locale: str) -> dict:
    """`revealed_text` and `discarded_text`: the numbers an event lists, as one phrase."""
    fields = {}
    if isinstance(event.get("revealed"), list):
        fields["revealed_text"] = blue_border_revealed(event["revealed"], locale)
    if isinstance(event.get("discarded"), list):
        fields["discarded_text"] = join_names([str(n) for n in event["discarded"]], locale)
    return fields
