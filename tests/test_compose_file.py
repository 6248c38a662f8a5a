"""docker-compose.yml as Docker Compose reads it: each top-level key and each service once (a YAML mapping with a key
twice is refused), every service restarted when it dies, and its commented cluster example naming only settings
the bot reads."""

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = (ROOT / "docker-compose.yml").read_text(encoding="utf-8")


def keys_at(indent: int, text: str) -> list[str]:
    return re.findall(rf"^ {{{indent}}}([A-Za-z][\w-]*):", text, flags=re.M)


def test_each_top_level_key_and_service_is_written_once():
    top = keys_at(0, COMPOSE)
    assert sorted(top) == ["services", "volumes"]
    services = COMPOSE.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    names = keys_at(2, services)
    assert names == ["postgres", "bot"]
    assert [name for name, count in Counter(names).items() if count > 1] == []


def test_every_service_is_restarted_when_it_dies():
    services = COMPOSE.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    blocks = re.split(r"^  (?=[A-Za-z])", services, flags=re.M)[1:]
    assert len(blocks) == 2
    assert all("\n    restart: unless-stopped" in block for block in blocks)


def test_the_cluster_example_names_settings_the_bot_reads():
    config = (ROOT / "bot" / "config.py").read_text(encoding="utf-8")
    named = set(re.findall(r"BODOGE_[A-Z_]+", COMPOSE))
    assert {"BODOGE_SHARD_COUNT", "BODOGE_PREFERRED_GROUP"} <= named
    assert [name for name in sorted(named) if name not in config] == []
