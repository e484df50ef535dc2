"""The library's version.

It lives at the bottom of the package so that whatever records it (a save file, the metadata of
a simulation) reads it without importing the top of the package: dependencies point one way
(docs: "Development").
"""

from __future__ import annotations

__version__ = "0.1.0"
"""This marketlib's version (``marketlib.__version__``; also written into save files)."""
