"""Files a user names: one rule for every file the program writes, one bounded reader.

Every output path (a save, a results file, a plot, a weights file) goes through the same rule:

- **checked before the work starts** (:func:`check_output`): its folder exists and takes a new
  file, it is not a folder, a device, a FIFO or a link that leads nowhere, and a file already
  there is overwritten only when it is one of ours of the same kind (its ``is_ours`` test says
  so), is empty, or the caller was told ``force``;
- **written atomically** (:func:`write_atomic`): a temporary file in the same folder, ``fsync``,
  then ``os.replace``, so a crash leaves the old file or the new one. A symbolic link is written
  through (its target changes, the link stays); a file that exists keeps its permissions;
- **never lost after long work** (:func:`write_new_file`): when the file asked for cannot be
  written after all, the caller writes the work under a new name that overwrites nothing and
  prints it.

Reading (:func:`read_bounded`) takes regular files only (a FIFO or ``/dev/zero`` is refused at
once, without waiting on it) and stops after a bound whatever the file's size claims.

Every failure is a :class:`FileRefused` whose message is one line naming the file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

from realpolitik.engine.core.api import RealpolitikError

__all__ = [
    "FileRefused",
    "check_output",
    "read_bounded",
    "rescue_folders",
    "shown",
    "write_atomic",
    "write_new_file",
]

IsOurs = Callable[[bytes], bool]
"""Whether a file's bytes (at most ``limit`` of them) are of the kind about to be written."""

_LIMIT = 32 * 1024 * 1024
"""How much of an existing file ``is_ours`` is shown, and the default read bound."""


class FileRefused(RealpolitikError):
    """A file that cannot be read or written as asked (the message is one line naming it).

    Attributes:
        why: The reason alone, without the file's name.
    """

    def __init__(self, message: str, why: str = "") -> None:
        super().__init__(message)
        self.why = why or message


def shown(path: str | os.PathLike[str]) -> str:
    """A file name as it is safe to print: control characters (an escape sequence, a newline)
    are shown escaped, never sent to the terminal."""
    text = os.fspath(path)
    if all(c.isprintable() for c in text):
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _target(path: str | os.PathLike[str]) -> Path:
    """Where writing ``path`` lands: through any symbolic links, to the file they name."""
    p = Path(path)
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def _folder(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def _refuse(verb: str, path: str | os.PathLike[str], why: str) -> FileRefused:
    return FileRefused(f"cannot {verb} {shown(path)}: {why}", why)


def _existing(verb: str, path: str | os.PathLike[str], target: Path) -> os.stat_result | None:
    """The target's status (through links), None when there is no file; refuses a folder and
    anything but a regular file."""
    try:
        st = os.stat(target)
    except FileNotFoundError:
        if os.path.lexists(target):  # a link to nothing: writing would land who knows where
            raise _refuse(verb, path, "it is a symbolic link to a missing file") from None
        return None
    if stat.S_ISDIR(st.st_mode):
        raise _refuse(verb, path, "it is a directory")
    if not stat.S_ISREG(st.st_mode):
        raise _refuse(verb, path, "it is not a regular file (a device, pipe or socket)")
    return st


def _holds(target: Path, is_ours: IsOurs) -> bool:
    try:
        return is_ours(read_bounded(target))
    except FileRefused:  # too large to be ours, or unreadable: not proven ours
        return False


def check_output(
    path: str | os.PathLike[str],
    *,
    kind: str,
    is_ours: IsOurs,
    verb: str = "write to",
    force: bool = False,
    force_hint: str = "",
    probe: bool = True,
) -> None:
    """Refuse, before any work, an output file that could not be written or holds something else.

    Args:
        path: The file named by the user.
        kind: What is written, for the message (``a realpolitik save``, ``a PNG plot``).
        is_ours: Whether an existing file's bytes are of that kind (then it may be replaced).
        verb: The message's verb (``cannot <verb> <path>: …``).
        force: Replace any regular file.
        force_hint: How to force it, added to the refusal (``, or give --force``).
        probe: Create and remove a file in the folder, to know it takes one (the writer, which
            creates its temporary file there anyway, skips it).

    Raises:
        FileRefused: naming the file and the problem; the file is left as it is.
    """
    try:
        target = _target(path)
        st = _existing(verb, path, target)
        folder = _folder(target)
        if not folder.is_dir():
            raise _refuse(verb, path, f"there is no folder {shown(folder)}")
        if probe:
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".probe", dir=folder)
            os.close(fd)
            os.unlink(tmp)
        if st is not None and st.st_size > 0 and not force and not _holds(target, is_ours):
            raise _refuse(
                verb,
                path,
                f"the file exists and is not {kind}; choose another file{force_hint} (it is left as it is)",
            )
    except FileRefused:
        raise
    except OSError as exc:
        raise _refuse(verb, path, exc.strerror or str(exc)) from None


