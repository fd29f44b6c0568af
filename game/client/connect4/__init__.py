"""Connect Four in the client: the scene (scene.py), its drawing (view.py) and the matches it
plays, with the AI's move off the render loop (match.py). Registered as the game's front end by
its line in game/client/front_ends.py and named in game/client/scenes/__init__.py."""
