"""The terminal's words for game things: the label of any legal action (the same catalogue keys the Discord buttons
use) and any engine event as a line. Piece names (tiles, cards, signs) come from bot.words, shared with the cogs."""

from __future__ import annotations

from typing import Any

from bot.i18n import has, t
from bot.tables import Table
from bot.text import format_event, seat_name
from bot.words import bossa_tile, bossa_tiles, colorse_action, deep_dive_action, diamond_card, diamond_rotation

# --- choices ---------------------------------------------------------------------------------------------------------


def action_label(game: str, action: dict, view: dict, locale: str) -> str:
    """What a button for `action` says on Discord, in `locale`."""
    labeller = _LABELS.get(game)
    if labeller is not None:
        return labeller(action, view, locale)
    key = f"{game}.action.{action['type']}"
    return t(key, locale, **action) if has(key, locale) else t("terminal.action", locale, kind=action["type"])


def _blue_border_label(action: dict, view: dict, locale: str) -> str:
    kind = action["type"]
    if kind in ("take", "reward"):
        key = f"blue_border.action.{kind}.{action['source']}"
    elif kind == "pass":
        key = "blue_border.action.pass.pile"
    else:
        key = f"blue_border.action.{kind}"
    pile = action.get("pile")
    return t(key, locale, pile_number=pile + 1 if pile is not None else "", card=action.get("card", ""))


def _diamond_box_label(action: dict, view: dict, locale: str) -> str:
    return t(
        "diamond_box.action.place",
        locale,
        card=diamond_card(action["card"], locale),
        rotation=diamond_rotation(action["rotation"], locale),
        x=action["x"],
        y=action["y"],
    )


def _bossa_label(action: dict, view: dict, locale: str) -> str:
    kind = action["type"]
    if kind == "choose":
        return t(f"bossa.action.choose.{action['choice']}", locale)
    if kind == "place":
        end = view["lines"][action["line"]]["ends"][action["side"]] or {"value": "-"}
        head = t(
            "bossa_table.button.end",
            locale,
            line=t(f"bossa_table.line_short.{action['line']}", locale),
            arrow=ARROWS[action["side"]],
            value=end["value"],
        )
        return f"{head}: {bossa_tiles(action['tiles'], locale)}"
    if kind == "stack":
        column = view["lines"][action["line"]]["columns"][action["side"]][action["index"] - 1]
        text = t(
            "bossa_table.option.stack",
            locale,
            line=t(f"bossa_table.line_short.{action['line']}", locale),
            arrow=ARROWS[action["side"]],
            index=action["index"],
            value=column["value"],
            tiles=bossa_tiles(action["tiles"], locale),
        )
        return f"{t('bossa.action.stack', locale)}: {text}"
    if kind == "redraw":
        return f"{t('bossa.action.redraw', locale)}: " + t(
            "bossa_table.option.redraw", locale, tile=bossa_tile(action["tile"], locale)
        )
    if kind == "exchange":
        return f"{t('bossa.action.exchange', locale)}: " + t(
            "bossa_table.option.exchange",
            locale,
            give=bossa_tile(action["give"], locale),
            take=bossa_tile(action["take"], locale),
        )
    return t(f"bossa.action.{kind}", locale)


def _deep_dive_label(action: dict, view: dict, locale: str) -> str:
    return deep_dive_action(action, locale)


def _colorse_label(action: dict, view: dict, locale: str) -> str:
    return colorse_action(action, locale) or t("terminal.action", locale, kind=action["type"])


ARROWS = {"down": "◀", "up": "▶"}
_LABELS = {
    "blue_border": _blue_border_label,
    "diamond_box": _diamond_box_label,
    "bossa": _bossa_label,
    "deep_dive": _deep_dive_label,
    "colorse": _colorse_label,
}

# --- events ----------------------------------------------------------------------------------------------------------


def event_line(table: Table, event: dict, locale: str) -> str:
    """One engine event as a sentence: pieces are named by bot.text's formatter (bot.words); the terminal adds the
    end's scores and names nobody or the automaton where a list of winners is empty."""
    fields: dict[str, Any] = dict(event)
    if table.game == "deep_dive" and event["type"] == "game_end":
        scores = [f"{seat_name(table, seat, locale)} {score}" for seat, score in enumerate(event["scores"])]
        if "automaton_score" in event:
            scores.append(f"🤖 {t('deep_dive.label.automaton', locale)} {event['automaton_score']}")
        fields["scores"] = " · ".join(scores)
        if not event["winner_seats"]:
            solo = "automaton_score" in event
            fields["winner_seats"] = t("deep_dive.label.automaton" if solo else "table.nobody", locale)
    for name, value in list(fields.items()):
        if name.endswith("seats") and isinstance(value, list) and not value:
            fields[name] = t("table.nobody", locale)
    return format_event(table, fields, locale)
