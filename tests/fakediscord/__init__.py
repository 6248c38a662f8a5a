"""A loopback fake Discord (REST v10 + gateway) for end-to-end tests of the real bot. See README.md."""

from .interactions import FakeInteraction, Outcome
from .models import (
    Call,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Fault,
    Intents,
    P,
    walk_components,
)
from .server import FakeDiscord, FakeTimeout, InteractionRejected

__all__ = [
    "FakeDiscord",
    "FakeTimeout",
    "InteractionRejected",
    "FakeInteraction",
    "Outcome",
    "Call",
    "Fault",
    "FakeAttachment",
    "FakeChannel",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "Intents",
    "P",
    "walk_components",
]
