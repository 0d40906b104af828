// The macros nvcc predefines, and Loom's own, as -D arguments for the host compiler.
#pragma once

#include <string>
#include <vector>

#include "options.h"
#include "rewrite.h"

namespace loom::cc {

// nvcc's CUDA version as __CUDACC_VER_MAJOR__ / _MINOR__ / _BUILD__ give it.
constexpr int kCudaVersionMajor = 13;
constexpr int kCudaVersionMinor = 0;
constexpr int kCudaVersionBuild = 0;

// For .cu files: __CUDACC__, __NVCC__, the version, __CUDA_ARCH_LIST__, __CUDA_ARCH__ in the
// device pass only (as nvcc's two passes), LOOM_EMULATED_ARCH (the runtime's properties follow
// it), the feature macros of --extended-lambda,
// --expt-relaxed-constexpr, -rdc, --use_fast_math, and LOOM_FTZ / LOOM_PREC_DIV / LOOM_PREC_SQRT /
// LOOM_FMAD, always defined to 0 or 1 so that headers can test them with #if.
std::vector<std::string> cudaMacros(const Options& options, Pass pass = Pass::Device);

// For .cpp and .c files, as nvcc compiles them: __NVCC__ and the version, no __CUDACC__.
std::vector<std::string> hostMacros(const Options& options);

// "-DNAME=1" -> "NAME"; "-UNAME" -> "NAME"; empty for anything else.
std::string macroName(const std::string& arg);

}  // namespace loom::cc
