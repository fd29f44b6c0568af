"""Desktop builds (build_scripts/): what the bundle holds, the version in one place, the icons,
and (slow) a real one-folder PyInstaller build into a temporary folder, smoke-tested."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import io
import os
import shutil
import struct
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "build_scripts"))


def _load_build_script():
    """build_scripts/build.py under a unique name ("build" could be PyInstaller's build/ folder
    or the PyPA package)."""
    spec = importlib.util.spec_from_file_location("duelmind_build_script", REPO / "build_scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = _load_build_script()
import bundle_config as config  # noqa: E402

# ------------------------------------------------------------------ what goes in the bundle


def test_every_command_module_is_a_hidden_import():
    from game.cli import COMMANDS

    modules = {module for module, _help in COMMANDS.values()}
    assert set(config.command_modules()) == modules
    assert config.command_names() == list(COMMANDS)
    assert modules <= set(config.hidden_imports())


def test_hidden_imports_are_every_module_of_game_and_ai():
    hidden = set(config.hidden_imports())
    for package in config.OWN_PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            parts = path.relative_to(REPO).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            assert name in hidden, f"{path} is not bundled"
    assert "game.client.launch" in hidden and "ai.cards.ismcts" in hidden


def test_data_files_ship_levels_assets_and_package_data_without_caches():
    shipped = {Path(src).relative_to(REPO).as_posix(): dest for src, dest in config.data_files()}
    for folder in ("levels", "assets"):
        for path in (REPO / folder).rglob("*"):
            relative = path.relative_to(REPO)
            if path.is_file() and "__pycache__" not in relative.parts and path.suffix not in (".pyc", ".py"):
                assert relative.as_posix() in shipped, f"{relative} is not bundled"
    assert shipped["assets/fonts/Inter-Regular.otf"] == "assets/fonts"
    assert shipped["levels/cards/core.json"] == "levels/cards"
    assert shipped["ai/gomoku/bench_positions.json"] == "ai/gomoku"
    assert not any(name.endswith((".py", ".pyc")) or "__pycache__" in name for name in shipped)


def test_the_game_imports_nothing_the_bundle_leaves_out():
    """Import every bundled module with the excluded ones made unimportable, as in the bundle:
    optional imports (with a fallback) pass, a hard import of an excluded module fails."""
    script = textwrap.dedent(f"""
        import importlib, sys
        EXCLUDED = {config.excludes()!r}

        def excluded(name):
            return any(name == e or name.startswith(e + ".") for e in EXCLUDED)

        class Hide:  # wraps each import finder: excluded modules are not found, as in the bundle
            def __init__(self, inner):
                self.inner = inner

            def find_spec(self, name, path=None, target=None):
                if excluded(name):
                    return None
                return self.inner.find_spec(name, path, target)

            def __getattr__(self, attribute):
                return getattr(self.inner, attribute)

        for name in [n for n in sys.modules if excluded(n)]:
            del sys.modules[name]
        sys.meta_path[:] = [Hide(finder) for finder in sys.meta_path]
        importlib.invalidate_caches()
        try:
            import numpy
        except ImportError:
            pass
        else:
            raise SystemExit("the excluded modules are not hidden")
        for name in {config.hidden_imports()!r}:
            importlib.import_module(name)
        print("imported", len({config.hidden_imports()!r}))
    """)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "imported" in done.stdout


def test_check_contents_names_a_missing_file(tmp_path):
    executable = tmp_path / "Duelmind" / "Duelmind"
    internal = executable.parent / "_internal"
    for name in build.REQUIRED_FILES:
        (internal / name).parent.mkdir(parents=True, exist_ok=True)
        (internal / name).write_text("x")
    for src, dest in config.data_files():
        (internal / dest).mkdir(parents=True, exist_ok=True)
        (internal / dest / Path(src).name).write_text("x")
    executable.write_text("")
    build.check_contents("onedir", executable)
    (internal / "assets" / "fonts" / "Inter-Bold.otf").unlink()
    with pytest.raises(build.BuildError, match="Inter-Bold.otf"):
        build.check_contents("onedir", executable)


def test_upx_without_the_program_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="no upx program"):
        build.build("onedir", tmp_path / "dist", tmp_path / "work", upx=True, quiet=True)


def test_pyinstaller_work_and_cache_stay_in_the_work_folder(tmp_path):
    command = build.pyinstaller_command("onefile", tmp_path / "dist", tmp_path / "work")
    assert command[command.index("--workpath") + 1] == str(tmp_path / "work" / "onefile")
    assert command[command.index("--distpath") + 1] == str(tmp_path / "dist")
    assert command[command.index("--") + 1:command.index("--") + 3] == ["--mode", "onefile"]
    assert build.pyinstaller_env(tmp_path / "work")["PYINSTALLER_CONFIG_DIR"].startswith(str(tmp_path / "work"))


# ------------------------------------------------------------------ version and icons


def test_the_version_lives_in_game_version_and_pyproject_reads_it():
    from game.version import __version__

    assert config.read_version() == __version__
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.version.__version__"}
    assert importlib.metadata.version("duelmind") == __version__, "reinstall: pip install -e ."
    assert config.onefile_name().startswith(f"Duelmind-{__version__}-")


def test_pyinstaller_is_installed_by_the_test_extra():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    extras = project["project"]["optional-dependencies"]
    assert any(req.lower().startswith("pyinstaller") for req in extras["test"])
    assert any(req.lower().startswith("pyinstaller") for req in extras["build"])


def test_windows_version_resource_carries_the_version():
    made = {}

    def record(kind):
        def make(*args, **kwargs):
            made.setdefault(kind, []).append((args, kwargs))
            return kind
        return make

    names = ["VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct"]
    eval(config.windows_version_info("1.2.3"), {name: record(name) for name in names})  # noqa: S307
    assert made["FixedFileInfo"][0][1]["filevers"] == (1, 2, 3, 0)
    strings = dict(args for args, _ in made["StringStruct"])
    assert strings["ProductVersion"] == "1.2.3" and strings["ProductName"] == "Duelmind"


def _pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    return pygame


def test_icons_exist_and_hold_the_right_sizes():
    pygame = _pygame()
    png = pygame.image.load(str(config.ICON_PNG))
    assert png.get_size() == (256, 256)
    assert png.get_at((0, 0)).a == 0  # transparent corner
    assert png.get_at((128, 128))[:3] == (240, 190, 80)  # the gold diamond

    data = config.ICON_ICO.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for index in range(count):
        width, height, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        image = pygame.image.load(io.BytesIO(data[offset:offset + length]), "entry.png")
        assert image.get_size() == (width or 256, height or 256)
        sizes.add(width or 256)
    assert {16, 32, 48, 256} <= sizes

    data = config.ICON_ICNS.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    position, kinds = 8, set()
    while position < len(data):
        kind, length = data[position:position + 4], struct.unpack(">I", data[position + 4:position + 8])[0]
        assert data[position + 8:position + 12] == b"\x89PNG"
        kinds.add(kind)
        position += length
    assert position == len(data) and {b"ic07", b"ic08"} <= kinds


def test_make_icon_draws_the_window_icon_design_at_any_size(tmp_path, monkeypatch):
    import make_icon

    for size in (16, 256):
        surface = make_icon.draw(size)
        assert surface.get_size() == (size, size)
        assert surface.get_at((size // 2, size // 2))[:3] == make_icon.GOLD
    monkeypatch.setattr(config, "ICON_PNG", tmp_path / "icon.png")
    monkeypatch.setattr(config, "ICON_ICO", tmp_path / "icon.ico")
    monkeypatch.setattr(config, "ICON_ICNS", tmp_path / "icon.icns")
    assert len(make_icon.write_icons()) == 3
    assert make_icon.write_icons() == []  # only missing files are drawn
    assert _pygame().image.load(str(tmp_path / "icon.png")).get_size() == (256, 256)


# ------------------------------------------------------------------ a real build


@pytest.mark.slow
def test_one_folder_build_passes_its_smoke_test(tmp_path):
    pytest.importorskip("PyInstaller", reason="PyInstaller is not installed (pip install -e '.[build]')")
    dist, work = tmp_path / "dist", tmp_path / "work"
    # build() raises BuildError unless the bundle holds every data file and its --smoke-test
    # (headless, every screen and level file, an AI search in a spawned worker) and every
    # command's --help exit 0.
    result = build.build("onedir", dist, work, quiet=True)
    assert result.executable == dist / "Duelmind" / "Duelmind"
    assert result.smoke_seconds is not None and result.size > 5 * 2**20
    assert (work / "onedir").is_dir() and (work / "pyinstaller-config").is_dir()

    names = build.bundled_names("onedir", result.executable)
    assert not any(name.startswith(("numpy/", "IPython/", "jedi/", "tkinter/", "_tkinter")) for name in names)
    assert not any("libssl" in name or "libcrypto" in name for name in names)

    env = build.smoke_env(str(tmp_path / "home"))
    done = subprocess.run([str(result.executable), "levels", "validate"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("ok:"), done.stdout + done.stderr
    # A terminal command runs its AI in-process from the bundle: a Gomocup brain answers a move.
    done = subprocess.run([str(result.executable), "brain", "gomocup"], input="START 15\nBEGIN\nEND\n", env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split()
    assert lines[0] == "OK" and len(lines[1].split(",")) == 2, done.stdout
