"""Sound: the designed effects (assets/sounds/*.wav, read once at start-up) played by name, and the
music loops streamed from disk by pygame.mixer.music, under a master, an effects and a music volume
and a mute, the music ducking under big effects and fading between tracks.

Nothing is synthesised here: the files are made by build_scripts/make_sounds.py (LOUDNESS.md lists
them). Every mixer call is guarded: without an audio device, or with a missing or broken file, the
game runs on silently and the problem is logged once. Reading the 32 effects costs about 20 ms at
start-up (measured: 19 ms for 37 s of 44.1 kHz mono audio, warm disk cache), so they are read in
one pass and a first play never touches the disk.

The music runs on a small timer thread, started only while a fade or a duck is under way: SDL's
own Mix_FadeOutMusic makes the next load or play *wait* for the fade to end (up to the fade's
length, a frozen frame), so fades are done here as volume ramps and a track is only swapped once
its ramp has ended. Effects are played from the caller's thread (a channel play costs
microseconds).
"""

from __future__ import annotations

import logging
import math
import random
import threading
import time
from pathlib import Path

import pygame

from game.rules.cards.model import GUARD, LETHAL, WARD, CardType
from game.rules.events import FACE, Event, EventKind

log = logging.getLogger(__name__)

RATE = 44100
CHANNELS = 24  # effects at once (a big fight: attack, two hits, two deaths, a rune, a health change)

# Every effect file in assets/sounds (LOUDNESS.md: their durations and loudness).
EFFECTS = (
    "draw",
    "summon_small",
    "summon_medium",
    "summon_large",
    "item_green",
    "item_red",
    "item_blue",
    "attack_light",
    "attack_heavy",
    "hit_creature",
    "hit_player",
    "ward_pop",
    "guard_block",
    "lethal",
    "drain_heal",
    "death",
    "rune_break",
    "turn_yours",
    "turn_theirs",
    "finisher",
    "victory",
    "defeat",
    "stone_1",
    "stone_2",
    "stone_3",
    "stone_4",
    "five_in_a_row",
    "foul_refused",
    "ui_hover",
    "ui_click",
    "ui_back",
    "level_unlocked",
)
# A name played as one of several takes, never the same take twice in a row.
VARIATIONS = {"stone": ("stone_1", "stone_2", "stone_3", "stone_4")}
# Older and shorter names still in use at call sites.
ALIASES = {
    "play": "summon_small",
    "win": "victory",
    "lose": "defeat",
    "click": "ui_click",
    "hover": "ui_hover",
    "back": "ui_back",
    "attack": "attack_light",
    "summon": "summon_small",
    "unlock": "level_unlocked",
    "five": "five_in_a_row",
    "foul": "foul_refused",
}
# The music tracks: name -> file in assets/sounds (seamless loops, played with loops=-1).
MUSIC = {
    "title": "music_title.ogg",
    "duel": "music_duel.ogg",
    "gomoku": "music_gomoku.ogg",
    "tension": "music_tension.ogg",
}
# Effects that duck the music while they sound.
BIG = frozenset(
    {
        "summon_large",
        "attack_heavy",
        "lethal",
        "finisher",
        "victory",
        "defeat",
        "five_in_a_row",
        "level_unlocked",
        "rune_break",
    }
)

DUCK_LEVEL = 0.35  # the music's share of its volume under a big effect
DUCK_HOLD_MAX_S = 2.0  # a duck lasts the effect's length, at most this
DUCK_RELEASE_S = 0.5  # then the music comes back over this
FADE_OUT_S = 0.35  # a track fades out over this before the next starts
FADE_IN_MS = 700  # and the next fades in over this (SDL's fade-in does not block)
TICK_S = 0.03  # the timer thread's step during a ramp

# ---------------------------------------------------------------------------------------- events

