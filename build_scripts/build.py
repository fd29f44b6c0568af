"""Build Duelmind's desktop app with PyInstaller from a clean virtual environment, smoke-test
each fresh build and pack the one-folder app into a versioned release archive.

    python3.11 build_scripts/build.py [--onedir] [--onefile] [--skip-smoke] [--venv PATH | --no-venv]

The build runs in a virtual environment that holds only the game's runtime dependencies (the
`[project] dependencies` of pyproject.toml) and PyInstaller: build.py makes it itself with
`python -m venv` and `pip install . pyinstaller` (the project without extras, not editable),
under build/venv-<python version>/ by default (--venv PATH to choose), and reuses it while the
Python, the requirements and the version are unchanged. The bundle's code is always the
checkout's (the spec puts it first on the analysis path); the venv only decides which third-party
packages exist, so the test and developer extras (pytest, dask, matplotlib...) cannot ride along.
--no-venv builds with the interpreter that runs build.py, as before.

Without --onedir/--onefile both are built, into dist/:
  - one folder: dist/Duelmind/ (run dist/Duelmind/Duelmind; on macOS with --windowed also
    dist/Duelmind.app), packed into dist/duelmind-<version>-<os>-<arch>.tar.gz (.zip on
    Windows) with LICENSE, THIRD_PARTY_NOTICES.md, CREDITS.md and licenses/<package>/ (the
    licence files of every bundled Python package, of Python and of PyInstaller's bootloader)
  - one file:   dist/Duelmind-<version>-<os>-<arch> (.exe on Windows)

After each build it checks the bundle holds the game data (levels, fonts, icon) and none of
UNWANTED_MODULES (read from the bundle's table of contents: the PYZ archive's module names and
the files beside the program), runs the app's `--smoke-test` headless (SDL_VIDEODRIVER=dummy,
SDL_AUDIODRIVER=dummy; every screen rendered, every level and card file loaded, one AI search in
a spawned worker process) and `COMMAND --help` for every command of the game, and fails (exit 1)
if any of that fails. PyInstaller's work files and cache go under --work (default
build/pyinstaller/), so builds with different --work folders never share state.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bundle_config as config  # noqa: E402

SPEC = Path(__file__).resolve().parent / "duelmind.spec"
SMOKE_TIMEOUT = 300.0
# Files every bundle must hold, relative to the bundle's data root (sys._MEIPASS).
REQUIRED_FILES = (
    "levels/campaign/campaign.json",
    "levels/cards/core.json",
    "assets/fonts/Inter-Regular.otf",
    "assets/fonts/Inter-Bold.otf",
    "assets/icon.png",
    "pygame/freesansbold.ttf",  # pygame-ce's default font, the client's fallback
)


# Must never be in a bundle: test frameworks, the developer extras (the `cluster` and `report`
# extras and what they pull in) and the scientific stack (a --no-venv build in a developer's
# environment bundled scipy, 65 MiB, through them). A top-level module name or a file or folder
# name beside the program (numpy.libs/, matplotlib-3.8.dist-info/) that starts with one of these
# fails the build.
UNWANTED_MODULES = (
    "pytest",
    "_pytest",
    "hypothesis",
    "dask",
    "distributed",
    "matplotlib",
    "tornado",
    "jinja2",
    "numpy",
    "scipy",
    "pandas",
)
# Packages installed into the build venv beside the project, per platform: PyInstaller always,
# and on Windows the curses module of the terminal gomoku (`gomoku --terminal`).
PLATFORM_PACKAGES = {"win32": ("windows-curses",)}
# Distributions the venv must never hold: the original pygame shares the `pygame` import name
# with pygame-ce, and whichever was installed last would win.
FORBIDDEN_DISTRIBUTIONS = ("pygame",)
VENV_STAMP = "duelmind-build.json"
LICENSE_TEXTS = Path(__file__).resolve().parent / "licenses"
# Licence texts shipped for packages whose wheels carry none (pygame-ce's wheel has no licence
# file, only "License: LGPL v2.1" in its metadata; the LGPL asks for the text to go along).
FALLBACK_LICENSES = {"pygame-ce": "LGPL-2.1.txt"}
# Licence-like files in a *.dist-info folder (licenses/ of metadata 2.4, or the old flat layout).
LICENSE_NAME = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|AUTHORS|COPYRIGHT)", re.IGNORECASE)


class BuildError(Exception):
    """A build step failed; the message says which and why."""


@dataclass
class Result:
    mode: str
    executable: Path
    size: int  # bytes: the whole folder (onedir) or the file (onefile)
    build_seconds: float
    smoke_seconds: float | None = None
    unwanted: list[str] = field(default_factory=list)  # UNWANTED_MODULES found (a --no-venv build)
    archive: Path | None = None  # the release archive (onedir)
    archive_size: int | None = None


# ------------------------------------------------------------------ the build venv


def build_requirements(root: Path = config.ROOT) -> tuple[list[str], str]:
    """(the runtime dependencies, the PyInstaller requirement) from pyproject.toml."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pyinstaller = [
        req for req in project["optional-dependencies"]["build"] if re.match(r"pyinstaller\b", req, re.IGNORECASE)
    ]
    return list(project["dependencies"]), (pyinstaller[0] if pyinstaller else "pyinstaller")


