"""Colours and speeds every board shares, defined once: Python paces bots with ``SPEEDS`` and
sends both to the page (the board's JavaScript receives them as ``CONFIG``, never a copy).

>>> SPEEDS["normal"]
0.5
"""

from __future__ import annotations

#: Pause between automatic moves (seconds) for each speed setting, slowest last.
SPEEDS = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2}

#: Colours the shell draws with where the theme's own do not fit: things drawn on paper-white
#: cards look the same in light and dark themes, so they take fixed colours.
COLOURS = {
    # the win banner and its text
    "win": "#23803a",
    "win_ink": "#ffffff",
    # the game-over banner when nobody won
    "over": "#555555",
    # badges drawn on a card (key numbers, counts): dark on the card's light paper in every theme
    "card_badge": "#263238",
    "card_badge_ink": "#ffffff",
    # the badge of the card just drawn
    "new": "#b04a12",
    "new_ink": "#ffffff",
    # places a picked card may go: fill of the lit area
    "lit_fill": "rgba(25,118,210,0.14)",
    # the teacher's-view label
    "teacher": "#b45309",
    "teacher_ink": "#ffffff",
}

#: The static picture's root: its class, its style (as wide as the page allows, its height in
#: proportion) and a rule for the page it is shown in. marimo writes a picture into the page itself
#: and caps a cell's output at 610 px with a scrollbar inside: the rule lifts that cap on a box that
#: holds a picture, so the whole position shows (JupyterLab shows the SVG as an image: no effect).
PICTURE_SVG = ('class="tw-whole" style="max-width:100%;height:auto"',
               "<style>.output-area:has(svg.tw-whole){max-height:none !important}</style>")
