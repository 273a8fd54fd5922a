"""The honest Logical Horror player's reasoning: what its seat has learnt about
each colour's rule (:mod:`.knowledge`) and the boards it weighs (:mod:`.boards`)."""
