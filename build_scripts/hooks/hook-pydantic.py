# Replaces pyinstaller-hooks-contrib's pydantic hook (hooks in the spec's hookspath take
# precedence): the same "every submodule" rule, minus the pydantic.v1 compatibility layer, which
# bundle_config.EXCLUDES leaves out (the contrib hook would name each of its modules as a hidden
# import and print a "not found" warning for each).
from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules(
    "pydantic", filter=lambda name: not name.startswith(("pydantic.v1", "pydantic.mypy"))
)
