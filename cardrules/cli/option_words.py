"""A game's declared options + the `-o` values a user typed -> why they are refused, in the user's words.

The library says what an option accepts as a rules file writes it ("accepts true or false"); on the
command line people type `-o fast=yes`, so this module says which values they may type there (yes or
no for a switch, the listed choices, the number range), gives an example, and names the option's
declaration (file:line) so that the reader can look it up. Every command that takes `-o` asks here
(common.check_options) and exits 2 with the answer.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import CheckedRules
from ..engine import OptionDoc
from ..engine.accepts import either
from ..resources import games_dir


def typed(value: Any) -> str:
    """A value as the user types it after `-o NAME=`: yes/no, 3, fast ("two words" quoted)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    return f'"{text}"' if not text or any(c.isspace() for c in text) else text


def allowed(doc: OptionDoc) -> str:
    """The values an option takes, in words: "yes or no", "slow, normal or fast", "a whole number from 1 to 5"."""
    if doc.choices is not None:
        return ("one of " if len(doc.choices) > 2 else "") + either([typed(v) for v in doc.choices])
    if doc.bounds is not None:
        return f"a whole number from {doc.bounds[0]} to {doc.bounds[1]}"
    if isinstance(doc.default, bool):
        return "yes or no"
    return "a whole number" if isinstance(doc.default, int) else "any text"


def kind(doc: OptionDoc) -> str:
    """An option's kind in a word or two, for the list of a game's options: "yes/no", "1-5", "slow/normal/fast"."""
    if doc.choices is not None:
        return "/".join(typed(v) for v in doc.choices)
    if doc.bounds is not None:
        return f"{doc.bounds[0]}-{doc.bounds[1]}"
    if isinstance(doc.default, bool):
        return "yes/no"
    return "number" if isinstance(doc.default, int) else "text"


def example(name: str, doc: OptionDoc) -> str:
    """A command-line setting the option accepts: `-o fast` for a switch, else its default."""
    return f"-o {name}" if doc.default is False else f"-o {name}={typed(doc.default)}"


def shown_path(path: str) -> str:
    """A rules file's path as the user can find it: relative to the working directory when inside it, a
    bundled game's as games/NAME.rules, else as it is."""
    try:
        file = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return path
    for base, prefix in ((Path.cwd(), ""), (games_dir().resolve(), "games/")):
        if file.is_relative_to(base):
            return prefix + file.relative_to(base).as_posix()
    return path


def declared_at(rules: CheckedRules, name: str) -> str:
    """Where the option `name` is declared: "games/GAME.rules:8"."""
    span = rules.symbols.options[name].span
    return f"{shown_path(span.path or rules.path)}:{span.line}"


def value_problem(name: str, doc: OptionDoc, raw: Any) -> str | None:
    """Why the value typed for a declared option is refused (not of its kind, outside its range or list), or None."""
    if raw is True and not isinstance(doc.default, bool):  # `-o rounds` without a value
        return f"option '{name}' needs a value: {allowed(doc)}, e.g. {example(name, doc)}"
    from ..compiler.options import coerce  # here: a warm start that reads its game back imports no compiler

    value = coerce(raw, doc.default)
    out_of_bounds = doc.bounds is not None and value is not None and not doc.bounds[0] <= value <= doc.bounds[1]
    if value is None or out_of_bounds or (doc.choices is not None and value not in doc.choices):
        switch = f" (-o {name} alone is yes)" if isinstance(doc.default, bool) else ""
        return f"option '{name}' takes {allowed(doc)}{switch}, not '{raw}'"
    return None


def unknown_problem(rules: CheckedRules, name: str) -> str:
    """An option the rules do not declare: what they do declare, with the kinds, and where."""
    docs = rules.option_docs
    if not docs:
        return f"{rules.title} has no options, so not '{name}' ({shown_path(rules.path)} declares none)."
    known = [f"{option} ({kind(doc)})" for option, doc in docs.items()]
    known = known[0] if len(known) == 1 else ", ".join(known[:-1]) + " and " + known[-1]
    from ..language.suggest import suggest  # here: imported to word a problem only

    return (f"{rules.title} has no option '{name}'{suggest(name, docs) or '.'} Its options are {known}, declared "
            f"in {shown_path(rules.path)}.")


def options_problem(rules: CheckedRules, given: dict[str, Any]) -> str | None:
    """The first option typed that the rules refuse (unknown, or a value it does not take), in the user's words
    with the declaration's place; None if all are fine (player counts: common.check_players)."""
    docs = rules.option_docs
    for name, raw in given.items():
        if name not in docs:
            return unknown_problem(rules, name)
        why = value_problem(name, docs[name], raw)
        if why is not None:
            return f"{why} (declared at {declared_at(rules, name)})"
    return None

