"""designlab's version, in a module of its own so that any layer can read it without importing the package's
top level (which re-exports the library, ``designlab.api``)."""

__version__ = "0.1.0"
