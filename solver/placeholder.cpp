// Replaced by the solver.
