"""The pygame client: an app loop over a stack of scenes, drawn on a virtual 1280x720 canvas.

Layers: the client imports the rules (game.rules.cards, game.rules.gomoku, game.rules.saves) and the AI; neither
imports the client. The AI runs in worker processes (ai_worker) so the render loop never waits.
"""
