// The second file of compilation_passes: device code that another file's kernels use
// (nvcc -rdc=true; separate compilation).
#include <cuda_runtime.h>

__device__ int otherFileValue = 11;

__device__ int otherFileTwice(int x) { return 2 * x; }
