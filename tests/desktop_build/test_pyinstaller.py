"""Desktop builds (build_scripts/): what the bundle holds, the build venv, the bundle's table of
contents, the release archive and its licences, the version in one place, the icons, and (slow)
one real one-folder PyInstaller build from a fresh build venv into a temporary folder,
smoke-tested, checked for unwanted modules and packed."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import io
import json
import os
import platform
import shutil
import struct
import subprocess
import sys
import tarfile
import textwrap
import tomllib
import zipfile
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
    assert shipped["LICENSE"] == "." and shipped["THIRD_PARTY_NOTICES.md"] == "."  # at the bundle's root
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
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True, timeout=120
    )
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
    assert command[command.index("--") + 1 : command.index("--") + 3] == ["--mode", "onefile"]
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

    names = [
        "VSVersionInfo",
        "FixedFileInfo",
        "StringFileInfo",
        "StringTable",
        "StringStruct",
        "VarFileInfo",
        "VarStruct",
    ]
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
        image = pygame.image.load(io.BytesIO(data[offset : offset + length]), "entry.png")
        assert image.get_size() == (width or 256, height or 256)
        sizes.add(width or 256)
    assert {16, 32, 48, 256} <= sizes

    data = config.ICON_ICNS.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    position, kinds = 8, set()
    while position < len(data):
        kind, length = data[position : position + 4], struct.unpack(">I", data[position + 4 : position + 8])[0]
        assert data[position + 8 : position + 12] == b"\x89PNG"
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


# ------------------------------------------------------------------ the build venv


def test_the_build_venv_gets_the_runtime_dependencies_and_pyinstaller_only(tmp_path):
    runtime, pyinstaller = build.build_requirements()
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert runtime == project["dependencies"]
    assert pyinstaller.lower().startswith("pyinstaller")
    [command] = build.venv_install_commands(tmp_path / "bin" / "python")
    install = command[command.index("install") + 1 :]
    # the project itself, not editable and without extras, so pip resolves its dependencies
    assert str(REPO) in install and "-e" not in install and "--editable" not in install
    assert not any("[" in arg for arg in install)
    names = [
        arg.split("[")[0].split(">")[0].split("=")[0].split("<")[0].strip().lower()
        for arg in install
        if not arg.startswith("-") and arg != str(REPO)
    ]
    assert "pygame" not in names and "pygame" not in [r.split(">")[0].strip().lower() for r in runtime]
    assert not {"pytest", "hypothesis", "distributed", "dask", "matplotlib"} & set(names)


def test_the_build_venv_is_made_then_reused_until_its_requirements_change(tmp_path, monkeypatch):
    ran = []

    def fake_run(command, **kwargs):
        ran.append(command)
        if command[1:3] == ["-m", "venv"]:
            python = build.venv_python(Path(command[3]))
            python.parent.mkdir(parents=True)
            python.write_text("")
            (Path(command[3]) / "pyvenv.cfg").write_text("home = x\n")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(build.subprocess, "run", fake_run)
    monkeypatch.setattr(build, "python_paths", lambda python: {"path": [str(tmp_path / "empty")]})
    venv = tmp_path / "venv"
    python = build.ensure_venv(venv, quiet=True)
    assert python == build.venv_python(venv) and python.exists()
    assert ran[0] == [sys.executable, "-m", "venv", str(venv)] and ran[1][:3] == [str(python), "-m", "pip"]
    assert json.loads((venv / build.VENV_STAMP).read_text())["requirements"] == build.build_requirements()[0]

    ran.clear()
    assert build.ensure_venv(venv, quiet=True) == python
    assert ran == []  # reused

    stamp = json.loads((venv / build.VENV_STAMP).read_text())
    stamp["requirements"] = ["pygame-ce>=2.4"]  # as if pyproject.toml had changed since
    (venv / build.VENV_STAMP).write_text(json.dumps(stamp))
    (venv / "stale").write_text("")
    build.ensure_venv(venv, quiet=True)
    assert len(ran) == 2 and not (venv / "stale").exists()

    (tmp_path / "not-a-venv").mkdir()
    with pytest.raises(build.BuildError, match="not a virtual environment"):
        build.ensure_venv(tmp_path / "not-a-venv", quiet=True)


def _fake_distribution(
    site: Path, name: str, files: dict[str, str], license_files: dict[str, str], license: str = "MIT"
) -> None:
    """A *.dist-info folder (METADATA, RECORD, licences) and the files it installs, in `site`."""
    info = site / f"{name.replace('-', '_')}-1.0.dist-info"
    (info / "licenses").mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.4\nName: {name}\nVersion: 1.0\nLicense: {license}\n"
        f"Classifier: License :: OSI Approved :: {license}\n\n"
    )
    record = [f"{info.name}/METADATA,,", f"{info.name}/RECORD,,"]
    for relative, text in {**files, **{f"{info.name}/licenses/{k}": v for k, v in license_files.items()}}.items():
        (site / relative).parent.mkdir(parents=True, exist_ok=True)
        (site / relative).write_text(text)
        record.append(f"{relative},,")
    (info / "RECORD").write_text("\n".join(record) + "\n")


def test_licences_of_the_bundled_packages_are_collected(tmp_path):
    site = tmp_path / "site-packages"
    _fake_distribution(site, "pydantic-core", {"pydantic_core/__init__.py": ""}, {"LICENSE": "MIT text"})
    _fake_distribution(
        site, "pygame-ce", {"pygame/__init__.py": "", "pygame_ce.libs/libSDL2.so": ""}, {}, license="LGPL v2.1"
    )
    _fake_distribution(site, "typing-extensions", {"typing_extensions.py": ""}, {"LICENSE": "PSF text"})
    _fake_distribution(site, "pyinstaller", {"PyInstaller/__init__.py": ""}, {"COPYING.txt": "GPL + exception"})
    _fake_distribution(site, "duelmind", {"game/__init__.py": ""}, {"LICENSE": "ours"})
    _fake_distribution(site, "dask", {"dask/__init__.py": ""}, {"LICENSE.txt": "BSD"})
    dists = build.distributions([str(site)])
    assert build.distribution_top_names(next(d for d in dists if d.metadata["Name"] == "pygame-ce")) == {
        "pygame",
        "pygame_ce.libs",
    }
    # the bundle holds pydantic_core (module), typing_extensions (module), pygame_ce.libs (folder), game
    bundled = build.bundled_distributions({"pydantic_core", "typing_extensions", "pygame_ce.libs", "game", "os"}, dists)
    assert [d.metadata["Name"] for d in bundled] == ["pydantic-core", "pygame-ce", "pyinstaller", "typing-extensions"]
    python = tmp_path / "python"
    (python / "lib" / "python3.11").mkdir(parents=True)
    (python / "lib" / "python3.11" / "LICENSE.txt").write_text("PSF")
    warnings = build.collect_licenses(bundled, {"base_prefix": str(python), "version": "3.11"}, tmp_path / "out")
    assert warnings == []
    out = tmp_path / "out"
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "pydantic-core/LICENSE",
        "pygame-ce/LGPL-2.1.txt",
        "pygame-ce/LICENSE-METADATA.txt",
        "pyinstaller/COPYING.txt",
        "python/LICENSE.txt",
        "typing-extensions/LICENSE",
    ]
    assert "LGPL v2.1" in (out / "pygame-ce" / "LICENSE-METADATA.txt").read_text()
    assert "LESSER GENERAL PUBLIC LICENSE" in (out / "pygame-ce" / "LGPL-2.1.txt").read_text()


# ------------------------------------------------------------------ the bundle's table of contents


def _fake_bundle(folder: Path) -> Path:
    """A one-folder bundle in PyInstaller 6's real formats, without a build: a stand-in
    bootloader with a CArchive appended (a script, a bootstrap module and an embedded PYZ of a
    package, its submodule and a module) and _internal/ with base_library.zip and a few files."""
    from PyInstaller.archive.writers import CArchiveWriter, ZlibArchiveWriter

    folder.mkdir(parents=True)
    modules = {"fakegame": "fakegame/__init__.py", "fakegame.rules": "fakegame/rules.py", "tornado": "tornado.py"}
    pyz = folder / "PYZ.pyz"
    ZlibArchiveWriter(
        str(pyz),
        [(name, str(folder / src), "PYMODULE") for name, src in modules.items()],
        code_dict={name: compile("x = 1", src, "exec") for name, src in modules.items()},
    )
    script = folder / "main.py"
    script.write_text("print('hello')\n")
    pkg = folder / "PKG"
    CArchiveWriter(
        str(pkg), [("main", str(script), True, "s"), ("PYZ.pyz", str(pyz), False, "z")], "libpython3.11.so.1.0"
    )
    app = folder / "Duelmind"
    internal = app / "_internal"
    (internal / "numpy.libs").mkdir(parents=True)
    (internal / "numpy.libs" / "libopenblas.so").write_bytes(b"")
    (internal / "pygame").mkdir()
    (internal / "pygame" / "base.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    with zipfile.ZipFile(internal / "base_library.zip", "w") as library:
        library.writestr("encodings/__init__.pyc", b"")
        library.writestr("encodings/utf_8.pyc", b"")
        library.writestr("codecs.pyc", b"")
    executable = app / "Duelmind"
    executable.write_bytes(b"\x7fELF stand-in bootloader" + b"\0" * 1000 + pkg.read_bytes())
    return executable


def test_bundle_module_names_reads_the_pyz_inside_the_executable(tmp_path):
    pytest.importorskip("PyInstaller")
    executable = _fake_bundle(tmp_path / "fake")
    names = build.bundle_module_names(executable)
    assert names == {"main", "fakegame", "fakegame.rules", "tornado", "encodings", "encodings.utf_8", "codecs"}
    top = build.bundle_top_names("onedir", executable)
    assert {"fakegame", "tornado", "numpy.libs", "pygame", "base_library.zip", "codecs"} <= top
    assert build.unwanted_modules(top) == ["numpy", "tornado"]
    # the same, read by another interpreter's path (build.py --list-toc, as for the build venv)
    other = tmp_path / "python"
    other.symlink_to(Path(sys.executable).resolve())
    modules, files = build.bundle_toc("onedir", executable, python=other)
    assert modules == names and files == build.bundled_names("onedir", executable)


def test_unwanted_modules_match_packages_modules_and_their_folders():
    names = build.top_level_names(
        {"game.cli", "distributed.client", "jinja2", "pydantic"},
        {"matplotlib-3.8.0.dist-info/METADATA", "numpy.libs/libgfortran.so", "_pytest/x.py", "pygame/base.so"},
    )
    assert build.unwanted_modules(names) == ["_pytest", "distributed", "jinja2", "matplotlib", "numpy"]
    # a name that only starts like an unwanted one is fine
    assert build.unwanted_modules({"tornadoes", "numpyish", "pytest_like", "dasker"}) == []


# ------------------------------------------------------------------ names on every platform


@pytest.mark.parametrize(
    ("system", "machine", "archive", "executable", "app"),
    [
        ("linux", "x86_64", "duelmind-0.1.0-linux-x86_64.tar.gz", "Duelmind/Duelmind", "Duelmind"),
        ("linux", "aarch64", "duelmind-0.1.0-linux-arm64.tar.gz", "Duelmind/Duelmind", "Duelmind"),
        ("win32", "AMD64", "duelmind-0.1.0-windows-x86_64.zip", "Duelmind/Duelmind.exe", "Duelmind"),
        ("win32", "ARM64", "duelmind-0.1.0-windows-arm64.zip", "Duelmind/Duelmind.exe", "Duelmind"),
        ("darwin", "arm64", "duelmind-0.1.0-macos-arm64.tar.gz", "Duelmind/Duelmind", "Duelmind.app"),
        ("darwin", "x86_64", "duelmind-0.1.0-macos-x86_64.tar.gz", "Duelmind/Duelmind", "Duelmind.app"),
    ],
)
def test_release_names_on_each_platform(monkeypatch, tmp_path, system, machine, archive, executable, app):
    monkeypatch.setattr(sys, "platform", system)
    monkeypatch.setattr(platform, "machine", lambda: machine)
    assert build.archive_path(tmp_path, "0.1.0") == tmp_path / archive
    assert build.archive_name("0.1.0") == archive.removesuffix(".zip").removesuffix(".tar.gz")
    assert build.executable_path("onedir", tmp_path) == tmp_path / executable
    assert build.app_path(tmp_path, windowed=True) == tmp_path / app
    assert build.app_path(tmp_path, windowed=False) == tmp_path / "Duelmind"
    tag = archive.split("-", 2)[2].removesuffix(".zip").removesuffix(".tar.gz")
    assert config.platform_tag() == tag
    assert config.onefile_name("0.1.0") == f"Duelmind-0.1.0-{tag}"
    suffix = ".exe" if system == "win32" else ""
    assert build.executable_path("onefile", tmp_path) == tmp_path / f"{config.onefile_name()}{suffix}"
    assert build.venv_python(tmp_path).as_posix().endswith("Scripts/python.exe" if system == "win32" else "bin/python")


@pytest.mark.parametrize("suffix", [".tar.gz", ".zip"])
def test_the_release_archive_holds_the_app_the_notices_and_the_licences(tmp_path, suffix):
    app = tmp_path / "dist" / "Duelmind"
    (app / "_internal" / "levels").mkdir(parents=True)
    (app / "_internal" / "levels" / "a.json").write_text("{}")
    (app / "Duelmind").write_text("#!/bin/sh\n")
    (app / "Duelmind").chmod(0o755)
    licenses = tmp_path / "licenses"
    (licenses / "pygame-ce").mkdir(parents=True)
    (licenses / "pygame-ce" / "LGPL-2.1.txt").write_text("LGPL")
    path = build.write_archive(
        tmp_path / "dist" / f"duelmind-9-test{suffix}", "duelmind-9-test", build.archive_members(app, licenses)
    )
    files = {name.rstrip("/") for name in build.archive_names(path)}
    assert {
        "duelmind-9-test/Duelmind/Duelmind",
        "duelmind-9-test/Duelmind/_internal/levels/a.json",
        "duelmind-9-test/LICENSE",
        "duelmind-9-test/THIRD_PARTY_NOTICES.md",
        "duelmind-9-test/CREDITS.md",
        "duelmind-9-test/licenses/pygame-ce/LGPL-2.1.txt",
    } <= files
    assert all(name.startswith("duelmind-9-test/") for name in files if name != "duelmind-9-test")
    if suffix == ".tar.gz":
        with tarfile.open(path) as archive:
            member = archive.getmember("duelmind-9-test/Duelmind/Duelmind")
            assert member.mode & 0o111 and member.uid == 0 and member.uname == ""
            assert archive.extractfile("duelmind-9-test/LICENSE").read() == (REPO / "LICENSE").read_bytes()
    else:
        with zipfile.ZipFile(path) as archive:
            assert archive.read("duelmind-9-test/CREDITS.md") == (REPO / "assets" / "CREDITS.md").read_bytes()
    assert not path.with_name(path.name + ".partial").exists()


# ------------------------------------------------------------------ a real build


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    """ONE real one-folder build per test run, from a build venv made for it (runtime
    dependencies and PyInstaller only): every test below reads this same build."""
    pytest.importorskip("PyInstaller", reason="PyInstaller is not installed (pip install -e '.[build]')")
    base = tmp_path_factory.mktemp("release")
    python = build.ensure_venv(base / "venv", quiet=True)
    dist, work = base / "dist", base / "work"
    # build() raises BuildError unless the bundle holds every data file and none of
    # UNWANTED_MODULES, its --smoke-test (headless, every screen and level file, an AI search in
    # a spawned worker) and every command's --help exit 0, and the archive is written.
    result = build.build("onedir", dist, work, quiet=True, python=python)
    return result, base


@pytest.mark.slow
def test_one_folder_build_passes_its_smoke_test(release):
    result, base = release
    dist, work = base / "dist", base / "work"
    assert result.executable == dist / "Duelmind" / "Duelmind"
    assert result.smoke_seconds is not None and result.size > 5 * 2**20
    assert (work / "onedir").is_dir() and (work / "pyinstaller-config").is_dir()

    env = build.smoke_env(str(base / "home"))
    done = subprocess.run(
        [str(result.executable), "levels", "validate"], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.startswith("ok:"), done.stdout + done.stderr
    # A terminal command runs its AI in-process from the bundle: a Gomocup brain answers a move.
    done = subprocess.run(
        [str(result.executable), "brain", "gomocup"],
        input="START 15\nBEGIN\nEND\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split()
    assert lines[0] == "OK" and len(lines[1].split(",")) == 2, done.stdout


@pytest.mark.slow
def test_one_folder_build_bundles_no_test_or_developer_packages(release):
    result, _base = release
    modules = build.bundle_module_names(result.executable)
    assert {"game.cli", "ai.cards.ismcts", "pydantic", "pygame", "tqdm", "platformdirs"} <= modules
    files = build.bundled_names("onedir", result.executable)
    top = build.top_level_names(modules, files)
    assert build.unwanted_modules(top) == [] and result.unwanted == []
    for name in ("pytest", "hypothesis", "dask", "distributed", "matplotlib", "tornado", "jinja2", "numpy"):
        assert not any(module == name or module.startswith(name + ".") for module in modules), name
        assert not any(file.startswith((name + "/", name + ".", name + "-")) for file in files), name
    assert not any(name.startswith(("IPython/", "jedi/", "tkinter/", "_tkinter")) for name in files)
    assert not any("libssl" in name or "libcrypto" in name for name in files)
    assert {"LICENSE", "THIRD_PARTY_NOTICES.md", "assets/CREDITS.md"} <= files


@pytest.mark.slow
def test_one_folder_build_is_packed_with_its_licences(release):
    result, base = release
    top = build.archive_name()
    assert result.archive == build.archive_path(base / "dist")
    assert result.archive.name == f"{top}.tar.gz" and result.archive_size == result.archive.stat().st_size
    names = {name.rstrip("/") for name in build.archive_names(result.archive)}
    assert {
        f"{top}/Duelmind/Duelmind",
        f"{top}/Duelmind/_internal/LICENSE",
        f"{top}/LICENSE",
        f"{top}/THIRD_PARTY_NOTICES.md",
        f"{top}/CREDITS.md",
        f"{top}/licenses/python/LICENSE.txt",
        f"{top}/licenses/pygame-ce/LGPL-2.1.txt",
        f"{top}/licenses/pyinstaller/COPYING.txt",
    } <= names
    packages = {name.split("/")[2] for name in names if name.startswith(f"{top}/licenses/") and name.count("/") >= 3}
    assert {
        "pygame-ce",
        "pydantic",
        "pydantic-core",
        "platformdirs",
        "pytweening",
        "tqdm",
        "typing-extensions",
        "annotated-types",
        "python",
        "pyinstaller",
    } <= packages
    # one folder for each distribution of the build venv whose packages are in the bundle, and CPython
    python = build.venv_python(base / "venv")
    dists = build.bundled_distributions(
        build.bundle_top_names("onedir", result.executable, python),
        build.distributions(build.python_paths(python)["path"]),
    )
    assert packages == {build.canonical_name(d.metadata["Name"]) for d in dists} | {"python"}
    assert not packages & {"duelmind", "pip", "setuptools", "pytest", "dask", "matplotlib", "altgraph"}
    assert result.archive_size < result.size  # compressed
