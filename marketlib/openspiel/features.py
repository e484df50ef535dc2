"""A seat's observation as a tensor and a string (docs: "OpenSpiel"); it lives in
:mod:`marketlib.features.observation`, free of pyspiel, so ``marketlib.rl`` shares it. This
module keeps its old import path."""

from marketlib.features.observation import (
    BANSAN_PHASES,
    MONSOON_PHASES,
    TENSORS,
    Piece,
    Tensor,
    bansan_pieces,
    bansan_tensor,
    monsoon_pieces,
    monsoon_tensor,
    view_string,
)

__all__ = ["BANSAN_PHASES", "MONSOON_PHASES", "TENSORS", "Piece", "Tensor", "bansan_pieces",
           "bansan_tensor", "monsoon_pieces", "monsoon_tensor", "view_string"]
