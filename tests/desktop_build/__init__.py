# Not named "build": pytest never collects a folder of that name (its default norecursedirs).
