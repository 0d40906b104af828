#!/usr/bin/env python3
"""Runs a scripted gdb session on a program built by loom-cc and checks what gdb printed.

  session_test.py --gdb LOOM_GDB --script S.gdb --expect S.expect [--attach SECONDS] -- PROGRAM ARGS...

The script's lines are given to gdb in batch mode one `-ex` each, as validate/probes/cuda_gdb/run.sh
gives them to cuda-gdb, so a refused command does not end the session. The expectation file
holds one Python regular expression a line: each must match a whole line of the output, in file
order (other lines may come between); a line starting with `!` is a pattern that no output line
may match. With --attach, the program is started first and gdb attaches to it after SECONDS.
Prints the output, then PASS or what was missing.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gdb", required=True)
    parser.add_argument("--script", required=True)
    parser.add_argument("--expect", required=True)
    parser.add_argument("--attach", type=float)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("program", nargs=argparse.REMAINDER)
    a = parser.parse_args()
    program = a.program[1:] if a.program and a.program[0] == "--" else a.program

    command = [a.gdb, "-nx", "-batch"]
    with open(a.script) as f:
        for line in f.read().splitlines():
            command += ["-ex", line]
    child = None
    if a.attach is not None:
        child = subprocess.Popen(program, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        command += ["-p", str(child.pid)]
    else:
        command += ["--args"] + program
    try:
        deadline = time.time() + a.timeout
        while True:
            if child is not None:
                time.sleep(a.attach)
            run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=a.timeout,
                                 env=dict(os.environ, TERM="dumb"))
            output = run.stdout.decode(errors="replace")
            # Attached before the kernel started (a slow machine): attach again a little later.
            if child is None or "No CUDA kernels." not in output or time.time() > deadline:
                break
    finally:
        if child is not None:
            child.send_signal(signal.SIGKILL)
            child.wait()
    sys.stdout.write(output)

    lines = output.splitlines()
    wanted, forbidden = [], []
    with open(a.expect) as f:
        for raw in f.read().splitlines():
            if not raw.strip() or raw.startswith("#"):
                continue
            (forbidden if raw.startswith("!") else wanted).append(re.compile(raw[1:] if raw.startswith("!") else raw))
    failures = []
    at = 0
    for pattern in wanted:
        while at < len(lines) and not pattern.fullmatch(lines[at]):
            at += 1
        if at == len(lines):
            failures.append("missing (in order): " + pattern.pattern)
            break
        at += 1
    for pattern in forbidden:
        for line in lines:
            if pattern.search(line):
                failures.append("forbidden line: " + line)
    print("\n--- session_test: " + os.path.basename(a.script))
    if failures:
        for f in failures:
            print(f)
        print("FAIL")
        return 1
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
