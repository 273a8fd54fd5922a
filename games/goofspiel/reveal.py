"""What ``/match reveal`` tells the room once the match is over.

Square Goofspiel hides only the sealed bids of the auction in play; every other
bid is shown as its auction resolves. So the reveal is the whole record in one
place (each auction's bids, the hands at the end) and, if the match was
aborted with bids sealed, those bids.
"""

from __future__ import annotations

from typing import Any

from games.core import PUBLIC, Notice
from games.goofspiel.models import GoofspielState


def secrets(state: GoofspielState) -> list[Notice]:
    data = {
        "sealed": _sealed(state),
        "hands": [list(hand) for hand in state.hands],
        "auctions": [
            {
                "number": record.number,
                "letter": record.letter,
                "cell": record.cell,
                "bids": list(record.bids),
                "winner": record.winner,
            }
            for record in state.history
        ],
    }
    return [Notice(audience=PUBLIC, kind="secrets_revealed", data=data)]


def _sealed(state: GoofspielState) -> dict[str, Any] | None:
    """The bids in for the auction in play (a match aborted mid-auction), if any."""
    if state.outcome is not None or all(bid is None for bid in state.bids):
        return None
    return {
        "number": state.auction_number,
        "letter": state.letter,
        "cell": state.cell,
        "bids": list(state.bids),
    }
