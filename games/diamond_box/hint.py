"""Why a hinted placement is good, from the seat's view: the penalty it costs against this card's worst spot."""

from __future__ import annotations

from games.diamond_box.ai import board_of, penalty_on


def reason(view: dict, action: dict, legal: list) -> tuple[str, dict]:
    board = board_of(view)
    cost = penalty_on(board, action)
    worst = max(penalty_on(board, other) for other in legal if other["card"] == action["card"])
    if cost == 0 < worst:
        return "learn.reason.diamond_box.clean", {"worst": worst}
    if cost == worst:
        return "learn.reason.diamond_box.any_spot", {"count": cost}
    return "learn.reason.diamond_box.penalty", {"count": cost, "worst": worst}