def default_venv() -> Path:
    return config.ROOT / "build" / f"venv-{sys.version_info.major}.{sys.version_info.minor}"


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def venv_fingerprint(root: Path = config.ROOT) -> dict:
    """What the build venv is made from: when any of it changes, the venv is made anew."""
    runtime, pyinstaller = build_requirements(root)
    return {
        "python": sys.version,
        "executable": sys.executable,
        "project": str(root),
        "version": config.read_version(root),
        "requirements": runtime,
        "pyinstaller": pyinstaller,
        "platform_packages": list(PLATFORM_PACKAGES.get(sys.platform, ())),
    }


def venv_install_commands(python: Path, root: Path = config.ROOT) -> list[list[str]]:
    """The pip commands that fill a new build venv: the project without extras (not editable:
    its dependencies as pip resolves them for a user) and PyInstaller."""
    _runtime, pyinstaller = build_requirements(root)
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "install", "--quiet"]
    return [pip + [str(root), pyinstaller, *PLATFORM_PACKAGES.get(sys.platform, ())]]


def ensure_venv(venv: Path, root: Path = config.ROOT, quiet: bool = False) -> Path:
    """The python of the build venv at `venv`, made (or made anew) unless the one there was made
    from the same venv_fingerprint."""
    python, stamp = venv_python(venv), venv / VENV_STAMP
    wanted = venv_fingerprint(root)
    try:
        if python.exists() and json.loads(stamp.read_text(encoding="utf-8")) == wanted:
            return python
    except (OSError, ValueError):
        pass
    if venv.exists():
        if not (venv / "pyvenv.cfg").is_file():
            raise BuildError(f"{venv} exists and is not a virtual environment: choose another --venv")
        shutil.rmtree(venv)
    print(f"making the build venv {venv} (runtime dependencies and PyInstaller)")
    env = clean_python_env(dict(os.environ))
    commands = [[sys.executable, "-m", "venv", str(venv)], *venv_install_commands(python, root)]
    for command in commands:
        done = subprocess.run(command, env=env, cwd=root, text=True, capture_output=quiet)
        if done.returncode != 0:
            log = (done.stdout or "") + (done.stderr or "") if quiet else "(see above)"
            raise BuildError(f"making the build venv failed: {' '.join(command)} (exit code {done.returncode}) {log}")
    found = forbidden_distributions(python_paths(python)["path"])
    if found:
        raise BuildError(f"the build venv {venv} holds {', '.join(found)}: only pygame-ce may provide pygame")
    stamp.write_text(json.dumps(wanted, indent=1), encoding="utf-8")
    return python


def clean_python_env(env: dict[str, str]) -> dict[str, str]:
    """`env` without the variables that would let another environment's packages in."""
    for name in ("PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE", "PYTHONSTARTUP", "VIRTUAL_ENV", "__PYVENV_LAUNCHER__"):
        env.pop(name, None)
    env["PYTHONNOUSERSITE"] = "1"
    return env


def python_paths(python: Path | str) -> dict:
    """sys.path, the version and the base prefix (where its LICENSE is) of another interpreter."""
    script = (
        "import json, sys; print(json.dumps({'path': [p for p in sys.path if p], "
        "'base_prefix': sys.base_prefix, 'version': '%d.%d' % sys.version_info[:2]}))"
    )
    done = subprocess.run(
        [str(python), "-c", script],
        env=clean_python_env(dict(os.environ)),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tempfile.gettempdir(),
    )
    if done.returncode != 0:
        raise BuildError(f"{python} does not run: {done.stderr}")
    return json.loads(done.stdout)


