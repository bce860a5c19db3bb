"""The referee on one phone: the table pages as an offline web app.

``referee site build DIR`` (:mod:`referee.site.build`) writes a static folder:
a small shell page that starts Pyodide (CPython in WebAssembly), installs the
referee wheel and its pure-Python dependencies into it, and then runs **the
same application** ``referee serve`` runs (:func:`referee.serve.app.create_app`)
in the browser, called without a network by :mod:`referee.site.browser`. The
pages are the server's own pages; their one client module (``client.js``)
talks ``fetch`` under ``referee serve`` and to the in-browser application in
the site. Games are files in Pyodide's file system, kept in the browser's
IndexedDB; dictionaries are SCOWL word lists packed at build time
(:func:`referee.core.scowl.write_pack`).
"""
