"""The fixed action encoding of each game (docs: "OpenSpiel"); it lives in
:mod:`marketlib.features.encoding`, free of pyspiel, so ``marketlib.rl`` shares it. This module
keeps its old import path."""

from marketlib.features.encoding import (
    MAX_SEATS,
    Encoding,
    Key,
    bansan_keys,
    complete_block,
    complete_choices,
    encoding,
    monsoon_keys,
)

__all__ = ["MAX_SEATS", "Encoding", "Key", "bansan_keys", "complete_block", "complete_choices",
           "encoding", "monsoon_keys"]
