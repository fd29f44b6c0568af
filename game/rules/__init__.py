"""The rules: pure Python, no pygame, no AI, no front end. Cards, gomoku, levels and saves."""
