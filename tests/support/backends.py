"""Run a test (or a module: `pytestmark = both_backends`) on SQLite and on PostgreSQL (tests/conftest.py)."""

import pytest

BACKENDS = ["sqlite", "postgres"]
both_backends = pytest.mark.parametrize("backend", BACKENDS)
