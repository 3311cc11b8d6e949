"""The operator's side: the `herald server ...` commands and what they do by hand."""
