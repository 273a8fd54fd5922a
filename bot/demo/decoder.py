"""Built-in Decoder players for the demo, at three levels: legal, seeded, and
only as wise as their own view (never the opponent's hand, tanks or offers).

Each picks rarities and a hand in letter selection; on its turn it asks real
words, guesses letters, and restores when its tanks run low; it answers every
response a seat can owe. Now and then ``easy`` and ``normal`` let a turn's
clock run so that time banks show in the demo.

Levels: ``easy`` rules letters out only by what it saw dealt and what was
revealed; ``normal`` also drops the letters of words answered ANY: no and its
own wrong guesses, since its last wrong guess (a swap may have followed it).
Both guess a letter at random among those left, as often as the odds say: a
wrong guess costs a letter of its own hand, so with ``chance`` the share of
the letters left that the opponent holds, ``easy`` guesses with that
probability and ``normal``, which waits for better odds, with 0.6 of it; any
other turn asks a word. ``hard`` keeps every hand the
opponent may still hold (:mod:`bot.demo.letters`), asks the word that would
split them most, guesses a letter once it is in (nearly) every one, takes its
fastest tanks, keeps the letters fewest words hold, answers with the clue
that tells the asker least, and gives up or swaps out its most asked-about
letter.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.demo.letters import asking, knowledge
from bot.kits import Player
from games.decoder.tiles import (
    ALPHABET,
    CLUES,
    EXTRA_LIMITS,
    HAND_SIZE,
    RARITIES,
    Clue,
    clue_answer,
    count_in,
)
from games.decoder.words import MAX_LETTERS, MIN_LETTERS, shipped_words

#: The host's part: start letter selection as soon as the match is running.
HOST_START = "start selection"


@dataclass(frozen=True)
class Level:
    name: str
    #: How often it lets a turn's clock run.
    timeout: float
    #: Keeps the candidate hands (hard) rather than a set of letters ruled out.
    reasons: bool
    #: Rules letters out by its ANY: no answers and wrong guesses (normal).
    reads_answers: bool
    #: A turn guesses with this times the chance that a letter left is in the
    #: opponent's hand (easy, normal; hard only when its reasoning finds nothing),
    #: else asks a word.
    nerve: float
    #: Hard: guesses a letter held in this share of the candidates.
    sure: float = 1.0
    #: Hard: words weighed per ask.
    words: int = 0


LEVEL_SETTINGS = {
    "easy": Level("easy", 0.05, reasons=False, reads_answers=False, nerve=1.0),
    "normal": Level("normal", 0.03, reasons=False, reads_answers=True, nerve=0.6),
    # Hard's fallback guesses whatever the odds (its reasoning found no hand).
    "hard": Level(
        "hard", 0.0, reasons=True, reads_answers=True, nerve=math.inf, sure=0.8, words=24
    ),
}


def decoder_host(view: dict[str, Any]) -> str | None:
    """The host's move when nobody else can move (the host view is given)."""
    return HOST_START if view.get("phase") == "pregame" else None


@cache
def _words() -> list[str]:
    """Everyday-length words, in a fixed order (every 7th of the sorted list)."""
    return sorted(w for w in shipped_words() if 4 <= len(w) <= 8)[::7]


def _player(level: Level) -> Player:
    def play(view: dict[str, Any], seat: int, rng: random.Random) -> str | None:
        if view.get("phase") == "selection":
            return _select(view, rng, level)
        owed = next((a for a in view.get("awaiting") or [] if a.get("seat") == seat), None)
        if owed is None:
            return None
        decision = owed["decision"]
        if decision == "turn":
            if level.timeout and rng.random() < level.timeout:
                return None
            return _turn(view, seat, rng, level)
        return _respond(view, decision, rng, level)

    play.__name__ = f"decoder_{level.name}"
    return play


# -- letter selection ---------------------------------------------------------------------------


@cache
def _rarity_in_words() -> dict[str, float]:
    """How many of the everyday words hold each letter: the fewer, the harder
    the letter is to find by asking."""
    return {x: sum(x in word for word in _words()) / len(_words()) for x in ALPHABET}