def write_atomic(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    kind: str,
    is_ours: IsOurs,
    verb: str = "write to",
    force: bool = False,
    force_hint: str = "",
) -> None:
    """Write a file through a temporary file in the same folder, ``fsync`` and ``os.replace``,
    after the checks of :func:`check_output` (made again: the file may have changed since).

    Args:
        path: The file.
        data: Its bytes.
        kind: As for :func:`check_output`.
        is_ours: As for :func:`check_output`.
        verb: As for :func:`check_output`.
        force: As for :func:`check_output`.
        force_hint: As for :func:`check_output`.

    Raises:
        FileRefused: naming the file and why; the old file (if any) is untouched.
    """
    check_output(path, kind=kind, is_ours=is_ours, verb=verb, force=force, force_hint=force_hint, probe=False)
    try:
        target = _target(path)
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=_folder(target))
    except OSError as exc:
        raise _refuse(verb, path, exc.strerror or str(exc)) from None
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise _refuse(verb, path, exc.strerror or str(exc)) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_new_file(
    folders: Iterable[Path], name: str, suffix: str, data: bytes, *, kind: str, is_ours: IsOurs
) -> tuple[str | None, str]:
    """Write ``data`` under a new name that overwrites nothing: ``NAME.SUFFIX`` or
    ``NAME-N.SUFFIX`` in the first folder that takes it.

    Returns:
        The file written (None when no folder took it) and the last reason for failure.
    """
    why = ""
    for folder in folders:
        for n in range(100):
            candidate = folder / f"{name}{'' if n == 0 else f'-{n}'}{suffix}"
            try:
                os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            except FileExistsError:
                continue
            except OSError as exc:
                why = exc.strerror or str(exc)
                break
            try:
                write_atomic(candidate, data, kind=kind, is_ours=is_ours)
            except FileRefused as exc:
                why = str(exc)
                with contextlib.suppress(OSError):
                    os.unlink(candidate)
                break
            return str(candidate), ""
    return None, why


def rescue_folders() -> list[Path]:
    """Where work that could not be written as asked goes: the current folder, then the
    temporary folder."""
    folders = []
    with contextlib.suppress(OSError):  # the current folder may be gone
        folders.append(Path.cwd())
    folders.append(Path(tempfile.gettempdir()).absolute())
    return folders


def read_bounded(
    path: str | os.PathLike[str], limit: int = _LIMIT, *, kind: str = "", verb: str = "load"
) -> bytes:
    """The bytes of a regular file, reading at most ``limit + 1`` whatever its size claims.

    A FIFO, a device or a folder is refused without waiting on it.

    Args:
        path: The file.
        limit: The most bytes accepted.
        kind: What the file should be, for the too-large message (``for a save``).
        verb: The message's verb (``cannot <verb> <path>: …``).

    Raises:
        FileRefused: naming the file and the problem.
    """
    what = f" for {kind}" if kind else ""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise _refuse(verb, path, "no such file") from None
    except IsADirectoryError:
        raise _refuse(verb, path, "it is a directory") from None
    except OSError as exc:
        raise _refuse(verb, path, exc.strerror or str(exc)) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise _refuse(verb, path, "it is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(verb, path, "not a regular file (a device, pipe or socket)")
        if st.st_size > limit:
            raise _refuse(verb, path, f"{st.st_size} bytes is too large{what}")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise _refuse(verb, path, f"more than {limit} bytes is too large{what}")
        return b"".join(chunks)
    except OSError as exc:
        raise _refuse(verb, path, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
