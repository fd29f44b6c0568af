"""Saved files (settings now, campaign saves later): versioned JSON written atomically."""

from game.rules.saves.store import Document, Store, StoreError, default_root

__all__ = ["Document", "Store", "StoreError", "default_root"]
