// What the runtime knows per kernel (by its address): attributes set with cudaFuncSetAttribute.
#pragma once

#include <cstddef>

namespace loom::runtime {

struct KernelSettings {
  std::size_t maxDynamicSharedBytes = 48 * 1024;  // the default without opt-in
  int preferredSharedCarveout = -1;
};

KernelSettings kernelSettings(const void* kernel);
void updateKernelSettings(const void* kernel, const KernelSettings& settings);

}  // namespace loom::runtime
