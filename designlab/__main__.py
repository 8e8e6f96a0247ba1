"""`python -m designlab` runs the CLI, as the `designlab` command does."""

import sys

from designlab.cli.app import main

sys.exit(main())
