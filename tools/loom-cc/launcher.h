// CMake's compiler-launcher mode: `loom-cc --launcher <compiler> <gcc-style args...>`, set as
// CXX_COMPILER_LAUNCHER on targets that use Loom. CMake runs it for every C++ source, e.g.
//   /usr/bin/c++ -DFOO -I/x -O2 -g -std=gnu++17 -x c++ -MD -MT o.o -MF o.o.d -o o.o -c /src/k.cu
// A compile of one .cu file becomes the three steps of build_plan.h, with the given compiler and
// flags: preprocessor flags (-D -U -I -isystem -include -M...) go to step 1, the others to steps 1
// and 3 (they can predefine macros: -O2, -fPIC, -fopenmp), -x and -c are Loom's own. Anything else
// is run unchanged.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config.h"
#include "plan.h"
#include "toolkit_filter.h"

namespace loom::cc {

// nullopt when `command` (compiler first) is not a compile of one .cu file: run it unchanged.
// Include directories of NVIDIA's CUDA Toolkit are dropped (toolkit_filter.h).
std::optional<Plan> planLauncher(const std::vector<std::string>& command, const Config& config,
                                 const std::string& tempDir,
                                 const FileExists& exists = fileExistsIn);

// The whole mode: plan, run, exit status. LOOM_CC_VERBOSE=1 prints the steps.
int runLauncher(const std::vector<std::string>& command, const std::string& self,
                const std::string& configFile);

}  // namespace loom::cc
