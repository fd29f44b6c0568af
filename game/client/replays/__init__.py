"""The client's replays: the viewer (viewer.py), the Replays list (library.py) and each game's
board at a position of a replay (positions.py). Recording is game/client/replay_recorder.py."""
