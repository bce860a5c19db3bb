"""``referee serve``: the referee on every phone at the table.

A Starlette application on uvicorn that serves the game files of one folder
to phone-sized pages and a JSON API. The API never judges anything itself:
every request is answered by running the referee's own command (the same
Click command tree as the CLI) in-process, so its JSON is the CLI's, byte for
byte. Modules:

* :mod:`.cli` — the ``referee serve`` command (imports nothing heavy at load);
* :mod:`.runner` — runs a CLI command in-process with its output captured;
* :mod:`.commands` — builds a command line from a JSON body (Click introspection);
* :mod:`.games` — the games folder: names, versions, summaries;
* :mod:`.api` — the JSON routes; :mod:`.events` — Server-Sent Events;
* :mod:`.security` — token, cookie, header, body limits, error pages;
* :mod:`.pages` — the HTML pages (templates, CSS and JS are package data);
* :mod:`.app` — puts the routes together; :mod:`.qr` — the join QR code.
"""
