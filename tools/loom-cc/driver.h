// Runs a plan: prints steps under -v / --dryrun, runs host compilers, rewrites, and removes the
// intermediate files unless -keep.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "plan.h"
#include "rewrite.h"

namespace loom::cc {

struct RunSettings {
  bool verbose = false;  // print each step (nvcc's "#$ " prefix) before running it
  bool dryRun = false;   // print the steps, run none
  bool keep = false;     // keep Plan::temporaries, and say where
  std::string self;  // loom-cc's path: a rewrite step prints as `loom-cc --loom-rewrite in -o out`
  std::string tempDir;  // removed at the end when `ownTempDir` and not kept
  bool ownTempDir = false;
  std::vector<std::string> libraryDirs;  // Loom's headers, which the rewrite leaves alone
};

// Returns the exit status: the first failing step's, else 0. When a rewrite fails, its diagnostics
// go to stderr; when any step of a .cu file fails, the object its last step would have made is
// removed (as gcc removes the output of a failed compile), so no stale object survives an error.
int runPlan(const Plan& plan, const RunSettings& settings);

// A fresh private directory under $TMPDIR (or /tmp); nullopt with a message on stderr on failure.
std::optional<std::string> makeTempDir();

// The rewrite step: preprocessed CUDA in, C++ out; diagnostics to stderr. 0 on success, else 1.
int rewriteFile(const std::string& input, const std::string& output,
                const std::vector<std::string>& libraryDirs, Pass pass);
// The gate step: assembly in, assembly with the hooks' fast path inlined out (inline_hooks.h).
// `gdbScript`, when not empty, is appended as the object's .debug_gdb_scripts entry.
int inlineHooksFile(const std::string& input, const std::string& output, bool pic, const std::string& gdbScript);

}  // namespace loom::cc
