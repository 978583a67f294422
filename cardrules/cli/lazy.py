"""Command names and their group modules -> a Typer group that imports a group module and builds its commands'
parameters only when one of them is asked for.

Typer builds every registered command's parameters (reading each function's signature) before it runs
one, and registering a command means importing the module that defines it, with everything that module
imports (the authoring tools, the play screen, their records...). A process runs one command: here the
group only knows each command's name and module (`GROUPS` of cli/__init__.py), and a command is made, from
the very function its module lists in `COMMANDS`, the first time the group looks it up. `--help` lists
them all with the first paragraph of each one's help, which is its function's docstring: read from the group
modules' source (`summaries`), so that listing them imports none of them.
"""

from __future__ import annotations

import ast
import importlib.util
from typing import Any, Callable, Iterator, MutableMapping

import typer
import typer.core
import typer.main

Build = Callable[[str, Callable[..., Any]], Any]  # (name, function) -> a click command


class LazyCommands(MutableMapping[str, Any]):
    """name -> click command, in the order of `groups`; a command is built when first looked up."""

    def __init__(self, package: str, groups: dict[str, tuple[str, ...]], build: Build):
        self._package = package
        self._modules: dict[str, str | None] = {name: module for module, names in groups.items() for name in names}
        self._built: dict[str, Any] = {}
        self._build = build

    def built(self, name: str) -> bool:
        return name in self._built

    def help_text(self, name: str) -> str | None:
        """The docstring of command `name`'s function, read without importing its group module (None: not
        found in the source; building the command then tells)."""
        module = self._modules.get(name)
        return None if module is None else summaries(self._package, module).get(name)

    def __getitem__(self, name: str) -> Any:
        if name not in self._built:
            module = self._modules.get(name)  # KeyError for a name that is no command
            if module is None:
                raise KeyError(name)
            self._built[name] = self._build(name, group_commands(self._package, module)[name])
        return self._built[name]

    def __contains__(self, name: object) -> bool:
        return name in self._modules

    def __setitem__(self, name: str, command: Any) -> None:  # a command added by hand (click's add_command)
        self._modules.setdefault(name, None)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        del self._modules[name]
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


def group_commands(package: str, module: str) -> dict[str, Callable[..., Any]]:
    """A group module's `COMMANDS` (name -> function), importing the module."""
    # the import statement's own path (importlib.import_module bypasses it): `python -X importtime` lists it
    return __import__(f"{package}.{module}", fromlist=["COMMANDS"]).COMMANDS


_SUMMARIES: dict[tuple[str, str], dict[str, str]] = {}


def summaries(package: str, module: str) -> dict[str, str]:
    """A group module's command names -> their functions' docstrings, read from its source: the `COMMANDS = {...}`
    literal and the functions defined in the module (a name it lists otherwise, or a module with no source,
    is left out)."""
    key = (package, module)
    if key not in _SUMMARIES:
        _SUMMARIES[key] = _docstrings(importlib.util.find_spec(f"{package}.{module}"))
    return _SUMMARIES[key]


def _docstrings(spec: Any) -> dict[str, str]:
    try:
        with open(spec.origin, encoding="utf-8") as file:
            tree = ast.parse(file.read())
    except (AttributeError, TypeError, OSError, SyntaxError, ValueError):  # no spec, no source file
        return {}
    listed: dict[str, str] = {}
    docs: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and (doc := ast.get_docstring(node, clean=False)):
            docs[node.name] = doc
        elif (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["COMMANDS"]
              and isinstance(node.value, ast.Dict)):
            listed = {key.value: value.id for key, value in zip(node.value.keys, node.value.values)
                      if isinstance(key, ast.Constant) and isinstance(value, ast.Name)}
    return {name: docs[function] for name, function in listed.items() if function in docs}


def lazy_group(package: str, groups: dict[str, tuple[str, ...]], build: Build,
               help_text: Callable[[str], str]) -> type[typer.core.TyperGroup]:
    """A TyperGroup class (for `typer.Typer(cls=...)`) whose commands are those of `groups` (group module ->
    command names, in --help order), built by `build` when first looked up; its --help lists them with
    `help_text` of their docstrings (as `build` gives each its help) and builds none."""

    class LazyGroup(typer.core.TyperGroup):
        def __init__(self, *args: Any, **kwargs: Any):
            super().__init__(*args, **kwargs)
            registered = dict(self.commands)  # commands registered on the app itself, if any
            self.commands = LazyCommands(package, groups, build)
            for name, command in registered.items():
                self.commands[name] = command
            self._listing = False

        def list_commands(self, ctx: Any) -> list[str]:
            return list(self.commands)  # (TyperGroup's reads `commands.items()`, which would build them all)

        def get_command(self, ctx: Any, name: str) -> Any:
            commands = self.commands
            if self._listing and name in commands and not commands.built(name):
                text = commands.help_text(name)
                if text is not None:  # what --help shows of a command: its name and its help's first paragraph
                    return typer.core.TyperCommand(name, help=help_text(text))
            return commands.get(name)

        def format_help(self, ctx: Any, formatter: Any) -> None:
            self._listing = True
            try:
                super().format_help(ctx, formatter)
            finally:
                self._listing = False

    return LazyGroup


def single_command(name: str, function: Callable[..., Any], **settings: Any) -> Any:
    """The click command Typer makes of `function` registered as `name` (settings: the app's own: markup
    mode, pretty exceptions), with `help` given apart."""
    help_text = settings.pop("help", None)
    app = typer.Typer(add_completion=False, **settings)
    app.command(name, help=help_text)(function)
    return typer.main.get_command(app)