def _select(view: Mapping[str, Any], rng: random.Random, level: Level) -> str | None:
    chosen = view.get("selection")
    if not isinstance(chosen, Mapping) or chosen.get("hand_chosen"):
        return None
    earned = int(chosen.get("extras_earned") or 0)
    if chosen.get("rarities") is None:
        counts = [0, 0, 0]
        for _ in range(earned):
            room = [i for i, r in enumerate(RARITIES) if counts[i] < EXTRA_LIMITS[r]]
            # Hard takes the rarest letters first: they hide in fewer words.
            counts[max(room) if level.reasons else rng.choice(room)] += 1
        return "rarities " + " ".join(map(str, counts))
    dealt = sorted([*chosen.get("initial", []), *chosen.get("extras", [])])
    if level.reasons:
        hand = sorted(dealt, key=lambda x: (_rarity_in_words()[x], x))[:HAND_SIZE]
    else:
        hand = rng.sample(dealt, HAND_SIZE)
    return "hand " + " ".join(sorted(hand))


# -- a turn ------------------------------------------------------------------------------------


def _ruled_out(view: Mapping[str, Any], seat: int, level: Level) -> set[str]:
    """Letters this seat believes are not in the opponent's hand: its own setup
    letters and hand, revealed tiles, and (normal) its wrong guesses and words
    answered ANY: no since its last wrong guess (a swap may have followed it)."""
    out = {*view.get("seen", []), *view.get("hand", [])}
    out |= {entry["letter"] for entry in view.get("revealed", [])}
    if not level.reads_answers:
        return out
    mine = [r for r in view.get("history", []) if r.get("seat") == seat]
    wrong = [r for r in mine if r.get("kind") == "guess" and r.get("correct") is False]
    since = wrong[-1]["number"] if wrong else 0
    for record in mine:
        if record["number"] < since:
            continue
        if record.get("kind") == "guess" and record.get("correct") is False:
            out.add(record["letter"])
        for answer in record.get("answers") or []:
            if answer["clue"] == "ANY" and answer["answer"] is False:
                out |= set(record["word"])
    return out


def _tank(view: Mapping[str, Any], rng: random.Random, level: Level) -> tuple[int, bool]:
    """The tank to use, and whether it is the last unused one."""
    unused = [t for t in view["tanks"] if not t["used"]]
    if level.reasons:
        tank = min(unused, key=lambda t: (t["units"], t["tank"]))["tank"]
    else:
        tank = min(unused, key=lambda t: t["units"] + rng.randint(0, 8))["tank"]
    return tank, len(unused) == 1


def _restores(view: Mapping[str, Any], rng: random.Random, level: Level) -> bool:
    unused = [t["units"] for t in view["tanks"] if not t["used"]]
    if len(unused) == 1:
        return True
    if level.reasons:
        # Restore once the fast tanks are spent: every unused one is slower
        # than twice the fastest used one.
        used = [t["units"] for t in view["tanks"] if t["used"]]
        return len(used) >= 3 and min(unused) > 2 * min(used)
    return len(unused) <= 3 and rng.random() < 0.6


def _turn(view: Mapping[str, Any], seat: int, rng: random.Random, level: Level) -> str:
    tank, last = _tank(view, rng, level)
    items = view["items"][seat]
    wants_surge = level.reasons or rng.random() < 0.2
    surge = " surge" if "power_surge" in items and wants_surge and not last else ""
    if _restores(view, rng, level):
        return f"restore tank {tank}{surge}"
    if level.reasons:
        move = _reasoned(view, seat, rng, level)
        if move is not None:
            return f"{move} tank {tank}{surge}"
    left = [x for x in ALPHABET if x not in _ruled_out(view, seat, level)]
    chance = view["hand_sizes"][1 - seat] / max(1, len(left))
    if rng.random() >= level.nerve * chance:
        fresh = [w for w in rng.sample(_words(), 30) if w not in view["asked"]]
        word = rng.choice(fresh or ["DECODER"])
        evidence = " evidence" if "new_evidence" in items and rng.random() < 0.3 else ""
        return f"ask {word} not {rng.choice(CLUES)} tank {tank}{evidence}{surge}"
    revealed = {entry["letter"] for entry in view["revealed"]}
    letter = rng.choice(left or [x for x in ALPHABET if x not in revealed])
    insurance = " insurance" if "hand_insurance" in items and rng.random() < 0.4 else ""
    return f"guess {letter} tank {tank}{insurance}{surge}"


