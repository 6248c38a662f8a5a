"""Why a hinted move is good, from the seat's view: the number a column makes on a line's side and the tiles it
plays, or what an action used once per game gives."""

from __future__ import annotations


def tile_words(tile: str) -> str:
    """A tile as the lessons write it: "w1b4" is W1·B4."""
    white, black = tile[1:].split("b")
    return f"W{white}·B{black}"


def reason(view: dict, action: dict, legal: list) -> tuple[str, dict]:
    kind = action["type"]
    hand = view["hands"][view["seat"]] or []
    if kind == "place":
        line = view["lines"][action["line"]]
        return "learn.reason.bossa.place", {
            "count": len(action["tiles"]),
            "value": line["ends"][action["side"]]["value"],
            "line_key": f"bossa.line.{action['line']}",
            "side_key": f"bossa.side.{action['side']}",
            "left": len(hand) - len(action["tiles"]),
        }
    if kind == "stack":
        return "learn.reason.bossa.stack", {
            "count": len(action["tiles"]),
            "index": action["index"],
            "left": len(hand) - len(action["tiles"]),
        }
    if kind == "redraw":
        playable = any(action["tile"] in other.get("tiles", ()) for other in legal)
        return f"learn.reason.bossa.{'redraw' if playable else 'redraw_stuck'}", {"tile": tile_words(action["tile"])}
    if kind == "exchange":
        return "learn.reason.bossa.exchange", {"give": tile_words(action["give"]), "take": tile_words(action["take"])}
    if kind == "choose" and action["choice"] != "first":
        return "learn.reason.bossa.colour", {"line_key": f"bossa.line.{action['choice']}"}
    if kind == "choose":
        return "learn.reason.bossa.first", {}
    return "learn.reason.generic", {}
