"""Rune Breaker: pieces, boards, notation, the command catalog and the executor."""
