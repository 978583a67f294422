"""The test suite, one folder per concern (a package, so that same-named files in different folders can coexist)."""
