# Loom's gdb support, loaded by gdb for programs built by loom-cc: their objects name this file in
# a .debug_gdb_scripts section (tools/loom-cc). Also `source` it by hand, or run loom-gdb.
import os
import sys

_here = os.path.dirname(os.path.realpath(__file__))
if _here not in sys.path:
    sys.path.insert(0, _here)

import loom_gdb  # noqa: E402


def _loom_dirs():
    """Where Loom's own sources and headers are: in its source tree (tools/loom-gdb/ here) or in
    an installation (share/loom/gdb/ here, headers in include/loom/)."""
    root = os.path.dirname(os.path.dirname(_here))
    if os.path.exists(os.path.join(root, "emu", "DESIGN.md")):
        return [os.path.join(root, "emu"), os.path.join(root, "isa")]
    prefix = os.path.dirname(root)
    return [os.path.join(prefix, "include", "loom")]


loom_gdb.install(_loom_dirs())
