"""The skirmish (team arena) in the client: the scene (`scene`), its drawing (`view`), its
animation (`animator`) and the matches it plays (`match`)."""
