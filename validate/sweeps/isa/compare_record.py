#!/usr/bin/env python3
"""Compares a Loom run of the isa sweep with the device record, element by element.

    build/bin/loom-cc -O2 validate/sweeps/isa/isa_sweep.cu validate/sweeps/isa/isa_int.cu -o isa_int
    LOOM_CASE_OUT=out/int ./isa_int int
    validate/sweeps/isa/compare_record.py out/int validate/results/h100-sm90/isa.int/outputs

Prints each buffer that differs (elements differing / total) and a summary line; exits 1 if
any buffer differs or is missing on either side. (tools/loom-diff does this for every case;
this script is the isa sweep's own check.)
"""
import gzip
import os
import sys

SIZES = {"u8": 1, "i8": 1, "u16": 2, "i16": 2, "f16": 2, "bf16": 2,
         "u32": 4, "i32": 4, "f32": 4, "u64": 8, "i64": 8, "f64": 8}


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        return f.read()


def main(loom_dir, record_dir):
    record = {name[:-3] if name.endswith(".gz") else name: os.path.join(record_dir, name)
              for name in os.listdir(record_dir)}
    loom = {name: os.path.join(loom_dir, name) for name in os.listdir(loom_dir)}
    bad = 0
    elements = differing = 0
    for name in sorted(set(record) | set(loom)):
        if name not in loom or name not in record:
            print(f"{name}: only in {'the record' if name in record else 'the Loom run'}")
            bad += 1
            continue
        a, b = load(loom[name]), load(record[name])
        size = SIZES[name.rsplit(".", 1)[1]]
        if len(a) != len(b):
            print(f"{name}: {len(a)} bytes from Loom, {len(b)} in the record")
            bad += 1
            continue
        n = len(a) // size
        diff = sum(1 for i in range(0, len(a), size) if a[i:i + size] != b[i:i + size])
        elements += n
        differing += diff
        if diff:
            print(f"{name}: {diff} of {n} elements differ")
            bad += 1
    print(f"{len(record)} buffers, {elements} elements, {differing} differ, "
          f"{bad} buffers not identical")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
