// Hung launches end under the watchdog (LOOM_WATCHDOG, set to 1 s by CMakeLists.txt, or its
// default of 30 s): a launch in which no thread makes progress fails with cudaErrorLaunchTimeout,
// the report says where each thread of a stuck block is, and the process goes on (after
// cudaDeviceReset, as after any sticky error) to run another launch.
//   inblock: thread 0 spins on a volatile flag that no thread sets (its block's other threads run
//            and exit meanwhile: the spin detector lets them, sched/block_runner.h)
//   across:  every block spins with atomicAdd until all blocks arrived, but block 0 never counts
//   sleep:   thread 0 waits with __nanosleep for a flag no thread sets, the others at a barrier
//   registers: thread 0 loops on a value in a register: no memory access, so no hook sees it;
//            the marks of its loop do (sched/region_marks.h), in fast mode and in lockstep
//            (registers_lockstep, run with LOOM_REPORT)
//   progressing: no hang: 100 blocks whose thread 0 each works for 25 ms, one block at a time
//            (LOOM_WORKERS=1): the launch runs 2.5 s, past a 1 s watchdog, but a thread finishes
//            every 25 ms, so it is not stopped and succeeds
#include <cstdio>
#include <cstring>

__global__ void spinInBlock(volatile int* flag) {
  if (threadIdx.x == 0)
    while (*flag == 0) {}  // one line: wherever the watchdog finds the thread, it is line 20
}


__global__ void spinAcross(int* arrived) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x != 0) atomicAdd(arrived, 1);
  while (atomicAdd(arrived, 0) < (int)gridDim.x) {
  }
}

__global__ void sleepForever(volatile int* flag) {
  if (threadIdx.x == 0)
    while (*flag == 0) __nanosleep(1000);
  __syncthreads();
}

__global__ void spinInRegisters(int start, int* out) {
  int x = start;
  if (threadIdx.x == 0)
    for (int i = 0; x != 7; ++i) x += (i & 1) ? 2 : -2;
  out[threadIdx.x] = x;
}

__global__ void busyBlocks(int* out) {
  if (threadIdx.x != 0) return;
  long long start = clock64();  // nanoseconds under Loom
  while (clock64() - start < 25000000) {
  }
  atomicAdd(out, 1);
}

__global__ void fill(int* out) { out[threadIdx.x] = (int)threadIdx.x; }

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  int* p;
  cudaMalloc(&p, 64 * sizeof(int));
  cudaMemset(p, 0, 64 * sizeof(int));
  if (!std::strcmp(mode, "inblock")) spinInBlock<<<1, 32>>>(p);
  else if (!std::strcmp(mode, "across")) spinAcross<<<4, 32>>>(p);
  else if (!std::strcmp(mode, "sleep")) sleepForever<<<1, 64>>>(p);
  else if (!std::strncmp(mode, "registers", 9)) spinInRegisters<<<1, 32>>>(0, p);
  else if (!std::strcmp(mode, "progressing")) busyBlocks<<<100, 32>>>(p);
  else return 2;
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("sync %s\n", cudaGetErrorName(e));
  cudaDeviceReset();
  cudaMalloc(&p, 64 * sizeof(int));
  fill<<<1, 64>>>(p);
  cudaError_t after = cudaDeviceSynchronize();
  int h[64] = {};
  cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("after reset %s %d\n", cudaGetErrorName(after), h[63]);
  if (!std::strcmp(mode, "progressing")) return e == cudaSuccess ? 0 : 1;
  return e == cudaErrorLaunchTimeout ? 0 : 1;
}
