"""Level tools on the AI side: the opponents a level names, and headless simulation."""