HEAVY_ATTACK = 5  # an attacker with at least this much attack lands a heavy blow
SUMMON_SIZES = ((3, "summon_small"), (6, "summon_medium"))  # by cost; above: summon_large
NEAR_DEATH = 10  # a player at or below this health puts the duel's music under tension
ITEM_SOUNDS = {CardType.GREEN: "item_green", CardType.RED: "item_red", CardType.BLUE: "item_blue"}

# The sound of each kind of event a player sees; `sound_for` refines some of them by the event's
# size, colour, damage and seat. Every card-duel and gomoku kind is here (a test checks it).
EVENT_SOUNDS: dict[EventKind, str] = {
    EventKind.TURN: "turn_yours",  # turn_theirs on the opponent's turn
    EventKind.DRAW: "draw",
    EventKind.GIVE: "draw",
    EventKind.HAND_FULL: "ui_back",
    EventKind.RUNE: "rune_break",
    EventKind.DECK_OUT: "rune_break",  # drawing from an empty deck breaks the next rune
    EventKind.SUMMON: "summon_medium",  # small, medium or large by the creature's cost
    EventKind.USE: "item_blue",  # by the item's colour
    EventKind.ATTACK: "attack_light",  # heavy by the attacker's attack; lethal for a Lethal fight
    EventKind.DAMAGE: "hit_creature",  # hit_player on a face; guard_block on a Guard creature
    EventKind.WARD: "ward_pop",
    EventKind.DEATH: "death",
    EventKind.HEALTH: "hit_player",  # drain_heal for a gain; finisher for the blow that ends the game
    EventKind.BUFF: "item_green",  # item_red for a creature weakened by its opponent
    EventKind.SILENCE: "item_blue",
    EventKind.TRIGGER: "item_blue",
    EventKind.MANA: "item_blue",
    EventKind.STONE: "stone",  # one of stone_1..4
    EventKind.FOUL: "foul_refused",
    EventKind.WIN: "victory",  # defeat for the other seat; five_in_a_row for a gomoku five
    EventKind.DRAW_GAME: "defeat",
    # skirmish (DAMAGE, DEATH, MANA, WIN and DRAW_GAME as above)
    EventKind.ROUND: "rune_break",
    EventKind.HERO_TURN: "turn_yours",  # turn_theirs on the other team's hero
    EventKind.MOVE: "draw",
    EventKind.CAST: "item_blue",
    EventKind.MISS: "ward_pop",
    EventKind.CRIT: "attack_heavy",
    EventKind.HEAL: "drain_heal",
    EventKind.ABSORB: "guard_block",
    EventKind.DISPLACE: "attack_light",
    EventKind.STATUS: "item_green",
    EventKind.EXPIRE: "ui_back",
    EventKind.STUNNED: "item_red",
    EventKind.ENERGY: "item_blue",
}


def sound_for(event: Event, view=None, *, me: int | None = None, card=None) -> str | None:
    """The sound of `event`, chosen from the view *before* the event is applied to it.

    `view`: a Battle (creature(uid), sides, current) or None; `me`: the local seat (None: every
    seat is local, as in hot-seat); `card`: the event's card when the caller knows it (SUMMON,
    USE). Returns a name for Sounds.play, or None for a kind without a sound."""
    kind = event.kind
    default = EVENT_SOUNDS.get(kind)
    creature = view.creature(event.card) if view is not None and event.card not in (0, FACE) else None
    if kind in (EventKind.TURN, EventKind.HERO_TURN):
        return "turn_yours" if me is None or event.player == me else "turn_theirs"
    if kind is EventKind.SUMMON:
        cost = getattr(card, "cost", None)
        if cost is None:
            return default
        return next((name for top, name in SUMMON_SIZES if cost <= top), "summon_large")
    if kind is EventKind.USE:
        return ITEM_SOUNDS.get(getattr(card, "type", None), default)
    if kind is EventKind.ATTACK:
        if creature is None:
            return default
        target = view.creature(event.target) if event.target != FACE else None
        if target is not None and (_lethal_blow(creature, target) or _lethal_blow(target, creature)):
            return "lethal"
        return "attack_heavy" if creature.attack >= HEAVY_ATTACK else "attack_light"
    if kind is EventKind.DAMAGE:
        if event.card == FACE:
            return "hit_player"
        return "guard_block" if creature is not None and creature.keywords & GUARD else default
    if kind is EventKind.HEALTH:
        if event.value > 0:
            return "drain_heal"
        sides = getattr(view, "sides", None)
        if sides is not None and 0 <= event.player < len(sides) and sides[event.player].health + event.value <= 0:
            return "finisher"
        return default
    if kind is EventKind.BUFF:
        current = getattr(view, "current", None)
        return "item_red" if current is not None and event.player != current else default
    if kind is EventKind.WIN:
        if event.line:
            return "five_in_a_row"
        return "victory" if me is None or event.player == me else "defeat"
    return default


