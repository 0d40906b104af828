// What the runtime knows per kernel, by its address: attributes set with cudaFuncSetAttribute,
// and how to call it when only its address is given (cudaLaunchKernel(const void*, ...)).
#pragma once

#include <cstddef>

#include "loom/runtime/launch.h"

namespace loom::runtime {

struct KernelSettings {
  std::size_t maxDynamicSharedBytes = 48 * 1024;  // the default without opt-in
  int preferredSharedCarveout = -1;
  bool nonPortableClusterSizeAllowed = false;
};

// How to call a kernel from an argument array; null members until the kernel was seen typed
// (registerKernel in loom/runtime/launch.h).
struct ErasedCall {
  RunThreads run = nullptr;
  BindArguments bind = nullptr;
};

KernelSettings kernelSettings(const void* kernel);
void updateKernelSettings(const void* kernel, const KernelSettings& settings);
ErasedCall erasedCall(const void* kernel);
// The kernel's mangled name (cudaFuncGetName), kept for the life of the program; null for an
// address that is not a registered kernel's.
const char* kernelSymbol(const void* kernel);
// The kernel's __cluster_dims__, or {1,1,1}. loom-cc's __cluster_dims__ puts them in the
// kernel's mangled name as an ABI tag (loom/core/qualifiers.h), read back here through the
// dynamic symbol table once per kernel.
dim3 compiledClusterDims(const void* kernel);

}  // namespace loom::runtime
