"""Which knobs matter: every rule parameter moved a step each way on the base's paired seeds (``designlab
levers``): knobs (knobs.py), games (games.py), effects and tests (effects.py), the plan (run.py), the typed
result (result.py) and the page (page.py)."""
