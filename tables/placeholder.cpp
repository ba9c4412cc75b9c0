// Replaced by the counter and the transposition table.
