"""The rating history chart of /stats: phone width, no metadata, the same pixels for the same history."""

import io

from PIL import Image

from bot.rating_chart import WIDTH, axis_figure, draw_history


def test_the_chart_is_drawn_at_phone_width_with_nothing_but_pixels():
    points, wins = [1000, 1100, 1040, 1168], [True, False, True]
    chart = draw_history(points, wins)
    image = Image.open(io.BytesIO(chart))
    assert image.size == (WIDTH, 240) == (504, 240)
    assert not image.info.get("text") and b"tEXt" not in chart and b"tIME" not in chart
    assert draw_history(points, wins) == chart
    assert draw_history(points, [False, False, True]) != chart  # a win is drawn differently


def test_a_flat_or_single_game_history_draws():
    assert Image.open(io.BytesIO(draw_history([1000], []))).size[0] == WIDTH
    assert Image.open(io.BytesIO(draw_history([1120, 1120, 1120], [False, False]))).size[0] == WIDTH
    assert Image.open(io.BytesIO(draw_history([960 + 10 * (n % 7) for n in range(200)], [True] * 199))).size[0] == WIDTH


def test_axis_figures_are_whole_and_never_minus_zero():
    assert axis_figure(1000.0) == "1000" and axis_figure(963.6) == "964" and axis_figure(-0.4) == "0"
