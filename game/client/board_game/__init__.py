"""What the board games' clients share (gomoku, Connect Four): the scene's turn flow (`scene`) and
the matches it plays (`match`); each game keeps its drawing and its rules bits."""