def distributions(paths: list[str]) -> list[importlib.metadata.Distribution]:
    """The installed distributions found on `paths` (another interpreter's sys.path), first of a
    name wins as in an import."""
    found, seen = [], set()
    for dist in importlib.metadata.distributions(path=paths):
        name = canonical_name(dist.metadata["Name"] or "")
        if name and name not in seen:
            seen.add(name)
            found.append(dist)
    return found


def canonical_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def forbidden_distributions(paths: list[str]) -> list[str]:
    names = {canonical_name(dist.metadata["Name"] or "") for dist in distributions(paths)}
    return [name for name in FORBIDDEN_DISTRIBUTIONS if name in names]


# ------------------------------------------------------------------ PyInstaller


def pyinstaller_command(
    mode: str,
    dist: Path,
    work: Path,
    windowed: bool = False,
    upx: bool = False,
    strip: bool | None = None,
    clean: bool = False,
    python: Path | str = sys.executable,
) -> list[str]:
    """The PyInstaller command line for one build of duelmind.spec, run by `python` (the build
    venv's)."""
    command = [
        str(python),
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--log-level",
        "WARN",
        "--distpath",
        str(dist),
        "--workpath",
        str(work / mode),
    ]
    if clean:
        command.append("--clean")
    command += [str(SPEC), "--", "--mode", mode]
    if windowed:
        command.append("--windowed")
    if upx:
        command.append("--upx")
    if strip is not None:
        command.append("--strip" if strip else "--no-strip")
    if sys.platform == "win32":
        version_file = work / "version_info.txt"
        version_file.parent.mkdir(parents=True, exist_ok=True)
        version_file.write_text(config.windows_version_info(config.read_version()), encoding="utf-8")
        command += ["--version-file", str(version_file)]
    return command


def pyinstaller_env(work: Path) -> dict[str, str]:
    """The environment for PyInstaller: its cache (stripped binaries...) inside the work folder,
    and no PYTHONPATH that would bring another environment's packages into the analysis."""
    env = clean_python_env(dict(os.environ))
    env["PYINSTALLER_CONFIG_DIR"] = str(work / "pyinstaller-config")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # the analysis imports pygame
    return env


def executable_path(mode: str, dist: Path) -> Path:
    suffix = ".exe" if sys.platform == "win32" else ""
    if mode == "onefile":
        return dist / f"{config.onefile_name()}{suffix}"
    return dist / config.APP_NAME / f"{config.APP_NAME}{suffix}"


def app_path(dist: Path, windowed: bool = False) -> Path:
    """What a one-folder release ships: dist/Duelmind/, or dist/Duelmind.app on macOS with
    --windowed (the .app holds the same files, so the plain folder is not shipped beside it)."""
    if sys.platform == "darwin" and windowed:
        return dist / f"{config.APP_NAME}.app"
    return dist / config.APP_NAME


def tree_size(path: Path) -> int:
    """Bytes of a file, or of every file under a folder (symbolic links counted as links)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def bundled_names(mode: str, executable: Path) -> set[str]:
    """Paths of the data files in a bundle, relative to its data root, with / separators."""
    if mode == "onefile":
        from PyInstaller.archive.readers import CArchiveReader

        return {name.replace("\\", "/") for name in CArchiveReader(str(executable)).toc}
    root = executable.parent / "_internal"
    if not root.is_dir():  # PyInstaller < 6 or --contents-directory .
        root = executable.parent
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def bundle_module_names(executable: Path) -> set[str]:
    """Every Python module name in a PyInstaller 6 bundle, read from its table of contents: the
    PYZ archive embedded in the executable's CArchive (both one-folder and one-file builds; a
    separate *.pyz file beside it is read too, for other layouts), the modules the bootloader
    runs from the CArchive itself, and the standard library's base_library.zip of a one-folder
    build. Reading a PYZ needs the Python version that built it (its table is marshalled)."""
    from PyInstaller.archive.readers import CArchiveReader
    from PyInstaller.loader.pyimod01_archive import ZlibArchiveReader

    names: set[str] = set()
    archive = CArchiveReader(str(executable))
    for name, entry in archive.toc.items():
        typecode = entry[-1]
        if typecode == "z":
            names.update(archive.open_embedded_archive(name).toc)
        elif typecode in ("m", "M", "s"):
            names.add(name)
    root = executable.parent / "_internal"
    for pyz in sorted(root.glob("*.pyz")) if root.is_dir() else []:
        names.update(ZlibArchiveReader(str(pyz)).toc)
    base_library = root / "base_library.zip"
    if base_library.is_file():
        with zipfile.ZipFile(base_library) as library:
            for member in library.namelist():
                if member.endswith(".pyc"):
                    parts = member[: -len(".pyc")].split("/")
                    names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def top_level_names(module_names: set[str], file_names: set[str]) -> set[str]:
    """The top-level module, package, file or folder names of a bundle's modules and files."""
    names = {name.split(".")[0] for name in module_names}
    names |= {name.replace("\\", "/").split("/")[0] for name in file_names}
    return names


