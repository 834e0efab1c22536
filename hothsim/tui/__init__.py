"""The terminal front end: a pure renderer (view), a pure key controller, and a thin curses adapter."""
