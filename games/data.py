"""Read the component lists under data/ (the engines never restate them in code)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@cache
def load(name: str) -> dict | list:
    """Parse data/<name> (JSON); cached, so treat the result as read-only."""
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
