"""Structural commands: they act on the sequence, not on the board.

How a sequence runs (the one definition; ``executor.execute`` implements it,
docs/runebreaker-catalog.md repeats it for players):

* A sequence is read left to right as a list of **steps**. A step is a
  primitive command, ``again``, or a structural command together with what it
  acts on: ``skip`` and ``repeat n`` act on the one step that follows them
  (itself possibly structural), ``reverse-rest`` acts on everything after it.
* ``skip X`` — X does not run (nor anything inside it).
* ``repeat n X`` — X runs n times in a row. ``repeat 2 repeat 3 X`` runs X six
  times; ``repeat 2 skip X`` runs nothing; ``skip repeat 2 X`` runs nothing.
* ``again`` — the most recent primitive command that actually ran runs once
  more (skipped commands never ran; structural commands are never what
  ``again`` repeats, they are not commands on the board). So ``X repeat 2 again``
  runs X three times.
* ``reverse-rest`` — the rest of the sequence is read backwards from the end,
  as a sequence of its own, and that ends the sequence. Structural commands
  inside the reversed rest act on what follows them in the *reversed* reading.
* ERROR when a structural command has nothing to act on: ``skip``, ``repeat``
  or ``reverse-rest`` as the last symbol (also as the last symbol of a
  reversed rest, or as a skipped one's target), and ``again`` before any
  primitive has run.
* Every primitive checks its own precondition against the board as it is at
  that point of the sequence; the first failure answers ERROR.
"""

from __future__ import annotations

from games.runebreaker.commands._base import Entry, Param

SKIP = "skip"
REPEAT = "repeat"
AGAIN = "again"
REVERSE_REST = "reverse-rest"

ENTRIES: tuple[Entry, ...] = (
    Entry(
        SKIP,
        "structure",
        "The next step does not run (a structural step is skipped with what it acts on).",
        (),
        "ERROR if nothing follows it.",
        "skip the next step",
        structural=True,
    ),
    Entry(
        REPEAT,
        "structure",
        "The next step runs n times in a row.",
        (Param("times", "times"),),
        "ERROR if nothing follows it.",
        "repeat the next step {times} times",
        structural=True,
    ),
    Entry(
        AGAIN,
        "structure",
        "The last primitive command that actually ran runs once more.",
        (),
        "ERROR if no primitive command has run yet.",
        "do the last command again",
        structural=True,
    ),
    Entry(
        REVERSE_REST,
        "structure",
        "The rest of the sequence runs backwards, from the last symbol to the first.",
        (),
        "ERROR if nothing follows it.",
        "run the rest backwards",
        structural=True,
    ),
)

#: The rules above in players' words, for the catalog listing and the doc.
RULES: tuple[str, ...] = (
    "A sequence runs left to right, one step at a time.",
    "skip and repeat act on the next step; if that is skip or repeat too,",
    "the step includes what that one acts on: `repeat 2 skip X` runs nothing,",
    "`repeat 2 repeat 3 X` runs X six times.",
    "reverse-rest acts on everything after it: that rest runs read backwards,",
    "and structural commands in it act on what follows them backwards.",
    "again repeats the last primitive command that ran (skipped ones never ran;",
    "`X repeat 2 again` runs X three times).",
    "ERROR if skip, repeat or reverse-rest has nothing after it,",
    "or again comes before any command has run.",
    "Each command checks its ERROR against the board as it is at that moment.",
)
