// The runtime's kernel registry (runtime/kernel_registry.h): a kernel template's host-pass
// instantiation and its device twin are one kernel, whichever address host code hands in.
#include <catch2/catch.hpp>

#include "runtime/kernel_registry.h"

namespace {
void hostEntry(int*) {}
void twin(int*) {}
void other(int*) {}
}  // namespace

TEST_CASE("kernel registry: a host instantiation's settings are its twin's", "[runtime]") {
  const void* host = reinterpret_cast<const void*>(&hostEntry);
  const void* device = reinterpret_cast<const void*>(&twin);
  CHECK(loom::runtime::canonicalKernel(host) == host);  // no twin known yet: itself
  loom::runtime::registerKernelTwin(host, device);
  CHECK(loom::runtime::canonicalKernel(host) == device);
  CHECK(loom::runtime::canonicalKernel(device) == device);

  loom::runtime::KernelSettings wide;
  wide.maxDynamicSharedBytes = 64 * 1024;
  loom::runtime::updateKernelSettings(host, wide);  // cudaFuncSetAttribute(k<int>, ...)
  CHECK(loom::runtime::kernelSettings(device).maxDynamicSharedBytes == 64 * 1024);  // the launch
  CHECK(loom::runtime::kernelSettings(reinterpret_cast<const void*>(&other)).maxDynamicSharedBytes == 48 * 1024);
}
