"""Duelmind's sound synthesis, split by idea: synth, instruments, effects, music, loudness, output."""
