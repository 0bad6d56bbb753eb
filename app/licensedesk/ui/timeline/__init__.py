"""A licence's timeline in the window: the licence card's line of what changed since the
licence was last seen, and the Timeline window of every change seen on it."""
