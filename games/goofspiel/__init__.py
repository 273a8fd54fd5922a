"""Square Goofspiel: sealed-bid auctions for the cells of a 6×6 board."""

from games.goofspiel.engine import Goofspiel
from games.goofspiel.models import Bid, GoofspielConfig, GoofspielState

GAME = Goofspiel()

__all__ = ["GAME", "Bid", "Goofspiel", "GoofspielConfig", "GoofspielState"]
