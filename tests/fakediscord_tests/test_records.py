"""What the fake keeps as JSON text reads back as the values it was given, and what it sends is the JSON json would
write: orjson where it gives the same, json for what orjson refuses."""

import json
import math

from tests.fakediscord.gateway import GatewaySession
from tests.fakediscord.models import Call, VersionList, from_json, to_json, utcnow


def test_json_text_is_what_json_writes_and_what_orjson_refuses_goes_through_json():
    value = {"content": "盤面\n\u2028\x00", "n": [1, -2, None, True], "nested": {"a": [{}]}}
    assert to_json(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
    with_int_keys = {1: "a", "big": 1 << 70}
    assert to_json(with_int_keys) == json.dumps(with_int_keys, separators=(",", ":"), ensure_ascii=False).encode()
    assert math.isnan(from_json(b'{"x": NaN}')["x"])  # json reads NaN, which orjson refuses


def test_a_message_version_reads_back_with_its_edit_time_and_one_orjson_refuses_is_pickled():
    versions = VersionList()
    stamp = utcnow()
    first = {
        "content": "v1",
        "embeds": [{"title": "t"}],
        "components": [],
        "attachments": ["board.png"],
        "flags": 0,
        "edited_timestamp": None,
    }
    second = {**first, "content": "v2", "edited_timestamp": stamp}
    odd = {**first, "embeds": [{1: "int key"}]}
    for version in (first, second, odd):
        versions.append(version)
    assert list(versions) == [first, second, odd]
    assert versions[1]["edited_timestamp"] == stamp and versions[1]["edited_timestamp"].tzinfo is not None
    assert versions[-1]["embeds"][0] == {1: "int key"}
    assert [type(item) for item in list.__iter__(versions)] == [bytes, bytes, bytes]


def test_a_body_kept_as_received_is_handed_over_once_then_read_fresh():
    call = Call(seq=1, method="POST", route="/x", path="/x", params={}, query={}, json=None, files=[])
    decoded = {"type": 7, "data": {"content": "hi"}}
    Call.__dict__["json"].set_json(call, b'{"type":7,"data":{"content":"hi"}}', decoded)
    assert call.json is decoded
    again = call.json
    assert again == decoded and again is not decoded
    again["type"] = 4
    assert call.json["type"] == 7


async def test_a_payload_encoded_once_is_framed_as_dispatch_frames_it():
    plain, framed = GatewaySession(0, 1, 0), GatewaySession(0, 1, 0)
    payload = {"id": "1", "data": {"custom_id": "t:1:join", "values": ["é"]}, "n": [1, None]}
    plain.dispatch("INTERACTION_CREATE", payload)
    framed.dispatch_encoded("INTERACTION_CREATE", to_json(payload))
    assert list.__getitem__(plain.buffer, 0) == list.__getitem__(framed.buffer, 0)
    assert framed.buffer[0] == {"op": 0, "t": "INTERACTION_CREATE", "s": 1, "d": payload}