def _lethal_blow(striker, struck) -> bool:
    return bool(striker.keywords & LETHAL) and striker.attack > 0 and not struck.keywords & WARD


def near_death(view) -> bool:
    """Whether a player in this duel view is low enough for the tension music."""
    sides = getattr(view, "sides", ())
    return any(side.health <= NEAR_DEATH for side in sides)


def takes(name: str) -> tuple[str, ...]:
    """The effect files (without .wav) a name may play: itself, its alias, or its variation's takes."""
    name = ALIASES.get(name, name)
    return VARIATIONS.get(name, (name,))


def sound_dir() -> Path:
    from game.client.resources import asset_path

    return asset_path("sounds")


# ---------------------------------------------------------------------------------------- player


class Sounds:
    """The effects and the music. `volume` is the master volume; the effects play at
    volume x effects_volume, the music at volume x music_volume (x the duck and fade), nothing
    when muted. `threaded=False` leaves the music's ramps to explicit `update()` calls (tests)."""

    def __init__(
        self,
        volume: float = 0.6,
        music_volume: float = 1.0,
        effects_volume: float = 1.0,
        mute: bool = False,
        *,
        folder: Path | str | None = None,
        threaded: bool = True,
    ):
        self.folder = Path(folder) if folder is not None else sound_dir()
        self.threaded = threaded
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.lengths: dict[str, float] = {}
        self.problem: str | None = None
        self.load_ms = 0.0
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._worker: threading.Thread | None = None
        self._dirty = False
        self._closed = False
        self._rng = random.Random()
        self._last_take: dict[str, str] = {}
        self._warned: set[str] = set()
        # Asked for (any thread, under the lock).
        self.track: str | None = None
        self.tension = False
        self._duck_until = float("-inf")  # no duck yet
        self._volume, self.music_volume, self.effects_volume = _unit(volume), _unit(music_volume), _unit(effects_volume)
        self.mute = bool(mute)
        # Owned by whoever runs update() (the timer thread).
        self._playing: str | None = None  # the track in the mixer
        self._fade_started: float | None = None
        self._applied: float | None = None  # the music volume last set
        try:
            opened = pygame.mixer.get_init()
            if opened and opened[0] != RATE:  # pygame.init() may take the device's own rate (48 kHz)
                pygame.mixer.quit()
                opened = None
            if not opened:  # 44.1 kHz like the files: SDL converts for the device if it must
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512, allowedchanges=0)
            pygame.mixer.set_num_channels(CHANNELS)
        except (pygame.error, OSError, ValueError, TypeError) as error:
            self.problem = f"no sound: {error}"
            log.info("%s (the game runs silently)", self.problem)
            return
        self._load_effects()

    def _load_effects(self) -> None:
        started = time.perf_counter()
        for name in EFFECTS:
            path = self.folder / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, ValueError) as error:
                self._warn(name, f"sound {path} could not be read ({error}); it stays silent")
                continue
            self.sounds[name] = sound
            self.lengths[name] = sound.get_length()
        self.load_ms = (time.perf_counter() - started) * 1000.0
        log.debug("read %d sound effects in %.1f ms", len(self.sounds), self.load_ms)

    def _warn(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)

    @property
    def available(self) -> bool:
        return self.problem is None

    # ------------------------------------------------------------------ volumes

    def configure(
        self,
        volume: float | None = None,
        music_volume: float | None = None,
        effects_volume: float | None = None,
        mute: bool | None = None,
    ) -> None:
        """Change any of the volumes (each clamped to 0..1) or the mute; the music follows at once."""
        with self._lock:
            if volume is not None:
                self._volume = _unit(volume)
            if music_volume is not None:
                self.music_volume = _unit(music_volume)
            if effects_volume is not None:
                self.effects_volume = _unit(effects_volume)
            if mute is not None:
                self.mute = bool(mute)
        self._kick()

    def apply_settings(self, settings) -> None:
        """Take the volumes and the mute from a game.client.settings.Settings."""
        self.configure(
            volume=settings.volume,
            music_volume=getattr(settings, "music_volume", None),
            effects_volume=getattr(settings, "effects_volume", None),
            mute=getattr(settings, "mute", None),
        )

    @property
    def volume(self) -> float:
        """The master volume (the old single volume)."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self.configure(volume=value)

    def effects_level(self, volume: float = 1.0) -> float:
        return 0.0 if self.mute else max(0.0, min(1.0, self._volume * self.effects_volume * volume))

    def music_level(self) -> float:
        return 0.0 if self.mute else self._volume * self.music_volume

    # ------------------------------------------------------------------ effects

    def resolve(self, name: str) -> str:
        """The effect file a name plays: aliases followed, a variation's take chosen."""
        name = ALIASES.get(name, name)
        takes = VARIATIONS.get(name)
        if takes:
            take = self._rng.choice([t for t in takes if t != self._last_take.get(name)])
            self._last_take[name] = take
            return take
        return name

    def play(self, name: str | None, volume: float = 1.0) -> None:
        """Play an effect (a file name, an alias or a variation) at `volume` x the effects level."""
        if not name or not self.sounds:
            return
        name = self.resolve(name)
        sound = self.sounds.get(name)
        if sound is None:
            if name not in EFFECTS:
                self._warn(name, f"no sound effect is called {name!r}")
            return
        level = self.effects_level(volume)
        if level <= 0:
            return
        big = name in BIG
        try:
            channel = pygame.mixer.find_channel(big)  # a big effect may take the oldest channel
            if channel is None:
                return
            channel.set_volume(level)
            channel.play(sound)
        except pygame.error as error:
            self._warn("play", f"a sound could not be played ({error})")
            return
        if big:
            self.duck(self.lengths.get(name, 1.0))

    def duck(self, seconds: float) -> None:
        """Lower the music for `seconds` (at most DUCK_HOLD_MAX_S), then bring it back."""
        with self._lock:
            if self.track is None:
                return
            self._duck_until = max(self._duck_until, time.monotonic() + min(seconds, DUCK_HOLD_MAX_S))
        self._kick()

    # ------------------------------------------------------------------ music

    def set_music(self, track: str | None) -> None:
        """Play a music track ("title", "duel", "gomoku", "tension") looping, or None for silence:
        the current track fades out, the new one fades in; asking for the playing track changes
        nothing. While the tension flag is up (set_tension), "duel" plays the tension loop; any
        track other than the duel's clears the flag."""
        if track is not None and track not in MUSIC:
            self._warn(f"music {track}", f"no music track is called {track!r}")
            track = None
        with self._lock:
            if track not in ("duel", "tension"):
                self.tension = False
            self.track = "tension" if track == "duel" and self.tension else track
        self._kick()

    def set_tension(self, on: bool) -> None:
        """A player near death: the duel's music becomes the tension loop (and back when not)."""
        with self._lock:
            if self.tension == bool(on):
                return
            self.tension = bool(on)
            if self.track in ("duel", "tension"):
                self.track = "tension" if on else "duel"
        self._kick()

    def _duck_factor(self, now: float, duck_until: float) -> float:
        if now < duck_until:
            return DUCK_LEVEL
        if now < duck_until + DUCK_RELEASE_S:
            return DUCK_LEVEL + (1.0 - DUCK_LEVEL) * (now - duck_until) / DUCK_RELEASE_S
        return 1.0

    def update(self, now: float | None = None) -> float | None:
        """Advance the music: fades, track changes and ducking. Returns the seconds until it
        needs the next call, or None when nothing is under way. Runs on the timer thread (or
        from a test with threaded=False); mixer calls happen outside the lock."""
        if self.problem is not None or self._closed:
            return None
        now = time.monotonic() if now is None else now
        with self._lock:
            wanted, duck_until, base = self.track, self._duck_until, self.music_level()
        wait: float | None = None
        fade = 1.0
        if wanted == self._playing:
            self._fade_started = None  # asked back for the track that was fading: it comes back
        else:
            if self._playing is not None and self._music_busy():
                if self._fade_started is None:
                    self._fade_started = now
                progress = (now - self._fade_started) / FADE_OUT_S
                if progress < 1.0:
                    fade, wait = 1.0 - progress, TICK_S
            if wait is None:  # faded out (or nothing was playing): swap the track
                self._swap(wanted)
        duck = self._duck_factor(now, duck_until)
        if duck < 1.0 and self._playing is not None:
            step = duck_until - now if now < duck_until else TICK_S
            wait = step if wait is None else min(wait, step)
        self._set_music_volume(base * duck * fade)
        return wait

    def _music_busy(self) -> bool:
        try:
            return bool(pygame.mixer.music.get_busy())
        except pygame.error:
            return False

    def _swap(self, track: str | None) -> None:
        self._fade_started = None
        self._playing = track
        try:
            pygame.mixer.music.stop()
            if track is None:
                return
            pygame.mixer.music.set_volume(0.0)
            self._applied = None
            pygame.mixer.music.load(str(self.folder / MUSIC[track]))
            pygame.mixer.music.play(-1, fade_ms=FADE_IN_MS)
        except (pygame.error, OSError) as error:
            self._warn(f"music {track}", f"music {MUSIC.get(track)} could not be played ({error}); silence instead")

    def _set_music_volume(self, level: float) -> None:
        level = round(max(0.0, min(1.0, level)), 3)
        if level == self._applied:
            return
        try:
            pygame.mixer.music.set_volume(level)
            self._applied = level
        except pygame.error:
            pass

    # ------------------------------------------------------------------ the timer thread

    def _kick(self) -> None:
        """Something changed: let the timer thread (started if needed) run update() now."""
        if not self.threaded or self.problem is not None or self._closed:
            return
        if self.track is None and self._playing is None:
            return  # no music asked for or playing: nothing to move
        with self._wake:
            self._dirty = True
            if self._worker is None:
                self._worker = threading.Thread(target=self._run, name="duelmind-sound", daemon=True)
                self._worker.start()
            else:
                self._wake.notify()

    def _run(self) -> None:
        while True:
            try:
                wait = self.update()
            except Exception as error:  # noqa: BLE001 - never let the music take the game down
                self._warn("update", f"the music stopped ({error!r})")
                wait = None
            with self._wake:
                if self._closed or (wait is None and not self._dirty):
                    self._worker = None
                    return
                if not self._dirty:
                    self._wake.wait(timeout=wait)
                self._dirty = False

    def close(self) -> None:
        """Stop the music and the timer thread (the mixer itself is left to pygame.quit)."""
        with self._wake:
            self._closed = True
            self._wake.notify()
            worker = self._worker
        if worker is not None and worker is not threading.current_thread():
            worker.join(timeout=1.0)
        if self.problem is None:
            try:
                pygame.mixer.music.stop()
            except pygame.error:
                pass


def _unit(value: float) -> float:
    try:
        value = float(value)
    except (TypeError, ValueError):
        return 0.0
    return max(0.0, min(1.0, value)) if math.isfinite(value) else 0.0
