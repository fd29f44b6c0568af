"""The player's language: gettext catalogs for every word the game shows a player.

Below everything (beside game/paths.py): the rules, the AIs and both front ends may import it;
it imports only the standard library (Babel lazily, to compile a catalog a checkout has not).

- `_(text)` translates, `ngettext(one, many, n)` picks the plural form of the current language
  (Russian has three), `pgettext(context, text)` tells apart two meanings of one English word.
- A string made at import time (a module constant, a table) is marked with `N_(text)`, which
  returns it unchanged, and translated where it is drawn (`_(CONSTANT)`): so it follows a
  language switch made later. That is the one lazy form used everywhere (no lazy-string class:
  pygame's font calls want a real `str`).
- The language is process-wide and switchable at any time (`set_language("ru")`); the client
  chooses it from `--lang`, then the settings file, then the system (`system_language`).
- `en-XA` is a pseudo-locale made on the fly from the English: accented, about 40 % longer, in
  brackets, so a layout test finds the text that would overflow in a longer language.

Catalogs: `game/locale/<folder>/LC_MESSAGES/duelmind.po` (the template `game/locale/duelmind.pot`).
The build compiles them to `.mo` (setup.py for a wheel, build_scripts/bundle_config.py for the
desktop build); a checkout without an up-to-date `.mo` compiles one into the user cache on first
use. See docs/translating.md.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import logging
import os
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)

DOMAIN = "duelmind"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"  # in a checkout, a wheel and the bundle alike
ENGLISH = "en"
PSEUDO = "en-XA"
# The languages a player may choose, each named in its own language (the Settings row shows these).
LANGUAGES = {"en": "English", "zh-CN": "简体中文", "ru": "Русский", "th": "ไทย"}
PSEUDO_NAME = "Pseudo (en-XA)"  # testers only: never translated, never shown to a player by default
# The catalog folder of each translated language (gettext's spelling: zh_CN, not zh-CN).
FOLDERS = {"zh-CN": "zh_CN", "ru": "ru", "th": "th"}
# Set to 1 to offer the pseudo-locale in Settings (`--lang en-XA` offers it too).
PSEUDO_VARIABLE = "DUELMIND_PSEUDO_LOCALE"
# The system's language, in the order gettext reads it (LANGUAGE may list several: "ru:en").
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH
_generation = 0  # counts language switches: a cache of translated text keeps the count it was made at


def N_(message: str) -> str:
    """Mark `message` for translation without translating it (translate it where it is shown)."""
    return message


def _(message: str) -> str:
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of `singular`/`plural` for the number `n` in the current language."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _translations.pgettext(context, message)


def language() -> str:
    """The current language's code ("en", "zh-CN", "ru", "th" or "en-XA")."""
    return _language


def generation() -> int:
    """A number that changes at every language switch (for caches of translated text)."""
    return _generation


def choices(pseudo: bool = False) -> dict[str, str]:
    """The languages a player may choose ({code: its own name}), the pseudo-locale last when asked."""
    return {**LANGUAGES, PSEUDO: PSEUDO_NAME} if pseudo else dict(LANGUAGES)


def pseudo_wanted(environ=None) -> bool:
    """Whether the pseudo-locale is offered in Settings (the environment variable asks for it)."""
    environ = os.environ if environ is None else environ
    return environ.get(PSEUDO_VARIABLE, "").strip() not in ("", "0")


def normalise(code: str | None) -> str | None:
    """The supported language `code` means ("zh_CN.UTF-8" -> "zh-CN", "ru_RU" -> "ru",
    "en-xa" -> "en-XA"), or None when it names none of them ("C", "de_DE", "")."""
    if not code:
        return None
    text = code.split(".")[0].split("@")[0].replace("_", "-").strip().lower()
    if text == PSEUDO.lower():
        return PSEUDO
    parts = text.split("-")
    if parts[0] == "zh":
        # Simplified Chinese: zh, zh-CN, zh-SG, zh-Hans; Taiwan's and Hong Kong's traditional
        # script is not offered, and reading it as simplified would be wrong.
        return "zh-CN" if len(parts) == 1 or parts[1] in ("cn", "sg", "hans") else None
    return parts[0] if parts[0] in LANGUAGES else None


def system_language(environ=None) -> str:
    """The language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: the first set one,
    and in LANGUAGE's list the first we have), English when none of them is one we have."""
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            found = normalise(part)
            if found is not None:
                return found
        if variable != "LANGUAGE":  # LANGUAGE only adds to the next one; the first other one decides
            return ENGLISH
    return ENGLISH


