"""The Decoder player's reasoning at its higher levels: the hands the opponent
may still hold, from what its seat saw (:mod:`.knowledge`), and the word to ask
that would split them most (:mod:`.asking`)."""
