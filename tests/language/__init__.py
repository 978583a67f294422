"""The language: syntax, the checker and its messages (golden/errors), broken files, the docs' examples."""
