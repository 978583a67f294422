"""The package as a whole: its import layering, its data files and wheel, its façade, its genericity."""
