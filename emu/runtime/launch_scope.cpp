// The call configurations of launches between their `<<<>>>` and their kernel's call
// (loom/runtime/launch_scope.h).
#include "loom/runtime/launch_scope.h"

#include <cstdio>
#include <exception>

#include "runtime/error_state.h"

extern "C" {
__thread loom::PendingLaunch* loom_pending_launch = nullptr;
}

namespace loom {

LaunchScope::LaunchScope(dim3 grid, dim3 block, size_t sharedBytes, cudaStream_t stream)
    : pending_{grid, block, sharedBytes, stream, loom_pending_launch, false} {
  loom_pending_launch = &pending_;
}

LaunchScope::~LaunchScope() {
  if (pending_.taken) return;
  loom_pending_launch = pending_.outer;
  if (std::uncaught_exceptions() > 0) return;  // the arguments threw: nothing was called
  std::fputs("loom: a launch <<<...>>> called a function that is not a __global__ kernel; nothing was launched\n",
             stderr);
  runtime::recordError(cudaErrorInvalidDeviceFunction);
}

void refuseLaunch(const char* kernel) {
  runtime::takePendingLaunch();
  std::fprintf(stderr,
               "loom: kernel %s is defined inside a class, and Loom cannot launch such a kernel: define it at "
               "namespace scope (a friend declaration in the class may stay); nothing was launched\n",
               kernel);
  runtime::recordError(cudaErrorInvalidDeviceFunction);
}

namespace runtime {

PendingLaunch takePendingLaunch() {
  PendingLaunch* pending = loom_pending_launch;
  pending->taken = true;
  loom_pending_launch = pending->outer;
  return *pending;
}

}  // namespace runtime
}  // namespace loom
