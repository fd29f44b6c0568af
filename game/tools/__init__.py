"""The command-line front ends: referee, arena, balance, benches, protocol bots, validate/simulate, terminal gomoku."""
