"""The authoring tools: check's warnings, validate, explain, fmt, new, and variants that extend a game."""
