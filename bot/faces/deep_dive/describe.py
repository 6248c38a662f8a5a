"""DEEP DIVE's board in words (bot/describe.py): what a screen reader speaks for the picture, from one seat's view.

In the order a player asks: who dives and what they must decide (or the result), the end's trigger or the last dive,
the reader's own tableau, the other players' and the solo automaton's (score, complete rows, food by colour,
penguins free and trapped, rocks), the five depths (face-down count, face-up tiles grouped as the picture groups
them, the penguins trapped there), the start token, then the last move. Face-down tiles are counts only: nothing
else of them is in the view. Food colours are named in words."""

from __future__ import annotations

from bot.describe import Scene
from bot.faces.deep_dive.image import groups
from bot.faces.deep_dive.words import deep_dive_tile
from bot.faces.words import join_names
from bot.i18n import t

CAT = "deep_dive_describe"


def describe(scene: Scene) -> list[str]:
    view = scene.view
    mine = [tableau for tableau in view["tableaux"] if tableau["seat"] == scene.seat]
    others = [tableau for tableau in view["tableaux"] if tableau["seat"] != scene.seat]
    return [
        turn(scene),
        *ending(scene),
        *(seat_sentence(scene, tableau, you=True) for tableau in mine),
        *(seat_sentence(scene, tableau) for tableau in others),
        *([automaton_sentence(scene)] if view.get("automaton") else []),
        *(depth_sentence(scene, depth) for depth in ([] if scene.finished else view["depths"])),
        token(scene),
        *scene.last,
    ]


def names_of(scene: Scene, seats) -> str:
    return join_names([scene.names[seat] for seat in seats], scene.locale)


def turn(scene: Scene) -> str:
    """Who acts and what they decide; the result once the game is over."""
    view, locale = scene.view, scene.locale
    if scene.finished or view["finished"]:
        result = view.get("result") or {}
        winners = list(scene.winners) or list(result.get("winners", []))
        if winners:
            score = view["tableaux"][winners[0]]["score"]
            return t(f"{CAT}.won", locale, names=names_of(scene, winners), score=score, count=len(winners))
        bot = view.get("automaton")
        if bot is not None:
            return t(f"{CAT}.automaton_won", locale, score=bot["score"])
        return t(f"{CAT}.over", locale)
    turn = view["turn"]
    seat = turn["diver_seat"]
    name, phase, depth = scene.names[seat], turn["phase"], turn["depth"]
    if phase == "dive":
        rock = turn["at_start"] and view["tableaux"][seat]["rocks"] > 0
        key = "dive_start_rock" if rock else "dive_start" if turn["at_start"] else "dive"
        return t(f"{CAT}.turn.{key}", locale, name=name, depth=depth)
    if phase == "revealed":
        tile = deep_dive_tile(turn["flipped"], locale) if turn["flipped"] else "-"
        return t(f"{CAT}.turn.revealed", locale, name=name, depth=depth, tile=tile)
    if phase == "retreat":
        depths = join_names([str(d) for d in turn["retreat_depths"]], locale) or "-"
        return t(f"{CAT}.turn.retreat", locale, name=name, depths=depths)
    bot = view.get("automaton") or {}
    options = join_names([deep_dive_tile(tile, locale) for tile in bot.get("pick_options", [])], locale)
    return t(f"{CAT}.turn.automaton_pick", locale, name=name, depth=bot.get("pick_depth"), options=options)


def ending(scene: Scene) -> list[str]:
    view = scene.view
    if scene.finished or view["finished"]:
        return []
    if view["last_dive"]:
        return [t(f"{CAT}.last_dive", scene.locale)]
    if view["end_triggered"]:
        return [t(f"{CAT}.end_triggered", scene.locale)]
    return []


def food(columns: dict, colours: list[str], locale: str) -> str:
    """The food a tableau holds, colour by colour in the order it came (its rows: the n-th of each colour)."""
    parts = [
        t(
            f"{CAT}.colour_food",
            locale,
            colour=t(f"deep_dive.colour.{colour}", locale),
            points=" ".join(map(str, points)),
        )
        for colour in colours
        if (points := columns.get(colour))
    ]
    if not parts:
        return t(f"{CAT}.no_food", locale)
    return t(f"{CAT}.food", locale, food=t(f"{CAT}.list_sep", locale).join(parts))


def counts(locale: str, **numbers: int) -> dict[str, str]:
    """Each number in its words ("1 point", "3 rocks"): `<name>` from `deep_dive_describe.<name>`."""
    return {name: t(f"{CAT}.{name}", locale, count=number) for name, number in numbers.items()}


def seat_sentence(scene: Scene, tableau: dict, you: bool = False) -> str:
    view, locale = scene.view, scene.locale
    seat = tableau["seat"]
    turn = view["turn"]
    diving = bool(turn and turn["diver_seat"] == seat and turn["phase"] in ("dive", "revealed"))
    penguins = t(f"{CAT}.penguins_diving" if diving else f"{CAT}.penguins", locale, count=tableau["free_penguins"])
    trapped = tableau["trapped_depths"]
    if trapped:
        depths = join_names([str(d) for d in trapped], locale)
        penguins += t(f"{CAT}.trapped", locale, depths=depths, count=len(trapped))
    return t(
        f"{CAT}.you" if you else f"{CAT}.seat",
        locale,
        name=scene.names[seat],
        food=food(tableau["columns"], view["colours"], locale),
        penguins=penguins,
        rows=complete(tableau["complete_rows"], locale),
        **counts(locale, score=tableau["score"], rocks=tableau["rocks"]),
    )


def complete(rows: int, locale: str) -> str:
    """The complete rows as ", 2 complete rows"; nothing while none is (the picture frames them, it counts none)."""
    return t(f"{CAT}.rows", locale, count=rows) if rows else ""


def automaton_sentence(scene: Scene) -> str:
    view, locale = scene.view, scene.locale
    bot = view["automaton"]
    return t(
        f"{CAT}.automaton",
        locale,
        difficulty=t(f"deep_dive.option.difficulty.{bot['difficulty']}", locale),
        depth=bot["depth"],
        rows=complete(bot["complete_rows"], locale),
        food=food(bot["columns"], view["colours"], locale),
        **counts(locale, score=bot["score"], rocks=bot["rocks"], water=bot["water"]),
    )


def depth_sentence(scene: Scene, depth: dict) -> str:
    """A depth: its face-down count, and its face-up tiles grouped alike, as the picture draws them."""
    locale = scene.locale
    parts = []
    for tile, count, trapped in groups(depth["face_up"], scene.view["colours"]):
        words = deep_dive_tile(tile, locale)
        if count > 1:
            words = t(f"{CAT}.many", locale, tile=words, count=count)
        if trapped:
            words = t(f"{CAT}.holding", locale, tile=words, names=names_of(scene, trapped), count=len(trapped))
        parts.append(words)
    shown = t(f"{CAT}.list_sep", locale).join(parts) if parts else t(f"{CAT}.none_up", locale)
    return t(f"{CAT}.depth", locale, depth=depth["depth"], count=depth["face_down"], face_up=shown)


def token(scene: Scene) -> str:
    view = scene.view
    key = "token_last" if view["last_dive"] else "token_first"
    return t(f"{CAT}.{key}", scene.locale, name=scene.names[view["start_seat"]])