def set_language(code: str | None) -> str:
    """Switch every later `_()` to `code` (a supported code or a locale name; anything else is
    English), and return the code now in use. A catalog that cannot be read leaves English."""
    global _translations, _language, _generation
    wanted = normalise(code) or ENGLISH
    if wanted == PSEUDO:
        translations: gettext.NullTranslations = PseudoTranslations()
    elif wanted == ENGLISH:
        translations = gettext.NullTranslations()
    else:
        translations = _load(wanted)
        if type(translations) is gettext.NullTranslations:
            wanted = ENGLISH
    _translations, _language = translations, wanted
    _generation += 1
    return wanted


# ---------------------------------------------------------------------- catalogs


def po_path(code: str, root: Path | None = None) -> Path:
    return (root or LOCALE_DIR) / FOLDERS[code] / "LC_MESSAGES" / f"{DOMAIN}.po"


def _load(code: str) -> gettext.NullTranslations:
    mo = mo_path(code)
    if mo is None:
        log.warning("no catalog for %s: the game stays in English", code)
        return gettext.NullTranslations()
    try:
        with open(mo, "rb") as handle:
            return gettext.GNUTranslations(handle)
    except (OSError, ValueError) as error:  # a truncated or foreign file: English, and say so in the log
        log.warning("the catalog %s could not be read (%s): the game stays in English", mo, error)
        return gettext.NullTranslations()


def mo_path(code: str, root: Path | None = None, cache: Path | None = None) -> Path | None:
    """The compiled catalog of `code`: the one beside its .po when it is at least as new (a wheel,
    the desktop build), else one compiled from the .po into the user cache (a checkout)."""
    po = po_path(code, root)
    mo = po.with_suffix(".mo")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        return mo
    if not po.is_file():
        return None
    data = po.read_bytes()
    # Named by the .po's contents: an edited .po compiles anew, an unchanged one never again.
    cached = (cache or cache_dir()) / FOLDERS[code] / f"{DOMAIN}-{hashlib.sha256(data).hexdigest()[:16]}.mo"
    if cached.is_file():
        return cached
    try:
        compiled = compile_po(data, FOLDERS[code])
    except Exception as error:  # Babel missing, or a .po it cannot read: English, said in the log
        log.warning("%s could not be compiled (%s): the game stays in English", po, error)
        return None
    try:
        _write_atomically(cached, compiled)
    except OSError as error:
        log.warning("the compiled catalog could not be cached at %s (%s)", cached, error)
        return None
    return cached


def compile_po(data: bytes, locale: str) -> bytes:
    """A .po file's text compiled to .mo bytes (with Babel; fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(data), locale=locale, domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all(root: Path | None = None, into: Path | None = None) -> list[Path]:
    """Compile every catalog under `root` to .mo beside it (or under `into`, same layout): the
    build's step. Returns the files written."""
    written = []
    for code, folder in FOLDERS.items():
        po = po_path(code, root)
        if po.is_file():
            target = (into or root or LOCALE_DIR) / folder / "LC_MESSAGES" / f"{DOMAIN}.mo"
            _write_atomically(target, compile_po(po.read_bytes(), folder))
            written.append(target)
    return written


def cache_dir() -> Path:
    """Where a checkout's compiled catalogs go: under $DUELMIND_HOME (tests) or the user cache."""
    home = os.environ.get("DUELMIND_HOME")
    if home:
        return Path(home) / "cache" / "locale"
    import platformdirs

    return Path(platformdirs.user_cache_dir("duelmind", appauthor=False)) / "locale"


def _write_atomically(path: Path, data: bytes) -> None:
    # A second game window may compile the same catalog at once: each writes its own temporary
    # file and renames it, so neither ever reads half a catalog.
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------------- the pseudo-locale

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŜŢÛṼŴẊÝŽ",
)


def pseudo(text: str) -> str:
    """`text` as the pseudo-locale shows it: "Settings" -> "[Ŝéţţîñĝš ~~~~]". Letters get accents
    (format fields such as {name} stay as they are, so the game can still fill them), and tildes
    make it about 40 % longer, as German or Russian often are."""
    if not text:
        return text
    out, depth = [], 0
    for char in text:
        if char == "{":
            depth += 1
        if depth:
            out.append(char)
        else:
            out.append(char.translate(_ACCENTS))
        if char == "}" and depth:
            depth -= 1
    return "[" + "".join(out) + " " + "~" * max(1, -(-len(text) * 2 // 5)) + "]"  # ceil(40 %)


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-locale: every message made from its English on the fly (no catalog)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:  # type: ignore[override]
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:  # type: ignore[override]
        return pseudo(msgid1 if n == 1 else msgid2)
