"""The `herald` command-line client: player commands over HTTP, and `herald server ...`."""
