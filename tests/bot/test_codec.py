import re

import pytest

from bot import codec
from cogs.ui import BUTTON_TEMPLATE, action_id


@pytest.mark.parametrize(
    "action",
    [
        {"type": "take", "source": "pile", "pile": 2},
        {"type": "place", "card": "red:WWBBWB", "rotation": 90, "x": -3, "y": 2},
        {"type": "call"},
        {"type": "bonus", "face_down": True},
        {"type": "retreat", "depth": None, "keep": False},
    ],
)
def test_actions_round_trip_through_custom_ids(action):
    custom_id = action_id(123456789012345678, 4711, action)
    assert len(custom_id) <= 100
    match = re.fullmatch(BUTTON_TEMPLATE, custom_id)
    assert match and codec.decode(match["what"][2:]) == action


@pytest.mark.parametrize("code", ["", ",x=1", "take,pile", "take,pile=1,pile=2", "take,a b=1", "take,=3"])
def test_malformed_codes_are_refused(code):
    with pytest.raises(codec.BadCode):
        codec.decode(code)


def test_values_that_cannot_round_trip_are_refused():
    for bad in ({"type": "x", "s": "~t"}, {"type": "x", "s": "a,b"}, {"type": "x", "f": 1.5}, {"type": "x", "l": [1]}):
        with pytest.raises(codec.BadCode):
            codec.encode(bad)
