// One case of the memory-model suite (README.md here): `prog bug` runs the buggy kernel, `prog
// fixed` its corrected twin. Each case defines run(bug, &want), which launches, copies the
// result back and sets the CPU reference; main prints "<result> right|wrong" (and the launch's
// error, if any).
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

long long run(bool bug, long long* want);

int main(int argc, char** argv) {
  if (argc != 2 || (std::strcmp(argv[1], "bug") != 0 && std::strcmp(argv[1], "fixed") != 0)) {
    std::fprintf(stderr, "usage: %s bug|fixed\n", argv[0]);
    return 2;
  }
  long long want = 0;
  long long got = run(std::strcmp(argv[1], "bug") == 0, &want);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("%lld %s%s%s\n", got, got == want ? "right" : "wrong", e != cudaSuccess ? " " : "",
              e != cudaSuccess ? cudaGetErrorName(e) : "");
  return 0;
}
