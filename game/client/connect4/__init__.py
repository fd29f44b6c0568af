"""Connect Four in the client: the scene (scene.py), its drawing (view.py) and the matches it
plays, with the AI's move off the render loop (match.py). Registered as the game's front end by
`App` (`register_front_end("connect4", scene="connect4")`) and named in game/client/scenes/__init__.py."""
