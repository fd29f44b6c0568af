"""Gomoku in the client: the scene (`scene`) and the matches it plays (`match`)."""
