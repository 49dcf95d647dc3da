"""A third game, declared and registered from the tests alone: Nim, where seats take one to three
stones in turn and the seat taking the last one wins. It proves that a game is one package and its
registration: the lab, the demos, the rulebook, a board and saves take it without a change to
shared code."""
