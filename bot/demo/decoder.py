"""A built-in Decoder player for the demo: legal, seeded, and only as wise as
its own view (it never sees the opponent's hand or tanks).

It picks rarities and a hand in letter selection; on its turn it asks real
words, guesses letters its clues have not ruled out, and restores when its
tanks run low; it answers every response a seat can owe. Now and then it
lets a turn's clock run so that time banks show in the demo.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from games.decoder.tiles import ALPHABET, CLUES, EXTRA_LIMITS, HAND_SIZE, RARITIES
from games.decoder.words import MAX_LETTERS, MIN_LETTERS, shipped_words

#: The host's part: start letter selection as soon as the match is running.
HOST_START = "start selection"


def decoder_host(view: dict[str, Any]) -> str | None:
    """The host's move when nobody else can move (the host view is given)."""
    return HOST_START if view.get("phase") == "pregame" else None


@cache
def _words() -> list[str]:
    """Everyday-length words, in a fixed order (every 7th of the sorted list)."""
    return sorted(w for w in shipped_words() if 4 <= len(w) <= 8)[::7]


def decoder(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    if view.get("phase") == "selection":
        return _select(view, rng)
    owed = next((a for a in view.get("awaiting") or [] if a.get("seat") == seat), None)
    if owed is None:
        return None
    decision = owed["decision"]
    if decision == "turn":
        return None if rng.random() < 0.03 else _turn(view, seat, rng)
    return _respond(view, decision, rng)


def _select(view: Mapping[str, Any], rng: random.Random) -> str | None:
    chosen = view.get("selection")
    if not isinstance(chosen, Mapping) or chosen.get("hand_chosen"):
        return None
    if chosen.get("rarities") is None:
        counts = [0, 0, 0]
        for _ in range(int(chosen.get("extras_earned") or 0)):
            room = [i for i, r in enumerate(RARITIES) if counts[i] < EXTRA_LIMITS[r]]
            counts[rng.choice(room)] += 1
        return "rarities " + " ".join(map(str, counts))
    dealt = sorted([*chosen.get("initial", []), *chosen.get("extras", [])])
    return "hand " + " ".join(sorted(rng.sample(dealt, HAND_SIZE)))


def _ruled_out(view: Mapping[str, Any], seat: int) -> set[str]:
    """Letters this seat believes are not in the opponent's hand: its own setup
    letters and hand, revealed tiles, its wrong guesses, and words answered
    ANY: no (swaps may have changed that since; it is a demo player)."""
    out = {*view.get("seen", []), *view.get("hand", [])}
    out |= {entry["letter"] for entry in view.get("revealed", [])}
    for record in view.get("history", []):
        if record.get("seat") != seat:
            continue
        if record.get("kind") == "guess" and record.get("correct") is False:
            out.add(record["letter"])
        for answer in record.get("answers") or []:
            if answer["clue"] == "ANY" and answer["answer"] is False:
                out |= set(record["word"])
    return out


def _turn(view: Mapping[str, Any], seat: int, rng: random.Random) -> str:
    unused = [t for t in view["tanks"] if not t["used"]]
    tank = min(unused, key=lambda t: t["units"] + rng.randint(0, 8))["tank"]
    items = view["items"][seat]
    surge = " surge" if "power_surge" in items and rng.random() < 0.2 else ""
    if len(unused) == 1 or (len(unused) <= 3 and rng.random() < 0.6):
        return f"restore tank {tank}{surge}"
    if rng.random() < 0.4:
        fresh = [w for w in rng.sample(_words(), 30) if w not in view["asked"]]
        word = rng.choice(fresh or ["DECODER"])
        evidence = " evidence" if "new_evidence" in items and rng.random() < 0.3 else ""
        return f"ask {word} not {rng.choice(CLUES)} tank {tank}{evidence}{surge}"
    left = [x for x in ALPHABET if x not in _ruled_out(view, seat)]
    revealed = {entry["letter"] for entry in view["revealed"]}
    letter = rng.choice(left or [x for x in ALPHABET if x not in revealed])
    insurance = " insurance" if "hand_insurance" in items and rng.random() < 0.4 else ""
    return f"guess {letter} tank {tank}{insurance}{surge}"


def _respond(view: Mapping[str, Any], decision: str, rng: random.Random) -> str:
    turn = view.get("turn") or {}
    seat = view["seat"]
    surprise = " unexpected" if "unexpected_sabotage" in view["items"][seat] else ""
    if rng.random() < 0.8:
        surprise = ""
    if decision == "clue":
        return f"clue {rng.choice([c for c in CLUES if c != turn.get('excluded')])}{surprise}"
    if decision == "giveup":
        return f"giveup {rng.choice(view['hand'])}"
    if decision == "swap":
        if view.get("offer") is None or rng.random() < 0.4:
            return f"keep{surprise}"
        return f"swap {rng.choice(view['hand'])}{surprise}"
    if decision == "total":
        if rng.random() < 0.25:
            return "pass"
        restored = len(turn.get("restored") or [])
        return f"total {max(1, restored * 11 + rng.randint(-6, 6))}{surprise}"
    if decision == "sabotage":
        return f"sabotage {rng.choice(turn['restored'])}"
    return "unexpected" if rng.random() < 0.5 else "pass"


#: What :mod:`bot.kits` finds for this game.
PLAYER = decoder
HOST_SCRIPT = decoder_host


@cache
def _any_words() -> tuple[str, ...]:
    """Every word a seat may ask, in a fixed order."""
    return tuple(sorted(w for w in shipped_words() if MIN_LETTERS <= len(w) <= MAX_LETTERS))


def random_decoder(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
    """A random legal move at each decision (no items): rarities and a hand at
    random; on a turn, a kind of move the rules allow (ask, guess, restore) and
    then its word, letter and tank at random; any allowed answer to whatever is
    owed. It never lets a clock run (the baseline the levels are weighed
    against)."""
    if view.get("phase") == "selection":
        return _select(view, rng)
    owed = next((a for a in view.get("awaiting") or [] if a.get("seat") == seat), None)
    if owed is None:
        return None
    if owed["decision"] != "turn":
        return _random_response(view, owed["decision"], rng)
    unused = [t["tank"] for t in view["tanks"] if not t["used"]]
    tank = rng.choice(unused)
    kinds = ["ask", "guess"] if len(unused) > 1 else []
    if len(unused) < len(view["tanks"]):
        kinds.append("restore")
    kind = rng.choice(kinds)
    if kind == "restore":
        return f"restore tank {tank}"
    if kind == "ask":
        asked = set(view["asked"])
        word = rng.choice([w for w in rng.sample(_any_words(), 20) if w not in asked] or ["DECODE"])
        return f"ask {word} not {rng.choice(CLUES)} tank {tank}"
    revealed = {entry["letter"] for entry in view["revealed"]}
    return f"guess {rng.choice([x for x in ALPHABET if x not in revealed])} tank {tank}"


def _random_response(view: Mapping[str, Any], decision: str, rng: random.Random) -> str:
    turn = view.get("turn") or {}
    if decision == "clue":
        return f"clue {rng.choice([c for c in CLUES if c != turn.get('excluded')])}"
    if decision == "giveup":
        return f"giveup {rng.choice(view['hand'])}"
    if decision == "swap":
        if view.get("offer") is None or rng.random() < 0.5:
            return "keep"
        return f"swap {rng.choice(view['hand'])}"
    if decision == "total":
        return rng.choice(
            ["pass", f"total {rng.randint(1, 11 * len(turn.get('restored') or [1]))}"]
        )
    if decision == "sabotage":
        return f"sabotage {rng.choice(turn['restored'])}"
    return "pass"


#: A player that picks at random among legal moves (bench/players.py's baseline).
RANDOM = random_decoder
