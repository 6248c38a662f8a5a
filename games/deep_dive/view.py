"""What a seat may see. Everything in DEEP DIVE is public except the face-down tiles (and the removed ones):
of those a view gives only counts, and "unseen" = the sets in play minus every tile revealed so far
(what any player can count; the removed tiles are among the unseen, so it never tells the face-down mix)."""

from __future__ import annotations

from games.deep_dive import scoring, tiles


def build_view(state, seat: int | None) -> dict:
    bot = state.automaton
    view = {
        "seat": seat,
        "players": state.players,
        "solo": state.solo,
        "colours": tiles.colours(),
        "depths": [_depth(state, depth) for depth in range(1, tiles.depth_count() + 1)],
        "tableaux": [_tableau(state, player) for player in range(state.players)],
        "start_seat": state.start_seat,
        "end_triggered": state.end_triggered,
        "last_dive": state.last_dive,
        "turn": None
        if state.finished
        else {
            "diver_seat": state.current,
            "phase": state.phase,
            "depth": state.depth,
            "at_start": state.at_start,
            "flipped": state.flipped,
            "retreat_depths": list(state.retreat_depths),
        },
        "automaton": None,
        "to_act": state.to_act(),
        "finished": state.finished,
        "result": state.result() if state.finished else None,
    }
    if bot is not None:
        difficulty = state.options["difficulty"]
        rule = tiles.setup_data()["automaton_scoring"][difficulty]
        view["automaton"] = {
            "depth": bot["depth"],
            "difficulty": difficulty,
            "columns": {colour: list(points) for colour, points in bot["columns"].items()},
            "rows": scoring.rows(bot["columns"]),
            "rocks": bot["rocks"],
            "water": bot["water"],
            "score": scoring.automaton_score(bot["columns"], bot["rocks"], bot["water"], rule),
            "complete_rows": scoring.complete_rows(bot["columns"]),
            "pick_depth": bot["pick_depth"],
            "pick_options": list(bot["pick_options"]),
        }
    return view


def _depth(state, depth: int) -> dict:
    unseen = state.composition[depth - 1] - state.revealed[depth - 1]
    return {
        "depth": depth,
        "face_down": len(state.face_down[depth - 1]),
        "face_up": [dict(slot) for slot in state.face_up[depth - 1]],
        "unseen": dict(sorted(unseen.items())),
        "removed": len(state.removed[depth - 1]),
    }


def _tableau(state, player: int) -> dict:
    columns = state.columns[player]
    return {
        "seat": player,
        "columns": {colour: list(points) for colour, points in columns.items()},
        "rows": scoring.rows(columns),
        "rocks": state.rocks[player],
        "free_penguins": tiles.penguins_per_player() - len(state.trapped[player]),
        "trapped_depths": list(state.trapped[player]),
        "score": scoring.row_score(columns),
        "complete_rows": scoring.complete_rows(columns),
    }
