// The page's settings from Python: the shared colours and speeds (widgets/style.py) and the game's
// palette. Python writes the real values in this module's place when it composes the page (and a
// server that serves the modules one by one serves them here); on its own it gives empty settings.

export const CONFIG = { speeds: {}, colours: {}, palette: {} };
