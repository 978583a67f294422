"""Command names and their group modules -> a Typer group that imports a group module and builds its commands'
parameters only when one of them is asked for.

Typer builds every registered command's parameters (reading each function's signature) before it runs
one, and registering a command means importing the module that defines it, with everything that module
imports (the authoring tools, the play screen, their records...). A process runs one command: here the
group only knows each command's name and module (`GROUPS` of cli/__init__.py), and a command is made, from
the very function its module lists in `COMMANDS`, the first time the group looks it up. `--help` lists
them all, and so builds them all.
"""

from __future__ import annotations

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


def lazy_group(package: str, groups: dict[str, tuple[str, ...]], build: Build) -> type[typer.core.TyperGroup]:
    """A TyperGroup class (for `typer.Typer(cls=...)`) whose commands are those of `groups` (group module ->
    command names, in --help order), built by `build` when first looked up."""

    class LazyGroup(typer.core.TyperGroup):
        def __init__(self, *args: Any, **kwargs: Any):
            super().__init__(*args, **kwargs)
            registered = dict(self.commands)  # commands registered on the app itself, if any
            self.commands = LazyCommands(package, groups, build)
            for name, command in registered.items():
                self.commands[name] = command

    return LazyGroup


def single_command(name: str, function: Callable[..., Any], **settings: Any) -> Any:
    """The click command Typer makes of `function` registered as `name` (settings: the app's own: markup
    mode, pretty exceptions), with `help` given apart."""
    help_text = settings.pop("help", None)
    app = typer.Typer(add_completion=False, **settings)
    app.command(name, help=help_text)(function)
    return typer.main.get_command(app)
