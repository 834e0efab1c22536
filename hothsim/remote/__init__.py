"""A game at two machines: the conversation both copies hold (hash-linked, signed lines), the dice both
sides roll from hash chains, secrets committed and revealed, and the connection (docs/remote-play.md).
Pure but for `link.py`; the commands that use it are hothsim.hosting and hothsim.by_mail."""
