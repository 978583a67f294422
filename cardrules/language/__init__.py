"""The rules language: text -> nodes (`syntax`, the only module that imports lark), `extend`, `symbols`, `check`,
the `builtins` registry and constant folding."""
