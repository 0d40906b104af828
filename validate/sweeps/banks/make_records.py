#!/usr/bin/env python3
"""Turns the device runs' raw ncu output (device_sweep.sh's OUTDIR, unpacked) into Loom's records:
validate/results/h100-sm90/banks.<part>/ncu.json (+ environment.txt, command.txt) for the sweep,
kernels.<dir>.<program>/ncu.json for the seed kernels, and validate/cases/*.case.json.

Usage: make_records.py REPO_ROOT RUN_DIR[:WHICH] ...
  WHICH selects the launches taken from that run: 'all', 'ld' (loads only) or 'notld'.
  Later runs override earlier ones for the same pattern index.
Or:    make_records.py --append REPO_ROOT LABEL=RUN_DIR ...
  adds the sweep launches of later runs (device_sweep.sh with an index file) to the existing
  banks.* records and their cases. A pattern already recorded keeps its launch; the run's
  repeat of it is compared and reported."""
import csv, glob, json, os, re, sys

def parse_csv(path):
    launches, order = {}, []
    with open(path) as f:
        lines = [l for l in f if l.startswith('"')]
    for row in csv.DictReader(lines):
        i = int(row["ID"])
        if i not in launches:
            launches[i] = {"kernel": row["Kernel Name"],
                           "grid": [int(x) for x in re.findall(r"\d+", row["Grid Size"])],
                           "block": [int(x) for x in re.findall(r"\d+", row["Block Size"])],
                           "metrics": {}}
            order.append(i)
        v = row["Metric Value"].replace(",", "")
        launches[i]["metrics"][row["Metric Name"]] = int(v) if re.fullmatch(r"-?\d+", v) else float(v)
    return [launches[i] for i in sorted(order)]

def sweep_launches(run):
    names = {int(l.split()[0]): l.split()[1] for l in open(os.path.join(run, "patterns.txt"))}
    out = []
    for f in sorted(glob.glob(os.path.join(run, "raw", "sweep_*.csv")),
                    key=lambda p: int(re.findall(r"(\d+)\.csv$", p)[0])):
        number = int(re.findall(r"(\d+)\.csv$", f)[0])
        idx_file = f[:-4] + ".idx"
        ls = parse_csv(f)
        if os.path.exists(idx_file):
            indices = [int(x) for x in open(idx_file).read().split()]
        else:  # the first run named chunks by their first pattern index
            indices = list(range(number, number + len(ls)))
        assert len(indices) == len(ls), f
        for i, l in zip(indices, ls):
            l["pattern"] = names[i]
            l["index"] = i
            out.append(l)
    return out

PARTS = [("banks.shared_ld", r"^shared\.ld"), ("banks.shared_st", r"^shared\.st"),
         ("banks.shared_atom", r"^shared\.(atom|catomic)"), ("banks.global_ld", r"^global\.ld"),
         ("banks.global_st", r"^global\.st")]
SEEDS = {"add": "kernels.add.add", "transpose_shared": "kernels.transpose.transpose_shared",
         "transpose_global": "kernels.transpose.transpose_global", "reduce": "kernels.reduce.reduce"}
SEED_SOURCES = {"add": "add/add.cu", "transpose_shared": "transpose/transpose_shared.cu",
                "transpose_global": "transpose/transpose_global.cu", "reduce": "reduce/reduce.cu"}

def write_case(path, case):
    """One key a line; lists on one line (a case's args can hold hundreds of indices)."""
    body = ",\n".join(" %s: %s" % (json.dumps(k), json.dumps(v)) for k, v in case.items())
    open(path, "w").write("{\n" + body + "\n}\n")

