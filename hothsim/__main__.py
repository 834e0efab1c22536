"""`python -m hothsim` runs the command line."""

import sys

from hothsim.cli import main

sys.exit(main())
