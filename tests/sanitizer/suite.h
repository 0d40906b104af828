// The sanitizer suite: every program is a bug and its corrected twin. `prog bug` runs the buggy
// kernel, `prog fixed` the twin. Each prints the CUDA status after the launch and after
// synchronising, so a plain run's verdict (a fault or not) is part of the record too; racy
// programs print no data (it would differ run to run).
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

inline bool buggy(int argc, char** argv) {
  if (argc != 2 || (std::strcmp(argv[1], "bug") != 0 && std::strcmp(argv[1], "fixed") != 0)) {
    std::fprintf(stderr, "usage: %s bug|fixed\n", argv[0]);
    std::exit(2);
  }
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // every line out even if the process dies later
  return std::strcmp(argv[1], "bug") == 0;
}

inline void status(const char* step, cudaError_t e) { std::printf("%s %s\n", step, cudaGetErrorName(e)); }
inline void launched() { status("launch", cudaGetLastError()); }
inline void synced() {
  status("sync", cudaDeviceSynchronize());
  status("last", cudaGetLastError());
}