def main():
    root = sys.argv[1]
    results = os.path.join(root, "validate", "results", "h100-sm90")
    cases = os.path.join(root, "validate", "cases")
    os.makedirs(cases, exist_ok=True)
    chosen, env, metrics, command = {}, None, None, None
    for arg in sys.argv[2:]:
        run, _, which = arg.partition(":")
        which = which or "all"
        for l in sweep_launches(run):
            is_ld = re.match(r"^(shared|global)\.ld", l["pattern"]) is not None
            if which == "all" or (which == "ld") == is_ld:
                l["device_run"] = os.path.basename(run.rstrip("/"))
                chosen[l["index"]] = l
        env = open(os.path.join(run, "environment.txt")).read()
        metrics = open(os.path.join(run, "metrics.txt")).read().strip().split(",")
        command = open(os.path.join(run, "command.txt")).read()
        for prog, case in SEEDS.items():
            path = os.path.join(run, "raw", f"kernels_{prog}.csv")
            if not os.path.exists(path):
                continue
            d = os.path.join(results, case)
            os.makedirs(d, exist_ok=True)
            json.dump({"launches": parse_csv(path)}, open(os.path.join(d, "ncu.json"), "w"), indent=1)
            open(os.path.join(d, "environment.txt"), "w").write(env)
            open(os.path.join(d, "command.txt"), "w").write(
                "nvcc -O2 -arch=sm_90 -o %s kernels/%s\n" % (prog, SEED_SOURCES[prog]) +
                command.replace("<program> [args]", prog))
            write_case(os.path.join(cases, case + ".case.json"),
                       {"name": case, "sources": ["../../kernels/" + SEED_SOURCES[prog]], "flags": ["-O2"],
                        "args": [], "stdout": "exact", "ncu": metrics})
    total = 0
    for part, regex in PARTS:
        launches = [chosen[i] for i in sorted(chosen) if re.match(regex, chosen[i]["pattern"])]
        total += len(launches)
        d = os.path.join(results, part)
        os.makedirs(d, exist_ok=True)
        json.dump({"launches": launches}, open(os.path.join(d, "ncu.json"), "w"), indent=1)
        open(os.path.join(d, "environment.txt"), "w").write(env)
        open(os.path.join(d, "command.txt"), "w").write(
            "nvcc -O2 -arch=sm_90 -std=c++17 -diag-suppress 550 -o bank_sweep validate/sweeps/banks/bank_sweep.cu\n" +
            command.replace("<program> [args]", "bank_sweep runidx <the case's indices>") +
            "(chunks of <= 150 launches; validate/sweeps/banks/device_sweep.sh)\n"
            "Each launch's device_run names the run it comes from: res1 = the first run (all patterns;\n"
            "its load probes had been emptied by ptxas, so only its stores and atomics are kept), res2 =\n"
            "tier 3's atomics (its load probes still empty), res3 = every load after the probe kept loaded\n"
            "values alive (bank_sweep.cu's keep()). Stores and atomics repeated in res2 were identical.\n")
        # stdout is not recorded for the sweep (ncu ran it in chunks): only ncu.json is compared.
        write_case(os.path.join(cases, part + ".case.json"),
                   {"name": part, "sources": ["../sweeps/banks/bank_sweep.cu"], "flags": ["-O2", "-std=c++17"],
                    "args": ["runidx"] + [str(l["index"]) for l in launches], "stdout": "ignore",
                    "ncu": metrics})
        print(part, len(launches))
    print("total", total)

def append():
    root = sys.argv[2]
    results = os.path.join(root, "validate", "results", "h100-sm90")
    cases = os.path.join(root, "validate", "cases")
    runs = [a.split("=", 1) for a in sys.argv[3:]]
    for part, regex in PARTS:
        d = os.path.join(results, part)
        launches = {l["index"]: l for l in json.load(open(os.path.join(d, "ncu.json")))["launches"]}
        added = 0
        for label, run in runs:
            for l in sweep_launches(run):
                if not re.match(regex, l["pattern"]):
                    continue
                if l["index"] in launches:
                    same = launches[l["index"]]["metrics"] == l["metrics"]
                    print(part, "repeat of", l["pattern"], "in", label, "identical" if same else "DIFFERS")
                    continue
                l["device_run"] = label
                launches[l["index"]] = l
                added += 1
        if not added:
            continue
        ordered = [launches[i] for i in sorted(launches)]
        json.dump({"launches": ordered}, open(os.path.join(d, "ncu.json"), "w"), indent=1)
        with open(os.path.join(d, "environment.txt"), "a") as f:
            for label, run in runs:
                f.write("%s: " % label + "; ".join(open(os.path.join(run, "environment.txt")).read().split("\n")).strip("; ") + "\n")
        case_path = os.path.join(cases, part + ".case.json")
        case = json.load(open(case_path))
        case["args"] = ["runidx"] + [str(l["index"]) for l in ordered]
        write_case(case_path, case)
        print(part, "added", added, "now", len(ordered))

if len(sys.argv) > 1 and sys.argv[1] == "--append":
    append()
else:
    main()
