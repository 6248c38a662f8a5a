"""The rating history chart of /stats: phone width, no metadata, the same pixels for the same history."""

import io

from PIL import Image

from bot.rating_chart import WIDTH, axis_figure, draw_history


def test_the_chart_is_drawn_at_phone_width_with_nothing_but_pixels():
    points, wins = [0.0, 2.5, 1.0, 4.2], [True, False, True]
    chart = draw_history(points, wins)
    image = Image.open(io.BytesIO(chart))
    assert image.size == (WIDTH, 240) == (504, 240)
    assert not image.info.get("text") and b"tEXt" not in chart and b"tIME" not in chart
    assert draw_history(points, wins) == chart
    assert draw_history(points, [False, False, True]) != chart  # a win is drawn differently


def test_a_flat_or_single_game_history_draws():
    assert Image.open(io.BytesIO(draw_history([0.0], []))).size[0] == WIDTH
    assert Image.open(io.BytesIO(draw_history([3.0, 3.0, 3.0], [False, False]))).size[0] == WIDTH
    assert Image.open(io.BytesIO(draw_history([float(n % 7) for n in range(200)], [True] * 199))).size[0] == WIDTH


def test_axis_figures_are_short_and_never_minus_zero():
    assert axis_figure(-0.04, 3) == "0" and axis_figure(-0.5, 3) == "-0.5" and axis_figure(12.4, 20) == "12"
