"""Skirmish AIs: random, easy (rules of thumb), medium (seed 002's decision tree over one hero's
turn) and hard (that tree's plans checked against the opponents' replies). See registry.py."""
