// The configuration of a launch `k<<<grid, block, smem, stream>>>(args)` between its `<<<>>>`
// and the call of its kernel, which is nvcc's own scheme (a pushed call configuration that the
// kernel's host stub pops). loom-cc rewrites the launch to `(::loom::LaunchScope(cfg), k(args))`
// (tools/loom-cc/launch_rewrite.h): the scope pushes the configuration on this host thread, the
// call of k resolves and converts as any C++ call (overloads, templates, default arguments,
// braced lists), and k's first statement, which loom-cc inserts (tools/loom-cc/kernel_prologue.h),
// finds the configuration pending and launches k with its parameters (launchFromKernel, launch.h).
// A kernel run as a CUDA thread finds none: the engine clears this thread's pending launches
// while it runs kernels here (runtime/launch_api.cpp).
#pragma once

#include <cstddef>

#include "cuda_runtime_api.h"
#include "loom/core/engine_tls.h"

namespace loom {

struct PendingLaunch {
  dim3 grid;
  dim3 block;
  size_t sharedBytes;
  cudaStream_t stream;
  PendingLaunch* outer;  // a launch whose arguments are being evaluated around this one
  bool taken;            // by the kernel the launch called
};

}  // namespace loom

// This thread's innermost pending launch, null when none.
extern "C" __thread loom::PendingLaunch* loom_pending_launch LOOM_ENGINE_TLS;

namespace loom {

class LaunchScope {
 public:
  LaunchScope(dim3 grid, dim3 block, size_t sharedBytes = 0, cudaStream_t stream = 0);
  // Pops the configuration if no kernel took it: `<<<>>>` on a function that is not __global__
  // (which nvcc refuses to compile) is reported, and fails as cudaErrorInvalidDeviceFunction.
  ~LaunchScope();
  LaunchScope(const LaunchScope&) = delete;
  LaunchScope& operator=(const LaunchScope&) = delete;

 private:
  PendingLaunch pending_;
};

// Whether a launch waits for its kernel on this thread: what every kernel asks first. Through
// asm: kernel code is instrumented, and this is the engine's memory, not the program's.
[[gnu::always_inline]] inline bool launchPending() {
  bool pending;
  asm volatile("cmpq $0, %1" : "=@ccnz"(pending) : "m"(loom_pending_launch));
  return pending;
}

namespace runtime {
// The innermost pending launch's configuration, taken by the kernel it called.
PendingLaunch takePendingLaunch();
}  // namespace runtime

// What a kernel that cannot launch itself (defined inside a class: tools/loom-cc/kernel_prologue.h)
// does when a launch calls it: takes the launch, reports it, fails it with
// cudaErrorInvalidDeviceFunction.
void refuseLaunch(const char* kernel);

}  // namespace loom
