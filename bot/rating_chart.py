"""A rating's history as a small chart (`/stats`): the figure people read (`bot.ratings.figure`) after each rated
game, a dot per game (filled: a win), the highest and lowest figures written at the left, a faint line at a new
rating's figure when the chart spans it. Numbers only, no words: names and titles go in the embed. Drawn 504 px wide
(half size on a phone, ~250 CSS px) with large figures; in the render pool."""

from __future__ import annotations

from bot.describe import fit
from bot.i18n import t
from bot.ratings import FIGURE_START
from bot.render.canvas import canvas
from bot.render.encode import png
from bot.render.inks import BACKGROUND, HIGHLIGHT, INK, MUTED
from bot.render.text import font

WIDTH, HEIGHT = 504, 240
LEFT, RIGHT, TOP, BOTTOM = 92, 20, 48, 24
FIGURES = 30  # px: the axis figures (15 CSS px on a phone)
GRID = "#3a4150"
WIN = "#68d391"
MIN_SPAN = 80  # figure points: a flatter history is drawn in the middle, this much from top to bottom


def axis_figure(value: float) -> str:
    text = f"{value:.0f}"
    return "0" if text == "-0" else text


def draw_history(points: list[float], wins: list[bool]) -> bytes:
    """points: the figure before the first game, then after each game; wins: one per game."""
    image, draw = canvas(WIDTH, HEIGHT, BACKGROUND)
    low, high = min(points), max(points)
    if high - low < MIN_SPAN:  # a flat line drawn in the middle, with a little room above and below
        middle = (high + low) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return TOP + (high - value) / (high - low) * plot_h

    def x(index: int) -> float:
        return LEFT + index * plot_w / max(1, len(points) - 1)

    face = font(FIGURES)
    for value in (high, low):
        draw.line([(LEFT, y(value)), (WIDTH - RIGHT, y(value))], fill=GRID, width=2)
        draw.text((LEFT - 10, y(value)), axis_figure(value), fill=MUTED, font=face, anchor="rm")
    if low < FIGURE_START < high:
        draw.line([(LEFT, y(FIGURE_START)), (WIDTH - RIGHT, y(FIGURE_START))], fill=GRID, width=1)
    line = [(x(i), y(value)) for i, value in enumerate(points)]
    if len(line) > 1:
        draw.line(line, fill=HIGHLIGHT, width=5, joint="curve")
    radius = 7 if len(points) <= 40 else 4
    for (cx, cy), won in zip(line[1:], wins):
        box = [cx - radius, cy - radius, cx + radius, cy + radius]
        draw.ellipse(box, fill=WIN if won else BACKGROUND, outline=WIN if won else INK, width=3)
    last_x, last_y = line[-1]
    draw.text((min(last_x, WIDTH - RIGHT), last_y - 12), axis_figure(points[-1]), fill=INK, font=face, anchor="rb")
    return png(image)


def describe_history(points: list[float], wins: list[bool], name: str, game: str, locale: str) -> str:
    """The chart in words, for a screen reader (the picture's description): the same figures it draws."""
    if len(points) < 2:
        return fit([t("describe.rating_chart_none", locale, name=name, game=game, first=axis_figure(points[0]))])
    return fit(
        [
            t(
                "describe.rating_chart",
                locale,
                name=name,
                game=game,
                count=len(points) - 1,
                first=axis_figure(points[0]),
                last=axis_figure(points[-1]),
                low=axis_figure(min(points)),
                high=axis_figure(max(points)),
                wins=sum(wins),
            )
        ]
    )
