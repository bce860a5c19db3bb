"""Out of Sight: banks and frame scoring, dice takes, the game on the engine, the sand timer."""
