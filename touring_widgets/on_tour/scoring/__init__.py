"""Scoring On Tour (O-ROUTE, O-SCORE): the best tour of any map, exactly, and checking a drawn tour.

The best tour is a longest weighted simple path whose numbers, stars skipped, never go down.
With distinct numbers that is a path in a DAG, but equal numbers and stars (wild) make cycles.
Three exact searches share the work, each in its own module:

- ``tour``: what a tour is: a map read (cells, arrays), a tour checked and scored (``Score``,
  ``check_tour``), how ties between equally good tours are broken;
- ``best``: ``best_tour``, which runs the memoised search and, on the maps where it runs past its
  budget, whichever of the other two suits the map (``best_tour_of_cells`` for a state's cells);
- ``memoised``: a search over (space, last number, visited spaces that still matter), quick
  whenever those cycles are short, as on the maps real games produce;
- ``branch_and_bound``: states (space, spaces a tour could still reach), bounds that follow the
  shape of a tour (levels of one number, regions, the spaces that cut them);
- ``frontier``: dynamic programming over the board's frontier, for maps with many stars;
- ``graph``: the board as bit masks, which all of them read.
"""

from .best import best_tour, best_tour_of_cells
from .tour import Score, check_tour, normalise_cell

__all__ = ["Score", "best_tour", "best_tour_of_cells", "check_tour", "normalise_cell"]
