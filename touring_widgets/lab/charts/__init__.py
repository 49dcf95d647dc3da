"""Charts of the probability lab: simulated frequencies next to exact probabilities, live.

Two charts, each an ipycanvas ``MultiCanvas`` you show as the last line of a cell:

- ``Histogram``: the share of simulated games per outcome (bars) with the exact distribution
  drawn over it (a mark per outcome);
- ``Convergence``: the running frequency of one event as games accumulate, the exact value as a
  horizontal line and the band where 95% of runs lie at each number of games.

>>> from fractions import Fraction
>>> h = Histogram(exact={k: Fraction(6 - abs(7 - k), 36) for k in range(2, 13)}, title="Two dice")
>>> h.update({7: 18, 6: 15, 8: 14, 2: 3}, force=True)
>>> c = Convergence(exact=Fraction(1, 6), title="A six", ylabel="frequency of a six")
>>> c.update(1, 4); c.update(3, 10)
>>> c.points
[(4, 0.25), (10, 0.3)]

``update`` may be called after every simulated game: the chart redraws at most a few times a
second (``min_interval``), and a change that arrived too soon is drawn once that time has
passed. Each redraw is one message to the page (``hold_canvas``); the chart keeps the axes and
the exact overlay on their own layers and resends them only when a scale changes. The canvas is
drawn at twice its CSS size (``pixel_ratio``), so it is sharp on HiDPI screens; ``theme="auto"``
(transparent, mid-tone inks) reads on JupyterLab's light and dark themes alike.

Each chart has its module (``histogram``, ``convergence``); ``chart`` holds what they share (the
layers, the throttle, the frame and the legend), ``scales``, ``labels``, ``palette``, ``bands``
and ``inputs`` the pieces they draw with and the checks of what they are given.
"""

from __future__ import annotations

from .bands import Z95 as Z95
from .bands import exact_band, wilson
from .convergence import Convergence
from .histogram import Histogram
from .palette import FONT as FONT
from .palette import PALETTES, Palette
from .scales import BELOW as BELOW
from .scales import LEFT as LEFT

__all__ = ["PALETTES", "Convergence", "Histogram", "Palette", "exact_band", "wilson"]
