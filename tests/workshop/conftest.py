"""The workshop's window tests run like the client's: SDL's dummy drivers, a temporary
DUELMIND_HOME, one warm AI worker (the fixtures of tests/client/conftest.py)."""

from tests.client.conftest import THINK_MS, ai_pool, app  # noqa: F401  (fixtures, and the dummy drivers set on import)
