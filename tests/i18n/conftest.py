"""The language tests share the client tests' headless app (dummy SDL drivers, a temporary
DUELMIND_HOME, one warm AI worker) and leave the process in English after each test: the
language is process-wide, and every other test reads English."""

from __future__ import annotations

import pytest

from tests.client.conftest import ai_pool, app  # noqa: F401  (fixtures, re-exported)


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "DUELMIND_PSEUDO_LOCALE"):
        monkeypatch.delenv(variable, raising=False)  # the system says nothing: English unless a test sets it
    yield
    from game import i18n

    i18n.set_language("en")
