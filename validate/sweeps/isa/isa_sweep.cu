// isa sweep probe: runs every row of isa/table/*.def that was linked in (one family file
// per family: isa_int.cu, isa_simd.cu, ...) on its sweep inputs (isa/table/sweep_inputs.h)
// and writes each row's results with loom_case.h as <id>.<dtype> (LOOM_CASE_OUT).
//
//   isa_sweep [family ...]     run the named families (default: every family linked in)
//
// Built with nvcc it records the device; built with loom-cc it runs Loom's wrappers of the
// same CUDA names. Prints one line per family: rows run, rows missing from the toolkit.
#include "isa_probe.h"

#include <cstring>
#include <string>

namespace loom_isa_probe {

int runFamily(const char* family) {
  const int n = ::loom::isa::sweep::kInputCount;
  uint64_t* dArgs[3] = {nullptr, nullptr, nullptr};
  void* dOut = nullptr;
  int* dMissing = nullptr;
  cudaMalloc(&dMissing, sizeof(int));
  for (auto& p : dArgs) cudaMalloc(&p, sizeof(uint64_t) * n);
  cudaMalloc(&dOut, 8 * static_cast<size_t>(n));
  std::vector<unsigned char> host(8 * static_cast<size_t>(n));
  int ran = 0, failures = 0;
  std::string missing;
  for (const Row& row : registry()) {
    if (family != nullptr && std::strcmp(row.family, family) != 0) continue;
    std::vector<uint64_t> args[3];
    ::loom::isa::sweep::generate(row.id, row.arity, row.domains, n, args);
    for (int k = 0; k < row.arity; ++k)
      cudaMemcpy(dArgs[k], args[k].data(), sizeof(uint64_t) * n, cudaMemcpyHostToDevice);
    cudaMemset(dMissing, 0, sizeof(int));
    row.launch(dArgs, dOut, n, dMissing);
    const cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
      std::fprintf(stderr, "isa_sweep: %s: %s\n", row.id, cudaGetErrorString(err));
      ++failures;
      continue;
    }
    int isMissing = 0;
    cudaMemcpy(&isMissing, dMissing, sizeof(int), cudaMemcpyDeviceToHost);
    if (isMissing != 0) {
      missing += std::string(" ") + row.id;
      continue;
    }
    cudaMemcpy(host.data(), dOut, row.storeSize * n, cudaMemcpyDeviceToHost);
    loom_case::writeBuffer(row.id, row.dtype, host.data(), row.elemSize,
                           row.storeSize * n / row.elemSize);
    ++ran;
  }
  for (auto& p : dArgs) cudaFree(p);
  cudaFree(dOut);
  cudaFree(dMissing);
  std::printf("isa.%s: %d rows, %d inputs each\n", family ? family : "all", ran, n);
  if (!missing.empty()) std::fprintf(stderr, "isa.%s: missing from this toolkit:%s\n",
                                     family ? family : "all", missing.c_str());
  return failures;
}

}  // namespace loom_isa_probe

int main(int argc, char** argv) {
  int failures = 0;
  if (argc < 2) {
    failures += loom_isa_probe::runFamily(nullptr);
  } else {
    for (int i = 1; i < argc; ++i) failures += loom_isa_probe::runFamily(argv[i]);
  }
  return failures == 0 ? 0 : 1;
}
