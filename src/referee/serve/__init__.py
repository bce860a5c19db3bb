"""``referee serve``: the referee on every phone at the table.

A Starlette application on uvicorn that serves the game files of one folder
to phone-sized pages and a JSON API. The API never judges anything itself:
every request is answered by the game services (:mod:`referee.service`), the
same layer under the CLI, so its JSON is the CLI's ``--json``. Modules:

* :mod:`.cli` — the ``referee serve`` command (imports nothing heavy at load);
* :mod:`.games` — the games folder: names, and each game as its service shows it;
* :mod:`.api` — the JSON routes; :mod:`.events` — Server-Sent Events;
* :mod:`.security` — token, cookie, header, body limits, error pages;
* :mod:`.pages` — the HTML pages (templates, CSS and JS are package data);
* :mod:`.app` — puts the routes together; :mod:`.qr` — the join QR code.
"""
