"""designlab: playtesting and rules-variant analysis for tabletop game designers.

The library's functions (``designlab.api``) are re-exported here where no subpackage takes the name:
``designlab.run``, ``designlab.open_results``, ``designlab.sweep``, ``designlab.show``, ``designlab.check``, ``designlab.ladder``,
``designlab.meta``, ``designlab.strength``, ``designlab.skill`` and ``designlab.why`` (``report``, ``tune`` and ``playtest`` are
subpackages: call them as ``designlab.api.report`` ...). They load on first use, so ``import designlab`` stays
instant for the CLI.
"""

from designlab.version import __version__ as __version__

_API = ("run", "open_results", "sweep", "show", "check", "ladder", "meta", "strength", "skill", "why", "Results",
        "VariantAnswer")


def __getattr__(name: str):
    if name in _API:
        import importlib

        return getattr(importlib.import_module("designlab.api"), name)  # on first use: the CLI never pays for it
    raise AttributeError(f"module 'designlab' has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_API))