def unwanted_modules(names: set[str]) -> list[str]:
    """The UNWANTED_MODULES present among top-level names (a module `numpy`, a folder `numpy.libs`
    or `numpy-2.0.dist-info` all count as numpy)."""
    return sorted(
        {
            unwanted
            for unwanted in UNWANTED_MODULES
            for name in names
            if name == unwanted or name.startswith((unwanted + ".", unwanted + "-"))
        }
    )


def bundle_toc(mode: str, executable: Path, python: Path | str = sys.executable) -> tuple[set[str], set[str]]:
    """(bundle_module_names(), bundled_names()) of a bundle, read by `python` (the build venv's,
    which has PyInstaller and is the Python that wrote the PYZ), so the interpreter running
    build.py needs neither."""
    if Path(python) == Path(sys.executable):
        return bundle_module_names(executable), bundled_names(mode, executable)
    done = subprocess.run(
        [str(python), str(Path(__file__).resolve()), "--list-toc", mode, str(executable)],
        env=clean_python_env(dict(os.environ)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    if done.returncode != 0:
        raise BuildError(f"cannot read the table of contents of {executable}: {done.stderr}")
    toc = json.loads(done.stdout)
    return set(toc["modules"]), set(toc["files"])


def bundle_top_names(mode: str, executable: Path, python: Path | str = sys.executable) -> set[str]:
    return top_level_names(*bundle_toc(mode, executable, python))


def check_contents(mode: str, executable: Path, names: set[str] | None = None) -> None:
    """Fail unless the bundle holds REQUIRED_FILES and every data file (`names`: its
    bundled_names(), read here when not given)."""
    names = bundled_names(mode, executable) if names is None else names
    missing = [name for name in REQUIRED_FILES if name not in names]
    # Where each data file lands in the bundle (a compiled catalog's source is under build/).
    shipped = [(Path(dest) / Path(src).name).as_posix() for src, dest in config.data_files()]
    missing += [name for name in shipped if name not in names and name not in missing]
    if missing:
        raise BuildError(f"{executable} lacks: {', '.join(missing)}")


def smoke_env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DUELMIND_HOME=home, PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def run_checked(
    command: list[str], env: dict[str, str], what: str, timeout: float = SMOKE_TIMEOUT, expect: str | None = None
) -> str:
    try:
        done = subprocess.run(
            command, env=env, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
        )
    except subprocess.TimeoutExpired as error:
        raise BuildError(f"{what}: no exit after {timeout:.0f} s\n{error.stdout or ''}{error.stderr or ''}") from None
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise BuildError(f"{what}: exit code {done.returncode}\n{output}")
    if expect is not None and expect not in done.stdout:
        raise BuildError(f"{what}: exit code 0 but no {expect!r} in its output\n{output}")
    return output


def smoke_test(executable: Path, windowed: bool = False) -> float:
    """Run the bundle's --smoke-test and every command's --help; the smoke test's seconds."""
    with tempfile.TemporaryDirectory(prefix="duelmind-smoke-home-") as home:
        env = smoke_env(home)
        # A windowed Windows app has no stdout: only its exit code can be checked.
        expect = None if windowed and sys.platform == "win32" else "screens rendered"
        started = time.perf_counter()
        output = run_checked([str(executable), "--smoke-test"], env, f"{executable.name} --smoke-test", expect=expect)
        seconds = time.perf_counter() - started
        for line in output.splitlines():
            if line.startswith("smoke test"):
                print(f"    {line}")
        for name in config.command_names():
            run_checked(
                [str(executable), *name.split(), "--help"],
                env,
                f"{executable.name} {name} --help",
                timeout=120.0,
                expect=None if expect is None else "usage:",
            )
    return seconds


# ------------------------------------------------------------------ licences and the release archive


def distribution_top_names(dist: importlib.metadata.Distribution) -> set[str]:
    """The top-level names a distribution installs (packages, modules, folders such as
    pygame_ce.libs), from its RECORD, as they appear in a bundle."""
    names = set()
    for file in dist.files or ():
        parts = file.parts
        if not parts or parts[0] in ("..", "__pycache__") or parts[0].endswith((".dist-info", ".egg-info")):
            continue
        name = parts[0]
        if len(parts) == 1:  # a module file: strip .py, or .cpython-311-x86_64-linux-gnu.so / .pyd
            name = name.split(".")[0]
            if file.suffix not in (".py", ".so", ".pyd"):
                continue
        names.add(name)
    return names


def bundled_distributions(
    top_names: set[str],
    dists: list[importlib.metadata.Distribution],
    always: tuple[str, ...] = ("pyinstaller",),
    skip: tuple[str, ...] = ("duelmind",),
) -> list[importlib.metadata.Distribution]:
    """The distributions whose packages are in the bundle (their top-level names among
    `top_names`), plus `always` (PyInstaller: its bootloader starts every bundle) and without
    `skip` (Duelmind itself: its LICENSE ships at the archive's top)."""
    found = []
    for dist in dists:
        name = canonical_name(dist.metadata["Name"] or "")
        if name in skip:
            continue
        if name in always or distribution_top_names(dist) & top_names:
            found.append(dist)
    return sorted(found, key=lambda d: canonical_name(d.metadata["Name"]))


def distribution_license_files(dist: importlib.metadata.Distribution) -> list[Path]:
    """The licence files in a distribution's *.dist-info folder (licenses/ or the folder itself)."""
    found = []
    for file in dist.files or ():
        if file.parts and file.parts[0].endswith(".dist-info") and LICENSE_NAME.match(file.name):
            path = Path(str(dist.locate_file(file)))
            if path.is_file():
                found.append(path)
    return sorted(found)


def python_license(base_prefix: str, version: str) -> Path | None:
    """CPython's LICENSE.txt: beside python.exe on Windows, in lib/pythonX.Y/ elsewhere (Debian's
    python3.X keeps it as /usr/share/doc/python3.X/copyright)."""
    base = Path(base_prefix)
    for candidate in (
        base / "LICENSE.txt",
        base / "lib" / f"python{version}" / "LICENSE.txt",
        base / "Lib" / "LICENSE.txt",
        Path(f"/usr/share/doc/python{version}/copyright"),
    ):
        if candidate.is_file():
            return candidate
    return None


def collect_licenses(dists: list[importlib.metadata.Distribution], python: dict, into: Path) -> list[str]:
    """Copy the licence texts of `dists` into `into`/<package>/ and CPython's into `into`/python/;
    a package whose wheel carries no licence file gets its licence metadata and, when known,
    FALLBACK_LICENSES' text. Returns warnings (a licence not found)."""
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    warnings = []
    for dist in dists:
        name = canonical_name(dist.metadata["Name"])
        folder = into / name
        folder.mkdir()
        files = distribution_license_files(dist)
        for path in files:
            target = folder / path.name
            if target.exists():  # licenses/LICENSE and a flat LICENSE: keep both
                target = folder / f"{path.parent.name}-{path.name}"
            shutil.copyfile(path, target)
        if not files:
            metadata = dist.metadata
            lines = [
                f"{metadata['Name']} {metadata['Version']}: its wheel carries no licence file.",
                f"License: {metadata.get('License-Expression') or metadata.get('License') or '(not given)'}",
            ]
            lines += [f"Classifier: {c}" for c in metadata.get_all("Classifier") or [] if c.startswith("License")]
            if metadata.get("Home-page"):
                lines.append(f"Home page: {metadata['Home-page']}")
            lines += [f"Project URL: {url}" for url in metadata.get_all("Project-URL") or []]
            (folder / "LICENSE-METADATA.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
            fallback = FALLBACK_LICENSES.get(name)
            if fallback:
                shutil.copyfile(LICENSE_TEXTS / fallback, folder / fallback)
            else:
                warnings.append(f"{name}: no licence file in its metadata (only LICENSE-METADATA.txt shipped)")
    found = python_license(python["base_prefix"], python["version"])
    if found is None:
        warnings.append(f"no LICENSE.txt of Python under {python['base_prefix']}")
    else:
        (into / "python").mkdir()
        shutil.copyfile(found, into / "python" / "LICENSE.txt")
    return warnings


def archive_name(version: str | None = None) -> str:
    """duelmind-<version>-<os>-<arch>, e.g. duelmind-0.1.0-linux-x86_64: the release archive's
    name without its suffix, and the folder at its top."""
    return f"{config.APP_NAME.lower()}-{version or config.read_version()}-{config.platform_tag()}"


def archive_path(dist: Path, version: str | None = None) -> Path:
    """dist/duelmind-<version>-<os>-<arch>.zip on Windows, .tar.gz elsewhere (keeps the
    executable bits and the symbolic links of a macOS .app)."""
    return dist / (archive_name(version) + (".zip" if sys.platform == "win32" else ".tar.gz"))


def archive_members(app: Path, licenses: Path, root: Path = config.ROOT) -> list[tuple[Path, str]]:
    """(source, path in the archive under its top folder) of a release: the app folder, LICENSE,
    THIRD_PARTY_NOTICES.md, CREDITS.md and licenses/."""
    members = [(app, app.name)]
    members += [(root / name, name) for name in config.ROOT_NOTICES]
    members += [(root / config.CREDITS.relative_to(config.ROOT), "CREDITS.md"), (licenses, "licenses")]
    missing = [str(source) for source, _ in members if not source.exists()]
    if missing:
        raise BuildError(f"the release archive needs {', '.join(missing)}")
    return members


def _tar_filter(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def write_archive(path: Path, top: str, members: list[tuple[Path, str]]) -> Path:
    """Pack `members` under the folder `top` into `path`: a .zip or a .tar.gz by its suffix."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    if path.name.endswith(".zip"):
        with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for source, name in members:
                files = [source] if source.is_file() else sorted(p for p in source.rglob("*") if p.is_file())
                for file in files:
                    relative = name if file == source else f"{name}/{file.relative_to(source).as_posix()}"
                    archive.write(file, f"{top}/{relative}")
    else:
        with tarfile.open(partial, "w:gz", compresslevel=9) as archive:
            for source, name in members:
                archive.add(source, f"{top}/{name}", filter=_tar_filter)
    partial.replace(path)
    return path


def archive_names(path: Path) -> list[str]:
    """The member names of a release archive (files and folders, / separators)."""
    if path.name.endswith(".zip"):
        with zipfile.ZipFile(path) as archive:
            return archive.namelist()
    with tarfile.open(path) as archive:
        return archive.getnames()


def release_archive(
    dist: Path, work: Path, top_names: set[str], python: Path | str = sys.executable, windowed: bool = False
) -> tuple[Path, list[str]]:
    """Write the one-folder build's release archive; (its path, licence warnings)."""
    info = python_paths(python)
    dists = bundled_distributions(top_names, distributions(info["path"]))
    licenses = work / "licenses"
    warnings = collect_licenses(dists, info, licenses)
    path = archive_path(dist)
    write_archive(path, archive_name(), archive_members(app_path(dist, windowed), licenses))
    return path, warnings


# ------------------------------------------------------------------ one build


def build(
    mode: str,
    dist: Path,
    work: Path,
    *,
    windowed: bool = False,
    upx: bool = False,
    strip: bool | None = None,
    clean: bool = False,
    smoke: bool = True,
    quiet: bool = False,
    python: Path | str = sys.executable,
    allow_unwanted: bool = False,
    archive: bool = True,
) -> Result:
    """Build one bundle with `python` (the build venv's), check what it holds (every data file;
    none of UNWANTED_MODULES unless allow_unwanted, which only reports them), smoke-test it
    (unless smoke=False) and, for the one-folder build, write the release archive (unless
    archive=False)."""
    if upx and shutil.which("upx") is None:
        raise BuildError("--upx: no upx program on PATH")
    command = pyinstaller_command(mode, dist, work, windowed=windowed, upx=upx, strip=strip, clean=clean, python=python)
    started = time.perf_counter()
    done = subprocess.run(command, env=pyinstaller_env(work), cwd=config.ROOT, text=True, capture_output=quiet)
    build_seconds = time.perf_counter() - started
    if done.returncode != 0:
        log = (done.stdout or "") + (done.stderr or "") if quiet else "(see above)"
        raise BuildError(f"PyInstaller failed ({mode}, exit code {done.returncode}): {log}")
    executable = executable_path(mode, dist)
    if not executable.is_file():
        raise BuildError(f"PyInstaller reported success but {executable} does not exist")
    modules, files = bundle_toc(mode, executable, python)
    check_contents(mode, executable, files)
    top_names = top_level_names(modules, files)
    unwanted = unwanted_modules(top_names)
    if unwanted and not allow_unwanted:
        raise BuildError(f"{executable} bundles {', '.join(unwanted)}: build from a venv without them")
    size = tree_size(executable if mode == "onefile" else executable.parent)
    result = Result(mode, executable, size, build_seconds, unwanted=unwanted)
    if smoke:
        result.smoke_seconds = smoke_test(executable, windowed)
    if archive and mode == "onedir":
        result.archive, warnings = release_archive(dist, work, top_names, python, windowed)
        result.archive_size = result.archive.stat().st_size
        for warning in warnings:
            print(f"    warning: {warning}", file=sys.stderr)
    return result


def human_size(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--list-toc"]:  # internal: bundle_toc() run by the build venv's python
        mode, executable = argv[1], Path(argv[2])
        print(
            json.dumps(
                {"modules": sorted(bundle_module_names(executable)), "files": sorted(bundled_names(mode, executable))}
            )
        )
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--onedir", action="store_true", help="build the one-folder app")
    parser.add_argument("--onefile", action="store_true", help="build the one-file app")
    parser.add_argument("--skip-smoke", action="store_true", help="do not run the smoke test on the builds")
    parser.add_argument(
        "--windowed",
        action="store_true",
        help="no console window (use for Windows and macOS releases; makes Duelmind.app on macOS)",
    )
    parser.add_argument("--upx", action="store_true", help="compress the binaries with UPX (upx must be on PATH)")
    parser.add_argument(
        "--strip",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="strip symbols from the binaries (default: on Linux only)",
    )
    parser.add_argument("--clean", action="store_true", help="rebuild from scratch (PyInstaller's cache too)")
    parser.add_argument("--dist", type=Path, default=config.ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument(
        "--work",
        type=Path,
        default=config.ROOT / "build" / "pyinstaller",
        help="PyInstaller's work and cache folder (default: build/pyinstaller/)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--venv",
        type=Path,
        default=None,
        help=f"the build venv (default: {default_venv().relative_to(config.ROOT)}/; made or "
        "remade when missing or out of date)",
    )
    where.add_argument(
        "--no-venv",
        action="store_true",
        help="build with this interpreter and whatever it has installed (unwanted modules are then only reported)",
    )
    parser.add_argument("--no-archive", action="store_true", help="do not write the release archive")
    args = parser.parse_args(argv)
    modes = [mode for mode in ("onedir", "onefile") if getattr(args, mode)] or ["onedir", "onefile"]

    from make_icon import write_icons

    for path in write_icons():
        print(f"drew {path.relative_to(config.ROOT)}")
    results = []
    try:
        python = Path(sys.executable)
        if not args.no_venv:
            venv = (args.venv or default_venv()).absolute()
            python = ensure_venv(venv)
            print(f"build venv: {venv}")
        print(f"Duelmind {config.read_version()}: building {' and '.join(modes)} into {args.dist} with {python}")
        for mode in modes:
            print(f"== {mode}")
            result = build(
                mode,
                args.dist.resolve(),
                args.work.resolve(),
                windowed=args.windowed,
                upx=args.upx,
                strip=args.strip,
                clean=args.clean,
                smoke=not args.skip_smoke,
                python=python,
                allow_unwanted=args.no_venv,
                archive=not args.no_archive,
            )
            results.append(result)
            smoke = (
                "not smoke-tested"
                if result.smoke_seconds is None
                else f"smoke test passed in {result.smoke_seconds:.1f} s"
            )
            print(
                f"    {result.executable} ({human_size(result.size)}), built in {result.build_seconds:.0f} s, {smoke}"
            )
            if result.unwanted:
                print(f"    warning: it bundles {', '.join(result.unwanted)} (a --no-venv build)", file=sys.stderr)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    print("done:")
    for result in results:
        print(f"  {result.mode:8} {human_size(result.size):>10}  {result.executable}")
        if result.archive is not None:
            print(f"  {'archive':8} {human_size(result.archive_size):>10}  {result.archive}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
