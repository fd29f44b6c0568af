"""The client fixtures (a headless app with SDL's dummy drivers, one warm AI worker) for the
Connect Four client tests."""

from tests.client.conftest import ai_pool, app  # noqa: F401 (fixtures, found by pytest by name)
