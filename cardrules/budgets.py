"""A command's memory and CPU-time budgets -> the process's resource limits, and the exceptions that report them.

Everything else the tool bounds is counted (decisions, steps, cards, search nodes: limits.py), but one
expression of a rules file can still build a list of a hundred million numbers, and a long run can go on
for hours. The operating system enforces these two budgets for us, per process (each `--jobs` worker
inherits them): past the memory budget an allocation fails with MemoryError, which the engine reports
at the rules line that asked for it; past the CPU budget the kernel sends SIGXCPU, which `CpuBudgetSpent`
turns into a message. Both are stated by `cardrules --help` and docs/limits.md.
"""

from __future__ import annotations

import math
import re
import signal
import threading

from .limits import MAX_MEMORY

try:
    import resource
except ImportError:  # not a Unix: the budgets are not enforced (and say so in `stated`)
    resource = None  # type: ignore[assignment]

_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}
_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*([KMGT]?)(?:I?B)?", re.IGNORECASE)
_state = {"memory": None, "cpu": None}  # what set_budgets applied, for the messages


class CpuBudgetSpent(BaseException):
    """The process used its CPU-time budget. A BaseException, like KeyboardInterrupt: the engine's
    handlers of a rules file's failures (`except Exception`) must not mistake it for one."""


class BudgetError(Exception):
    """A budget was spent in a worker process: carried back to the command as an ordinary error."""


def parse_size(text: str) -> int | None:
    """'4G', '500M', '2.5GiB', '1000000' -> bytes; 'none' -> None (no budget). ValueError in words otherwise."""
    if text.strip().lower() in ("none", "unlimited", "0"):
        return None
    match = _SIZE.fullmatch(text.strip())
    if not match:
        raise ValueError(f"'{text}' is not a size: write a number with K, M or G, such as 500M or 4G (or 'none')")
    size = int(float(match.group(1)) * _UNITS[match.group(2).upper()])
    if size < 64 * 1024**2:
        raise ValueError(f"'{text}' is too small: a command needs at least 64M")
    return size


def parse_seconds(text: str) -> float | None:
    """'600', '1.5' -> seconds; 'none' -> None (no budget)."""
    if text.strip().lower() in ("none", "unlimited", "0"):
        return None
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError(f"'{text}' is not a number of seconds (or 'none')") from None
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"'{text}' is not a number of seconds (or 'none')")
    return seconds


def size_words(size: int | None) -> str:
    if size is None:
        return "none"
    for unit in ("T", "G", "M", "K"):
        if size >= _UNITS[unit] and size % _UNITS[unit] == 0:
            return f"{size // _UNITS[unit]}{unit}"
    return f"{size} bytes"


def set_budgets(memory: int | None = MAX_MEMORY, cpu: float | None = None) -> None:
    """Apply the budgets to this process (and the workers it will start). A budget above the system's
    own hard limit is lowered to it; the budgets only ever go down within one process."""
    _state["memory"], _state["cpu"] = memory, cpu
    if resource is None:
        return
    if memory is not None:
        _lower(resource.RLIMIT_DATA, memory)
    if cpu is not None:
        used = resource.getrusage(resource.RUSAGE_SELF)
        _lower(resource.RLIMIT_CPU, math.ceil(used.ru_utime + used.ru_stime + cpu))
        catch_cpu_signal()


def _lower(kind: int, value: int) -> None:
    soft, hard = resource.getrlimit(kind)
    value = value if hard == resource.RLIM_INFINITY else min(value, hard)
    if soft == resource.RLIM_INFINITY or value < soft:
        resource.setrlimit(kind, (value, hard))


REPORT_SECONDS = 10  # CPU time a command still has to stop its workers, report and exit


def _on_sigxcpu(_signum: int, _frame) -> None:
    allow_exit()
    raise CpuBudgetSpent(cpu_message())


def allow_exit() -> None:
    """The CPU budget moved REPORT_SECONDS past what this process has used, if one was set: past the budget the
    kernel signals again after every CPU second, and Python's exit restores SIGXCPU's default (which kills), so
    a command whose budget ran out while it reported, or while it exited, was cut off or killed (exit -24, its
    report printed or not). The budget's first signal and the end of a command (cli.main) call this."""
    if resource is None or _state["cpu"] is None:
        return
    used = resource.getrusage(resource.RUSAGE_SELF)
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    wanted = math.ceil(used.ru_utime + used.ru_stime + REPORT_SECONDS)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft != resource.RLIM_INFINITY and wanted > soft:
        resource.setrlimit(resource.RLIMIT_CPU, (wanted, hard))


def catch_cpu_signal() -> None:
    """SIGXCPU raises CpuBudgetSpent (its default would kill the process without a word)."""
    if resource is not None and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGXCPU, _on_sigxcpu)


def cpu_message() -> str:
    cpu = _state["cpu"]
    amount = f"{cpu:g} s" if cpu is not None else "its limit"
    return (f"the command used its CPU-time budget ({amount} per process); raise it with "
            "`cardrules --max-cpu SECONDS ...`")


def memory_message() -> str:
    return (f"the command needed more memory than its budget ({size_words(_state['memory'])} per process); "
            "raise it with `cardrules --max-memory SIZE ...`")


SPENT = (MemoryError, CpuBudgetSpent, BudgetError)  # what a command catches to report a spent budget


def spent_message(exc: BaseException) -> str:
    """The message for one of SPENT, with this process's budgets (a worker's own words lack them)."""
    return memory_message() if isinstance(exc, MemoryError) else cpu_message()

