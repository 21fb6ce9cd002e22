"""Source of the Nile shown to people: the terminal board and the log's wording
(:mod:`~.render`, with the map drawn by :mod:`~.mapboard`), and the blank mapboard the browser
board draws on (:mod:`~.layout`)."""
