"""The Expression player's reasoning at ``hard``: what the opponent's own tiles
in a round may have been, from the colours it was shown, who won the round,
and what guesses and reveals told (:mod:`.knowledge`)."""
