"""What every game shares and no game knows about: the timeline, the game layer, verdicts,
rule switches and the rulebook."""
