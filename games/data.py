"""Read the component lists under data/ (the engines never restate them in code)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@cache
def load(name: str) -> Any:
    """Parse data/<name> (JSON, so its shape is the file's); cached, so treat the result as read-only."""
    return json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
