"""Zone kinds: how the cards of a zone lie (a grid's cells, a `columns` family's order)."""
