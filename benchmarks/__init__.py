"""Speed figures for hothsim (figures, not pass/fail).  Run: python -m benchmarks [NAME ...]."""
