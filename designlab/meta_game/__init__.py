"""designlab meta: the persona meta-game, one feature in one package: the run that plays every persona against
every persona through the runner (run.py), the zero-sum solution and its intervals (solve.py), the
exploitability check and double oracle (check.py), the typed result (result.py) and the page sections (page.py,
check_page.py). docs/strategy.md ("Persona meta-games") describes it. Named ``meta_game``, not ``meta``: a
subpackage ``meta`` would take the name of the library function ``designlab.meta``."""
