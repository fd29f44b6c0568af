"""Embers on the skirmish board (#32): drawn apart from floor, walls and both teams' colours in
the standard palette and in the colour-blind safe one, and a picture kept per arena id and cell
size, so that the workshop's painter, which changes a map under one id, does not pile them up."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.client import theme
from game.client.skirmish import pieces
from tests.skirmish.helpers import arena

CELL = 40
EMBERS_CELL, FLOOR_CELL = (3, 3), (5, 3)


@pytest.fixture
def palette():
    yield theme.apply_palette
    theme.apply_palette(theme.STANDARD)


def average(surface, cell) -> tuple[int, int, int]:
    rect = pygame.Rect(8 + cell[0] * CELL, 8 + cell[1] * CELL, CELL, CELL)
    return tuple(pygame.transform.average_color(surface, rect)[:3])


def distance(a, b) -> int:
    return sum(abs(x - y) for x, y in zip(a, b))


@pytest.mark.parametrize("name", [theme.STANDARD, theme.COLOUR_BLIND_SAFE])
def test_embers_stand_apart_from_floor_and_the_teams(palette, name):
    palette(name)
    place = dataclasses.replace(arena(), hazards=frozenset({EMBERS_CELL}))
    surface = pieces.arena_surface(place, CELL)
    embers, floor = average(surface, EMBERS_CELL), average(surface, FLOOR_CELL)
    assert distance(embers, floor) > 90  # measured: 102 standard, 118 colour-blind safe
    for team in theme.TEAM_COLOURS:
        assert distance(embers, team) > 90


def test_one_picture_is_kept_per_arena_id_and_cell_size():
    first = arena(arena_id="painted")
    second = dataclasses.replace(first, hazards=frozenset({EMBERS_CELL}))
    pieces.arena_surface(first, CELL)
    pieces.arena_surface(second, CELL)
    kept = [key for key in pieces._CACHE if key[0] == "arena" and key[1].id == "painted"]
    assert [key[1] for key in kept] == [second]
