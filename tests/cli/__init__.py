"""The command line: its commands, their errors and the terminal rendering."""
