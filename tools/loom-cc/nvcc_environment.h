// What `nvcc -v` says about its installation before anything else, and where a build system
// finds Loom's pieces. CMake's CUDA language runs `<compiler> -v` and reads these lines to find
// the toolkit (`TOP`, `NVVMIR_LIBRARY_DIR`), the implicit include directories (`INCLUDES`), the
// library directory (`LIBRARIES`, which it then looks for in the link line to take that line's
// first word as the link launcher and its libraries as the implicit link libraries) and the
// default architecture (`-arch compute_NN`). loom-cc prints the same lines for itself.
#pragma once

#include <string>
#include <vector>

#include "config.h"

namespace loom::cc {

// The directory of Loom's runtime library (of the first `.a` of the configured link line), or ""
// when the configuration names none.
std::string runtimeLibraryDir(const Config& config);

// `#$ TOP=...` and the rest, for the configuration read from `configFile`, emulating `arch` (as
// __CUDA_ARCH__). TOP is the toolkit layout beside the configuration (tools/CMakeLists.txt):
// <share>/loom/toolkit, with include/ and lib64/.
std::vector<std::string> nvccEnvironmentLines(const Config& config, const std::string& configFile, int arch);

}  // namespace loom::cc
