"""Game things in words, from the catalogues: the label of any legal action (the same keys the Discord buttons use)
and any engine event as a line, with tiles, cards and seats named. Used by the terminal (`python -m bot play`);
nothing here knows Discord, so the cogs may use it too."""
from __future__ import annotations

from typing import Any

from bot.i18n import has, t
from bot.tables import Table
from bot.text import format_event, seat_name

# --- pieces ----------------------------------------------------------------------------------------------------------


def bossa_tile(tile: str, locale: str) -> str:
    """`w3b1` -> "W3·B1"."""
    white, black = tile[1:].split("b")
    return t("bossa_table.tile", locale, white=white, black=black)


def bossa_tiles(tiles: list[str], locale: str) -> str:
    return " + ".join(bossa_tile(tile, locale) for tile in tiles)


def deep_dive_tile(tile: str, locale: str) -> str:
    """`food:pink:2` -> "pink food (2)"."""
    if tile.startswith("food:"):
        _, colour, points = tile.split(":")
        return t("deep_dive.tile.food", locale, colour=t(f"deep_dive.colour.{colour}", locale), points=points)
    return t(f"deep_dive.tile.{tile}", locale)


def diamond_card(card: str, locale: str) -> str:
    """`red:BBWWBW` -> "red ◆◆◇/◇◆◇": the frame colour, then the diamonds row by row (◇ white, ◆ black)."""
    colour, pattern = card.split(":")
    shown = pattern.replace("W", "◇").replace("B", "◆")
    return f"{t(f'diamond_box.colour.{colour}', locale)} {shown[:3]}/{shown[3:]}"


def colorse_card(card: str, locale: str) -> str:
    if card == "S":
        return t("colorse.card.S", locale)
    return "/".join(t(f"colorse.colour.{letter}", locale) for letter in card)


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
    return t("diamond_box.action.place", locale, card=diamond_card(action["card"], locale),
             rotation=action["rotation"], x=action["x"], y=action["y"])


def _bossa_label(action: dict, view: dict, locale: str) -> str:
    kind = action["type"]
    if kind == "choose":
        return t(f"bossa.action.choose.{action['choice']}", locale)
    if kind == "place":
        end = view["lines"][action["line"]]["ends"][action["side"]] or {"value": "-"}
        head = t("bossa_table.button.end", locale, line=t(f"bossa_table.line_short.{action['line']}", locale),
                 arrow=ARROWS[action["side"]], value=end["value"])
        return f"{head}: {bossa_tiles(action['tiles'], locale)}"
    if kind == "stack":
        column = view["lines"][action["line"]]["columns"][action["side"]][action["index"] - 1]
        text = t("bossa_table.option.stack", locale, line=t(f"bossa_table.line_short.{action['line']}", locale),
                 arrow=ARROWS[action["side"]], index=action["index"], value=column["value"],
                 tiles=bossa_tiles(action["tiles"], locale))
        return f"{t('bossa.action.stack', locale)}: {text}"
    if kind == "redraw":
        return f"{t('bossa.action.redraw', locale)}: " + t("bossa_table.option.redraw", locale,
                                                           tile=bossa_tile(action["tile"], locale))
    if kind == "exchange":
        return f"{t('bossa.action.exchange', locale)}: " + t(
            "bossa_table.option.exchange", locale, give=bossa_tile(action["give"], locale),
            take=bossa_tile(action["take"], locale))
    return t(f"bossa.action.{kind}", locale)


def _deep_dive_label(action: dict, view: dict, locale: str) -> str:
    kind = action["type"]
    key = f"deep_dive.action.{kind}"
    if kind == "retreat_take" and action.get("depth") is None:
        key += ".none"
    params = {name: value for name, value in action.items() if name != "type"}
    if "tile" in params:
        params["tile"] = deep_dive_tile(params["tile"], locale)
    return t(key, locale, **params)


def _colorse_label(action: dict, view: dict, locale: str) -> str:
    kind = action["type"]
    if kind == "take":
        return t(f"colorse.action.take.{action['slot']}", locale)
    if kind == "place":
        if action["card"] == "S":
            return t("colorse.action.place.special", locale, colour=t(f"colorse.colour.{action['colour']}", locale))
        return t("colorse.action.place.card", locale, card=colorse_card(action["card"], locale))
    if kind == "bonus":
        return t(f"colorse.action.bonus.{'face_down' if action['face_down'] else 'face_up'}", locale)
    if kind == "special":
        return t("colorse.action.special", locale, colour=t(f"colorse.colour.{action['colour']}", locale))
    if kind == "sign":
        return t(f"colorse.action.sign.{action['sign']}", locale)
    return t("terminal.action", locale, kind=kind)


ARROWS = {"down": "◀", "up": "▶"}
_LABELS = {"blue_border": _blue_border_label, "diamond_box": _diamond_box_label, "bossa": _bossa_label,
           "deep_dive": _deep_dive_label, "colorse": _colorse_label}

# --- events ----------------------------------------------------------------------------------------------------------


def event_line(table: Table, event: dict, locale: str) -> str:
    """One engine event as a sentence, with every game piece named in words."""
    fields: dict[str, Any] = dict(event)
    game = table.game
    if game == "bossa":
        for name in ("tile", "discarded", "gave", "took"):
            if isinstance(fields.get(name), str) and fields[name].startswith("w"):
                fields[name] = bossa_tile(fields[name], locale)
        for name in ("tiles", "covered"):
            if isinstance(fields.get(name), list):
                fields[name] = bossa_tiles(fields[name], locale)
    elif game == "deep_dive":
        if isinstance(fields.get("tile"), str):
            fields["tile"] = deep_dive_tile(fields["tile"], locale)
        if isinstance(fields.get("tiles"), list):
            fields["tiles"] = ", ".join(deep_dive_tile(tile, locale) for tile in fields["tiles"])
        if event["type"] == "game_end":
            scores = [f"{seat_name(table, seat, locale)} {score}" for seat, score in enumerate(event["scores"])]
            if "automaton_score" in event:
                scores.append(f"🤖 {t('deep_dive.label.automaton', locale)} {event['automaton_score']}")
            fields["scores"] = " · ".join(scores)
            if not event["winner_seats"]:
                solo = "automaton_score" in event
                fields["winner_seats"] = t("deep_dive.label.automaton" if solo else "table.nobody", locale)
    elif game == "diamond_box":
        if isinstance(fields.get("card"), str):
            fields["card"] = diamond_card(fields["card"], locale)
    elif game == "colorse":
        for name in ("card", "card0", "card1"):
            if isinstance(fields.get(name), str):
                fields[name] = colorse_card(fields[name], locale)
        if event["type"] == "vanished" and isinstance(fields.get("cards"), str):
            fields["cards"] = ", ".join(colorse_card(card, locale) for card in fields["cards"].split())
        if isinstance(fields.get("colour"), str):
            fields["colour"] = t(f"colorse.colour.{fields['colour']}", locale)
        for name in ("parent_sign", "child_sign"):
            if isinstance(fields.get(name), str):
                fields[name] = t(f"colorse.sign.{fields[name]}", locale)
    elif game == "blue_border":
        if isinstance(fields.get("winner_seats"), list) and not fields["winner_seats"]:
            fields["winner_seats"] = t("table.nobody", locale)
    for name, value in list(fields.items()):
        if name.endswith("seats") and isinstance(value, list) and not value:
            fields[name] = t("table.nobody", locale)
    return format_event(table, fields, locale)
