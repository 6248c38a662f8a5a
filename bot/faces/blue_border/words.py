"""Blue Border's revealed numbers in a player's words (the cog, the terminal and exported logs)."""

from __future__ import annotations

from bot.faces.words import join_names
from bot.i18n import t


def blue_border_revealed(revealed: list[dict], locale: str) -> str:
    return t("blue_border.list_sep", locale).join(
        t("blue_border.revealed", locale, slot=item["slot"], number=item["number"]) for item in revealed
    )


def blue_border_rules(event: dict, locale: str) -> str:
    """The placement rules a call judged (broken, or kept), in words with the table's border and bottoms."""
    going_down = event.get("slot") in ("A", "B", "C", "D")
    return t("blue_border.list_sep", locale).join(
        t(
            f"blue_border.rule_short.{code}{'_down' if code == 'order' and going_down else ''}",
            locale,
            border=event.get("border"),
            bottoms=event.get("bottoms"),
        )
        for code in event["rules"]
    )


def event_extra(event: dict, locale: str) -> dict:
    """`revealed_text`, `discarded_text` and `cards_text`: the numbers an event lists, as one phrase; `rules_text`:
    the rules a call judged."""
    fields = {}
    if isinstance(event.get("revealed"), list):
        fields["revealed_text"] = blue_border_revealed(event["revealed"], locale)
        fields["cards_text"] = t("blue_border.list_sep", locale).join(
            t("blue_border.card_short", locale, slot=item["slot"], number=item["number"]) for item in event["revealed"]
        )
    if isinstance(event.get("discarded"), list):
        fields["discarded_text"] = join_names([str(n) for n in event["discarded"]], locale)
    if isinstance(event.get("rules"), list):
        fields["rules_text"] = blue_border_rules(event, locale)
    return fields
