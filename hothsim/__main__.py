"""`python -m hothsim` runs the command line."""

from hothsim.launch import run

run()
