"""Interactive boards (anywidget) for JupyterLab: play by clicking, against bots or hot-seat.

``MonsoonBoard(match, seat=0, opponents={1: GreedyBot()})``; ``marketlib.play("monsoon")``
makes a match and a board in one line.
"""

from marketlib.widgets.bansan import BansanBoard
from marketlib.widgets.board import Board
from marketlib.widgets.monsoon import MonsoonBoard

__all__ = ["BansanBoard", "Board", "MonsoonBoard"]
