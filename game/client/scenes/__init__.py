"""One scene per module: title, quick match, settings, pause, draft, duel, pass device, result,
gomoku, error."""
