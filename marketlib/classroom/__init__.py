"""A class plays together: students join the teacher's market from their own browsers (docs:
"Running a class").

``Room("bansan", tables=6, players=4).start()`` serves every table from the notebook's kernel;
students open the address, type their seat's code and play the notebook's board. The server owns
each ``Match`` and writes every action to SQLite before it answers; ``Room.resume(path)`` brings
a class back after a kernel restart. ``room.results()`` and ``room.turns()`` are the frames of
``marketlib.sim.play_many``, so the debrief charts run on the class's own games.

Needs the ``classroom`` extra (Starlette, uvicorn, websockets, segno).
"""

from marketlib.classroom.prediction import Question
from marketlib.classroom.room import Room, load
from marketlib.classroom.store import StoreError

__all__ = ["Question", "Room", "StoreError", "load"]
