"""The catalogs reach every install compiled: the wheel's build step (setup.py) and the desktop
build (build_scripts/bundle_config.py) carry .mo files, not the .po sources, and each .mo
translates."""

from __future__ import annotations

import gettext
import importlib.util
import sys
from pathlib import Path

from setuptools.dist import Distribution

REPO = Path(__file__).resolve().parents[2]
WORDS = {"ru": "Настройки", "zh_CN": "设置", "th": "ตั้งค่า"}


def _translates(mo: Path, folder: str) -> None:
    with open(mo, "rb") as handle:
        assert gettext.GNUTranslations(handle).gettext("Settings") == WORDS[folder]


def test_the_wheel_build_step_compiles_every_catalog(tmp_path):
    spec = importlib.util.spec_from_file_location("duelmind_setup", REPO / "setup.py")
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # defines the step; setup() runs only as setuptools' __main__
    step = setup.BuildWithCatalogs(Distribution({"name": "duelmind", "packages": []}))
    step.build_lib = str(tmp_path)
    step.ensure_finalized()
    step.run()
    built = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*") if path.is_file())
    assert built == [f"game/locale/{folder}/LC_MESSAGES/duelmind.mo" for folder in ("ru", "th", "zh_CN")]
    for folder in WORDS:
        _translates(tmp_path / "game" / "locale" / folder / "LC_MESSAGES" / "duelmind.mo", folder)


def test_the_desktop_build_ships_the_catalogs_compiled():
    sys.path.insert(0, str(REPO / "build_scripts"))
    try:
        import bundle_config as config
    finally:
        sys.path.remove(str(REPO / "build_scripts"))
    shipped = {Path(source).name: (Path(source), folder) for source, folder in config.data_files()}
    assert "duelmind.po" not in shipped and "duelmind.pot" not in shipped and "babel.cfg" not in shipped
    catalogs = [(source, folder) for source, folder in config.data_files() if source.endswith(".mo")]
    assert sorted(folder for _source, folder in catalogs) == [
        f"game/locale/{folder}/LC_MESSAGES" for folder in ("ru", "th", "zh_CN")
    ]
    for source, folder in catalogs:
        _translates(Path(source), folder.split("/")[2])
    assert "babel" in config.excludes()  # the frozen game reads .mo files; it never compiles
