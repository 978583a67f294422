"""Punto (games/punto.rules): worked examples and properties."""