def _reasoned(view: Mapping[str, Any], seat: int, rng: random.Random, level: Level) -> str | None:
    """Hard's ask or guess from the candidate hands (None: none fits what it saw,
    e.g. a swap brought back a letter it had ruled out; it plays as normal)."""
    candidates = knowledge.hands(knowledge.evidence(view, seat))
    if not candidates:
        return None
    chances = knowledge.chances(candidates)
    letter, chance = max(sorted(chances.items()), key=lambda item: item[1])
    items = view["items"][seat]
    insured = "hand_insurance" in items and chance < 1
    guess = f"guess {letter}{' insurance' if insured else ''}"
    if chance >= level.sure or (insured and chance >= 0.5):
        return guess
    fresh = [w for w in rng.sample(_words(), level.words) if w not in view["asked"]]
    if not fresh:
        return guess
    evidence = "new_evidence" in items and len(candidates) > 20
    word, excluded, left = asking.best_ask(candidates, fresh, rng, evidence)
    if left > 0.9 and chance >= 0.5:
        return guess  # no word tells much more: the likeliest letter is worth the risk
    return f"ask {word} not {excluded}{' evidence' if evidence else ''}"


# -- answering the opponent's turn ----------------------------------------------------------


def _exposure(view: Mapping[str, Any], seat: int, letter: str) -> int:
    """How often the opponent's asked words held this letter: the more, the
    likelier it has been narrowed down to it."""
    asked = [r["word"] for r in view.get("history", []) if r.get("seat") == 1 - seat and r["word"]]
    return sum(word.count(letter) for word in asked)


def _quietest_clue(view: Mapping[str, Any], word: str, allowed: Sequence[Clue]) -> str:
    """The clue whose true answer a random hand would give most often: the answer
    that tells the asker least about this hand."""
    hand = view["hand"]
    truth = count_in(word, hand)
    draw = random.Random(word)  # fixed per word: the same view, the same answer
    pool = [x for x in ALPHABET if x not in {e["letter"] for e in view.get("revealed", [])}]
    samples = [count_in(word, draw.sample(pool, len(hand))) for _ in range(200)]

    def usual(clue: Clue) -> float:
        answer = clue_answer(clue, truth)
        return sum(clue_answer(clue, n) == answer for n in samples) / len(samples)

    return max(allowed, key=lambda clue: (usual(clue), clue))


def _respond(view: Mapping[str, Any], decision: str, rng: random.Random, level: Level) -> str:
    turn = view.get("turn") or {}
    seat = view["seat"]
    surprise = " unexpected" if "unexpected_sabotage" in view["items"][seat] else ""
    if rng.random() < 0.8:
        surprise = ""
    exposed = sorted(view["hand"], key=lambda x: (-_exposure(view, seat, x), x))
    if decision == "clue":
        allowed = [c for c in CLUES if c != turn.get("excluded")]
        clue = _quietest_clue(view, turn["word"], allowed) if level.reasons else rng.choice(allowed)
        return f"clue {clue}{surprise}"
    if decision == "giveup":
        return f"giveup {exposed[0] if level.reasons else rng.choice(view['hand'])}"
    if decision == "swap":
        if level.reasons and view.get("offer") is not None:
            return f"swap {exposed[0]}{surprise}"
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


#: The players by level, weakest first (what :mod:`bot.kits` finds).
LEVELS: dict[str, Player] = {name: _player(level) for name, level in LEVEL_SETTINGS.items()}
PLAYER = LEVELS["normal"]
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
        return _select(view, rng, LEVEL_SETTINGS["easy"])  # easy selects at random
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
