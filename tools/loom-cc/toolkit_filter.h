// Keeps NVIDIA's CUDA Toolkit out of a Loom build. Makefiles written for nvcc often say
// -I$(CUDA_HOME)/include or -lcudart: the first would hide Loom's cuda_runtime.h (and the other
// headers of the same names) behind NVIDIA's, the second would bind cudaMalloc & co. to the real
// runtime instead of Loom's. Both are dropped, each with a note for -v.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace loom::cc {

// True when `dir` holds a file `name` (the file system, in the driver; a fake in tests).
using FileExists = std::function<bool(const std::string& dir, const std::string& name)>;

bool fileExistsIn(const std::string& dir, const std::string& name);

// Removes -I / -isystem directories (attached or not) holding cuda_runtime.h that are not among
// `loomDirs`. Returns one note per directory removed.
std::vector<std::string> dropToolkitIncludes(std::vector<std::string>& args,
                                             const std::vector<std::string>& loomDirs,
                                             const FileExists& exists = fileExistsIn);

// Removes -lcudart, -lcudart_static, -lcuda, -lcudadevrt (Loom's runtime stands for them).
std::vector<std::string> dropCudaLibraries(std::vector<std::string>& linkerArgs);

}  // namespace loom::cc
