"""The honest Rune Breaker player's reasoning: what each rune may mean, from the
probes its seat has seen (:mod:`.knowledge`), which probe to make next
(:mod:`.probing`), and the answer it builds: a Reagent Board (:mod:`.reagent`)
or a Command Sequence (:mod:`.sequence`)."""
