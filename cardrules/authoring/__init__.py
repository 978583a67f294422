"""Rules files -> help for their authors: validate, explain, fmt and new (the modules of this package)."""
