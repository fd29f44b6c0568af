"""What goes into the desktop bundle: name, version, data folders, hidden imports, exclusions.

Read by `duelmind.spec` (inside PyInstaller) and by `build.py` and the tests (outside it), so it
imports nothing from PyInstaller at module level and nothing from the game: the version and the
command table are read from the source files with `ast`, which also keeps a broken game module
from breaking the build configuration.
"""

from __future__ import annotations

import ast
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "Duelmind"
BUNDLE_IDENTIFIER = "org.duelmind.Duelmind"  # macOS CFBundleIdentifier

# Folders shipped beside the code, found at run time through game.paths.project_root()
# (sys._MEIPASS when frozen). Everything in them is shipped except caches and dotfiles.
DATA_FOLDERS = ("levels", "assets")
# Our own packages: every submodule is bundled (some are imported by name at run time, e.g. the
# card AI registry's `__import__("ai.cards.planner")`), with their data files (ai/gomoku/*.json).
OWN_PACKAGES = ("game", "ai")

HOOKS = ROOT / "build_scripts" / "hooks"  # our PyInstaller hooks (take precedence over contrib's)
ICON_PNG = ROOT / "assets" / "icon.png"
ICON_ICO = ROOT / "assets" / "icon.ico"
ICON_ICNS = ROOT / "assets" / "icon.icns"
# Licence files shipped at the bundle's data root (sys._MEIPASS, i.e. _internal/ of the one-folder
# app) and at the top of the release archive (build.py adds assets/CREDITS.md there too).
ROOT_NOTICES = ("LICENSE", "THIRD_PARTY_NOTICES.md")
# The message catalogs' sources (game/i18n.py): shipped compiled, by compiled_catalogs.
CATALOGS = Path("game") / "locale"
CREDITS = ROOT / "assets" / "CREDITS.md"

# Modules the game never imports at run time but that the analysis would follow (optional
# imports in the standard library and in dependencies), or that only tests and tools use. Each
# group below was found in PyInstaller's import graph (build/.../xref-duelmind.html) of a build
# without it; the smoke test and `COMMAND --help` of every command check nothing needed is gone.
EXCLUDES = (
    # GUI toolkits and IDE bits of the standard library
    "tkinter",
    "_tkinter",
    "turtle",
    "turtledemo",
    "idlelib",
    # test frameworks and test suites
    "unittest",
    "doctest",
    "test",
    "pytest",
    "_pytest",
    "hypothesis",
    "pygame.tests",
    "trio.testing",
    # documentation, debugging, profiling and packaging tools
    "pydoc",
    "pydoc_data",
    "pdb",
    "cmd",
    "readline",
    "rlcompleter",
    "cProfile",
    "profile",
    "pstats",
    "lib2to3",
    "ensurepip",
    "venv",
    "distutils",
    "setuptools",
    "pkg_resources",
    "pip",
    "PyInstaller",
    # pygame-ce's optional numpy/opencv paths (surfarray, sndarray, camera), examples and docs
    "numpy",
    "cv2",
    "pygame.examples",
    "pygame.docs",
    "pygame.__briefcase",
    "pygame.__pyinstaller",
    # tqdm's notebook, GUI and pandas integrations (we only draw terminal progress bars) and
    # everything they pull in: IPython with jedi (32 MB), prompt_toolkit, pygments, trio...
    "tqdm.notebook",
    "tqdm.gui",
    "tqdm.keras",
    "tqdm.dask",
    "tqdm.rich",
    "tqdm.contrib",
    "IPython",
    "ipykernel",
    "ipywidgets",
    "jedi",
    "parso",
    "prompt_toolkit",
    "pygments",
    "traitlets",
    "stack_data",
    "pure_eval",
    "executing",
    "asttokens",
    "pexpect",
    "ptyprocess",
    "decorator",
    "matplotlib",
    "matplotlib_inline",
    "pandas",
    "trio",
    "outcome",
    "sniffio",
    "attr",
    "attrs",
    "cffi",
    "pycparser",
    "wcwidth",
    # pydantic v1 compatibility layer and pydantic's optional e-mail validation (we use v2 models)
    "pydantic.v1",
    "email_validator",
    # networking and compression the game does not do (ssl alone ships libssl and libcrypto;
    # hashlib and hmac fall back to the built-in hashes). Remove these if networking is added.
    "ssl",
    "_ssl",
    "_hashlib",
    "lzma",
    "_lzma",
    "bz2",
    "_bz2",
    "sqlite3",
    "xmlrpc",
    "ftplib",
    "imaplib",
    "poplib",
    "smtplib",
    "nntplib",
    "telnetlib",
    "mailbox",
    # Babel compiles a checkout's message catalogs; the bundle carries them compiled (data_files)
    "babel",
)


def excludes() -> list[str]:
    """EXCLUDES plus the other operating systems' modules of platformdirs (the Windows one
    would make PyInstaller look for ole32/shell32 and warn)."""
    names = list(EXCLUDES)
    if sys.platform != "win32":
        names.append("platformdirs.windows")
    if sys.platform != "darwin":
        names.append("platformdirs.macos")
    return names


