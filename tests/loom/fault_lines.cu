// Where a fault report points when the fault happens inside a function the kernel called: at the
// kernel's line that made the call, not inside the C++ library or libc (the report's "at" line).
//   atomic:    atomicAdd through a null pointer (faults inside the runtime's atomic)
//   printf:    device printf of a bad %s pointer (faults inside libc's strlen)
//   exception: a C++ exception escapes the kernel (where it was thrown is not known)
//   mid_batch: thread 37 stores through null after 37 threads ran without the runtime hearing of
//              them (loom/runtime/thread_batch.h): the report still names thread 37
//   merged:    both branches of an if/else store through null to one element: loom-cc makes that
//              one store after them (tools/loom-cc/diamond_stores.h), named by the else's line,
//              as compute-sanitizer names nvcc's one store (validate/HARDWARE_NOTES.md)
#include <cstdio>
#include <cstring>
#include <stdexcept>

__global__ void atomicThroughNull(int* p) { atomicAdd(p + threadIdx.x, 1); }

__global__ void printBadString(const char* s) { printf("%s\n", s); }

__global__ void throwing() {
  if (threadIdx.x == 3) throw std::runtime_error("thrown in a kernel");
}

__global__ void nullAtThread37(int* p) {
  if (threadIdx.x == 37) p[threadIdx.x] = 1;
}

__global__ void storeInBothBranches(int* p) {
  int i = threadIdx.x;
  if (i & 1) {
    p[i] = 1;
  } else {
    p[i] = 2;
  }
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  if (!std::strcmp(mode, "atomic")) atomicThroughNull<<<1, 32>>>(nullptr);
  else if (!std::strcmp(mode, "printf")) printBadString<<<1, 1>>>(reinterpret_cast<const char*>(16));
  else if (!std::strcmp(mode, "exception")) throwing<<<1, 32>>>();
  else if (!std::strcmp(mode, "mid_batch")) nullAtThread37<<<1, 64>>>(nullptr);
  else if (!std::strcmp(mode, "merged")) storeInBothBranches<<<1, 32>>>(nullptr);
  else return 2;
  std::printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  std::printf("survived\n");
  return 0;
}
