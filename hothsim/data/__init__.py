"""Loading and validating the files of rules/ and scenarios/ (pydantic models of every format)."""