def read_version(root: Path = ROOT) -> str:
    """`__version__` from game/version.py, without importing the game."""
    tree = ast.parse((root / "game" / "version.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise ValueError(f"no __version__ = '...' in {root / 'game' / 'version.py'}")


def commands(root: Path = ROOT) -> dict[str, tuple[str, str]]:
    """The COMMANDS table of game/cli.py (command words -> (module, help)), read without running it."""
    tree = ast.parse((root / "game" / "cli.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target = (
            node.target
            if isinstance(node, ast.AnnAssign)
            else (node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None)
        )
        if isinstance(target, ast.Name) and target.id == "COMMANDS" and node.value is not None:
            return dict(ast.literal_eval(node.value))
    raise ValueError(f"no COMMANDS table in {root / 'game' / 'cli.py'}")


def command_names(root: Path = ROOT) -> list[str]:
    return list(commands(root))


def command_modules(root: Path = ROOT) -> list[str]:
    """The module of every command (game/cli.py imports them by name at run time, so PyInstaller's
    analysis cannot see them)."""
    return sorted({module for module, _help in commands(root).values()})


# platform.machine() names one processor differently on each system (Windows says AMD64 or ARM64,
# Linux x86_64 or aarch64, macOS x86_64 or arm64): the release names use one spelling for each.
MACHINES = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64", "arm64": "arm64", "i686": "x86", "i386": "x86"}


def platform_tag() -> str:
    """e.g. linux-x86_64, windows-x86_64, macos-arm64 (for the one-file executable's and the
    release archive's names)."""
    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    machine = platform.machine().lower() or "unknown"
    return f"{system}-{MACHINES.get(machine, machine)}"


def onefile_name(version: str | None = None) -> str:
    return f"{APP_NAME}-{version or read_version()}-{platform_tag()}"


def _shipped(path: Path) -> bool:
    return not any(part.startswith(".") or part == "__pycache__" for part in path.parts) and path.suffix != ".pyc"


def _data(path: Path) -> bool:
    """A data file of a data folder: levels/ and assets/ hold a package marker (for installs
    through pip), which the bundle does not need."""
    return path.suffix != ".py"


def _files(root: Path, folder: str) -> list[Path]:
    base = root / folder
    if not base.is_dir():
        raise FileNotFoundError(f"{base} is missing: the game cannot run without it")
    return [path for path in sorted(base.rglob("*")) if path.is_file() and _shipped(path.relative_to(root))]


def own_modules(root: Path = ROOT) -> list[str]:
    """Every module of OWN_PACKAGES, from the source tree (nothing is imported)."""
    modules = []
    for package in OWN_PACKAGES:
        for path in _files(root, package):
            if path.suffix == ".py":
                parts = path.relative_to(root).with_suffix("").parts
                modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(modules)


def hidden_imports(root: Path = ROOT) -> list[str]:
    """Modules the analysis must add although no import statement names them: the commands of
    game/cli.py (wherever they live) and every module of our own packages."""
    return sorted(set(command_modules(root)) | set(own_modules(root)))


def data_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source file, folder in the bundle) for every shipped file of DATA_FOLDERS, the data
    files inside our own packages (read beside their module, e.g. ai/gomoku/openings.json), and
    ROOT_NOTICES at the bundle's root."""
    found = []
    for name in ROOT_NOTICES:
        if not (root / name).is_file():
            raise FileNotFoundError(f"{root / name} is missing: every build ships it")
        found.append((str(root / name), "."))
    for folder in DATA_FOLDERS:
        found += [(str(path), str(path.relative_to(root).parent)) for path in _files(root, folder) if _data(path)]
    for package in OWN_PACKAGES:
        found += [
            (str(path), str(path.relative_to(root).parent))
            for path in _files(root, package)
            if path.suffix != ".py" and CATALOGS not in path.relative_to(root).parents
        ]
    return found + compiled_catalogs(root)


def compiled_catalogs(root: Path = ROOT) -> list[tuple[str, str]]:
    """(compiled .mo, its folder in the bundle) for every message catalog of game/locale, compiled
    with Babel into build/catalogs/: the bundle carries the catalogs game/i18n.py reads, not their
    .po sources (nor Babel)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    found = []
    for po in sorted((root / CATALOGS).glob("*/LC_MESSAGES/*.po")):
        folder = po.parent.relative_to(root)  # game/locale/ru/LC_MESSAGES
        mo = root / "build" / "catalogs" / folder / f"{po.stem}.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parent.parent.name, domain=po.stem)
        with mo.open("wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        found.append((str(mo), folder.as_posix()))
    return found


def windows_version_info(version: str) -> str:
    """The text of a PyInstaller Windows version resource (EXE(version=FILE)) for `version`."""
    numbers = [int("".join(ch for ch in part if ch.isdigit()) or 0) for part in version.split(".")[:4]]
    numbers += [0] * (4 - len(numbers))
    quad = tuple(numbers)
    strings = {
        "CompanyName": "Duelmind",
        "FileDescription": "Duelmind: card duels and gomoku against AI opponents",
        "FileVersion": version,
        "InternalName": APP_NAME,
        "OriginalFilename": f"{APP_NAME}.exe",
        "ProductName": APP_NAME,
        "ProductVersion": version,
    }
    string_structs = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={quad}, prodvers={quad}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
{string_structs}
      ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
