"""Game-agnostic building blocks: errors, the ``Match`` timeline, the phase-table flow,
card-data loading and the conformance kit (``marketlib.core.testing``)."""

from marketlib.core.errors import (
    CardDataError,
    IllegalAction,
    InvalidAction,
    MarketlibError,
    NotYourMove,
    PositionError,
    RuleId,
    SaveFileError,
    TimelineError,
    UndoBlocked,
    Violation,
)
from marketlib.core.game import Ending, GameInfo, GameModule, Outcome, PlayerId
from marketlib.core.match import Match

__all__ = [
    "CardDataError",
    "Ending",
    "GameInfo",
    "GameModule",
    "IllegalAction",
    "InvalidAction",
    "MarketlibError",
    "Match",
    "NotYourMove",
    "Outcome",
    "PlayerId",
    "PositionError",
    "RuleId",
    "SaveFileError",
    "TimelineError",
    "UndoBlocked",
    "Violation",
]
