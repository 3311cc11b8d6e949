"""The HTML game page a seat's signed link opens, and those links."""
