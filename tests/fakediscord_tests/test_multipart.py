"""The fake reads a multipart body as discord.py's aiohttp writes it: the fast parser and the general one read what
aiohttp's own parser (which the fake used before) reads, and the fast one steps aside for escaped parameters."""

import json

import aiohttp
import pytest

from tests.fakediscord.rest import _email_parts, _simple_parts


class Collector:
    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data += chunk


class Stream:
    """Enough of aiohttp's StreamReader for its MultipartReader, over bytes in memory."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    async def read(self, size: int = -1, **_: object) -> bytes:
        size = len(self.data) if size < 0 else size
        chunk, self.data = self.data[:size], self.data[size:]
        return chunk

    async def readline(self, **_: object) -> bytes:
        end = self.data.find(b"\n")
        return await self.read(len(self.data) if end < 0 else end + 1)

    def unread_data(self, data: bytes) -> None:
        self.data = data + self.data

    def at_eof(self) -> bool:
        return not self.data


async def aiohttp_reads(raw: bytes, content_type: str) -> tuple:
    """What the fake read with aiohttp's own parser before (the reference)."""
    reader = aiohttp.MultipartReader({"Content-Type": content_type}, Stream(raw))
    body, files = None, []
    while (part := await reader.next()) is not None:
        if part.name == "payload_json":
            body = json.loads(await part.text())
        elif part.filename is not None:
            files.append(
                (part.name, part.filename, bytes(await part.read(decode=False)), part.headers.get("Content-Type"))
            )
    return body, files


async def written(filename: str) -> tuple[bytes, str]:
    form = aiohttp.FormData()  # as discord.py's HTTPClient builds a request with files
    form.add_field("payload_json", json.dumps({"content": "盤面", "attachments": [{"id": 0}]}))
    form.add_field(
        "files[0]", b"\x89PNG\r\n--not-a-boundary\r\n\r\n", filename=filename, content_type="application/octet-stream"
    )
    payload = form()
    collector = Collector()
    await payload.write(collector)
    return bytes(collector.data), payload.content_type


@pytest.mark.parametrize("filename", ["board.png", "卓の盤面.png", 'odd"name.png'])
async def test_both_parsers_read_back_what_aiohttp_wrote(filename):
    raw, content_type = await written(filename)
    reference = await aiohttp_reads(raw, content_type)
    assert reference[0] == {"content": "盤面", "attachments": [{"id": 0}]}
    assert reference[1][0][2] == b"\x89PNG\r\n--not-a-boundary\r\n\r\n"
    body, files = _email_parts(raw, content_type)
    assert (body, [(f.field, f.filename, f.data, f.content_type) for f in files]) == reference
    fast = _simple_parts(raw, content_type)
    if filename == "board.png":
        assert fast is not None
    if fast is not None:  # it either agrees or leaves the body to the general parser
        assert fast[0] == body
        assert [(f.field, f.filename, f.data, f.content_type) for f in fast[1]] == [
            (f.field, f.filename, f.data, f.content_type) for f in files
        ]


def test_the_fast_parser_refuses_what_it_does_not_know():
    assert _simple_parts(b"no parts here", "multipart/form-data; boundary=abc") is None
    assert _simple_parts(b"", "multipart/form-data") is None
