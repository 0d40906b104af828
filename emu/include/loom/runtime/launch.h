// Kernel launches: what `kernel<<<grid, block, smem, stream>>>(args)` becomes.
//
// loom-cc rewrites the launch to `(::loom::LaunchScope(grid, block, smem, stream), kernel(args))`
// (launch_scope.h): a call of the kernel, whose arguments C++ converts to the parameters' types as
// in any call. Called so, the kernel's first statement hands its parameters to launchFromKernel
// below, which launches it with them; every CUDA thread then gets its own copy of the
// parameters, as on the device.
#pragma once

#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cuda_runtime_api.h"
#include "loom/device/lane_builtins.h"
#include "loom/device/thread_exit.h"
#include "loom/runtime/context_switch.h"
#include "loom/runtime/launch_scope.h"
#include "loom/runtime/thread_batch.h"

namespace loom {

namespace sched {
class BlockRunner;
}

namespace runtime {
// Runs CUDA threads of one block, one after another, on the calling fiber: what a launch calls
// (BoundKernel::run below), with the arguments it was bound to.
using RunThreads = void (*)(const void* arguments, sched::BlockRunner* runner);

// The thread sequence of the block running on this worker, as a kernel's run loop walks it
// (BoundKernel::run below). Out of line, in the runtime.
// startThreads gives this fiber its batch (thread_batch.h) of threads not yet started: a run
// loop is entered only on a fiber the block needs for a thread it has not started
// (BlockRunner::newRunner).
ThreadBatch* startThreads(sched::BlockRunner* runner);
// finishThread (context_switch.h) retires the threads of the batch (or the one thread left
// running on it since the batch was settled) and gives the fiber a new batch; when no thread is
// left to start, the fiber parks, and finishThread returns when it is resumed as a runner again,
// its batch spent or refilled by whoever resumed it: the loop then calls resumeRunner, true when
// that is for the same launch (it has a new batch), false for another launch (leave the loop).
bool resumeRunner(sched::BlockRunner* runner);

// How the blocks of a launch must be resident: all at once (a cooperative launch), or in
// clusters of `cluster` blocks; {1,1,1} is no cluster (or the kernel's __cluster_dims__).
struct LaunchOptions {
  bool cooperative = false;
  dim3 cluster{1, 1, 1};
  bool clusterSpecified = false;  // set by the launch or __cluster_dims__, even as (1,1,1)
};

// Validates the configuration, queues the launch on `stream` and returns the launch's error
// (also recorded as the last error), as the device does. `api`: the entry point an error is
// reported for (memcheck's API errors: a <<<>>> launch is a cudaLaunchKernel).
cudaError_t launchKernel(const void* kernel, RunThreads run,
                         std::shared_ptr<const void> arguments, dim3 grid, dim3 block,
                         size_t sharedBytes, cudaStream_t stream, LaunchOptions options = {},
                         const char* api = "cudaLaunchKernel");
// cudaLaunchKernelEx: the same with the configuration's attributes.
cudaError_t launchKernelEx(const cudaLaunchConfig_t* config, const void* kernel, RunThreads run,
                           std::shared_ptr<const void> arguments, const char* api = "cudaLaunchKernelExC");

// How to call a kernel known only by its address (the C form of cudaLaunchKernel): recorded by
// every typed use of the kernel (a <<<>>> launch, typed cudaLaunchKernel, cudaFuncGetAttributes).
using BindArguments = std::shared_ptr<const void> (*)(const void* kernel, void** args);
void registerKernel(const void* kernel, RunThreads run, BindArguments bind);

// A kernel template's instantiation has two addresses: the host pass's, which host code takes
// (`cudaFuncSetAttribute(k<int>, ...)`, `(void*)k<int>`), and the device pass's twin that runs
// (tools/loom-cc/host_pass.h). The runtime knows a kernel by its twin: each host-pass
// instantiation registers its twin at start-up (kernelTwin below), and every address host code
// hands the runtime goes through canonicalKernel.
void registerKernelTwin(const void* hostEntry, const void* twin);
const void* canonicalKernel(const void* kernel);
}  // namespace runtime


// The parameters as the run loop holds them: one member per parameter, reached by a cast, so
// that the loop (not instrumented) passes them without calling std::get, which g++ would not
// inline into it (an instrumented function is not inlined into one that is not).
template <std::size_t I, class T>
struct ParameterSlot {
  T value;
};
template <class Indices, class... T>
struct ParameterSlots;
template <std::size_t... I, class... T>
struct ParameterSlots<std::index_sequence<I...>, T...> : ParameterSlot<I, T>... {};

// A kernel with its parameter values. run() calls the kernel once per CUDA thread, for as many
// threads as the block runner starts on this fiber (all of a block that never waits). The loop
// is here, in the kernel's own translation unit, so that the parameters are read once into
// registers, and a thread costs a store of its index and the call: the runtime is called once
// per batch of threads (thread_batch.h). Not instrumented (no_sanitize): the loop's own loads
// and stores are the engine's, not the kernel's; the kernel, called through a pointer, is.
template <class... P>
struct BoundKernel {
  void (*kernel)(P...);
  std::tuple<std::decay_t<P>...> parameters;

  static void run(const void* self, sched::BlockRunner* runner) {
    runLoop(static_cast<const BoundKernel*>(self), runner, std::index_sequence_for<P...>{});
  }

  // One thread's run of the kernel; PTX's `exit` ends it early (loom/device/thread_exit.h).
  template <class Slots>
  [[gnu::always_inline]] static void call(void (*kernel)(P...), const Slots& slots) {
    try {
      callWith(kernel, slots, std::index_sequence_for<P...>{});
    } catch (const device::ThreadExit&) {
    }
  }
  template <class Slots, std::size_t... I>
  [[gnu::always_inline]] static void callWith(void (*kernel)(P...), const Slots& slots, std::index_sequence<I...>) {
    kernel(static_cast<const ParameterSlot<I, std::decay_t<P>>&>(slots).value...);
  }

  template <std::size_t... I>
  __attribute__((no_sanitize("thread"))) static void runLoop(const BoundKernel* bound, sched::BlockRunner* runner,
                                                             std::index_sequence<I...>) {
    runtime::ThreadBatch* batch = runtime::startThreads(runner);
    // A copy per run loop; each call still passes every thread its own copy, by value.
    void (*kernel)(P...) = bound->kernel;
    const ParameterSlots<std::index_sequence<I...>, std::decay_t<P>...> slots{
        {std::get<I>(bound->parameters)}...};
    for (;;) {
      if (batch->linear) {  // a block of (n, 1, 1): threadIdx is (next, 0, 0), y and z already 0
        while (batch->next < batch->end) {
          loom_tid.x = batch->next;
          ++batch->next;
          call(kernel, slots);
        }
      } else {
        while (batch->next < batch->end) {
          loom_tid = batch->tids[batch->next];
          ++batch->next;
          call(kernel, slots);
        }
      }
      runtime::finishThread(runner);
      // Here with a new batch (given now, or by the barrier that resumed this parked runner), or
      // resumed as a runner with the old one spent. Parked in this frame and resumed by a jump
      // here, the loop calls the kernel again without a return (loom/runtime/context_switch.h
      // says why that matters).
      if (batch->next < batch->end) continue;
      if (!runtime::resumeRunner(runner)) return;
    }
  }
};

template <class... P, std::size_t... I>
std::shared_ptr<const void> bindArgumentArray(void (*kernel)(P...), void** args,
                                              std::index_sequence<I...>);

template <class... P>
std::shared_ptr<const void> bindErased(const void* kernel, void** args) {
  return bindArgumentArray(reinterpret_cast<void (*)(P...)>(const_cast<void*>(runtime::canonicalKernel(kernel))),
                           args, std::index_sequence_for<P...>{});
}

template <class... P>
void registerKernelType(void (*kernel)(P...)) {
  runtime::registerKernel(reinterpret_cast<const void*>(kernel), &BoundKernel<P...>::run,
                          &bindErased<P...>);
}

// `kernel` with its parameters' values, each converted to its parameter's type and copied, as a
// launch queues it.
template <class... P, class... A>
std::shared_ptr<const void> bindValues(void (*kernel)(P...), A&&... values) {
  return std::make_shared<BoundKernel<P...>>(
      BoundKernel<P...>{kernel, std::tuple<std::decay_t<P>...>(std::forward<A>(values)...)});
}

// The twin of a host-pass kernel instantiation, bound by symbol name (`NAME.loomtwin`, which
// loom-cc's merge defines, tools/loom-cc/pass_merge.h): an instantiation for a lambda's type has
// no linkage, so no declaration could name it.
template <auto HostEntry>
[[gnu::always_inline]] inline decltype(HostEntry) kernelTwinAddress() {
  void* twin;
  __asm__(".hidden %c1.loomtwin\n\tleaq %c1.loomtwin(%%rip), %0" : "=r"(twin) : "i"(HostEntry));
  return reinterpret_cast<decltype(HostEntry)>(twin);
}
template <auto HostEntry>
inline const bool kernelTwinRegistered =
    (runtime::registerKernelTwin(reinterpret_cast<const void*>(HostEntry),
                                 reinterpret_cast<const void*>(kernelTwinAddress<HostEntry>())),
     registerKernelType(kernelTwinAddress<HostEntry>()), true);
// What a host-pass kernel template's body calls: its twin, registered with its type (before
// main) because this instantiation exists, so that cudaLaunchKernel can launch it by address.
template <auto HostEntry>
[[gnu::always_inline]] inline decltype(HostEntry) kernelTwin() {
  (void)kernelTwinRegistered<HostEntry>;
  return kernelTwinAddress<HostEntry>();
}

// What a kernel called by a launch does first (tools/loom-cc/kernel_prologue.h): takes the launch's
// configuration and launches itself with its parameters, copied as the device copies them.
// (A: the parameters' types, deduced from the prologue's arguments.) By value: taken by
// reference, every parameter's address escaped into this call, and g++ kept each parameter in
// memory for the whole kernel (a store per parameter and CUDA thread, and a load at each use).
// Cold: once per launch, never per thread; g++ then lays the kernel's own code out as it did
// without this path, and the lockstep order of divergent lanes, which follows code addresses,
// stays as it was.
template <class... P, class... A>
[[gnu::cold, gnu::noinline]] void launchFromKernel(void (*kernel)(P...), A... parameters) {
  static_assert(sizeof...(P) == sizeof...(A));
  const PendingLaunch launch = runtime::takePendingLaunch();
  registerKernelType(kernel);
  runtime::launchKernel(reinterpret_cast<const void*>(kernel), &BoundKernel<P...>::run,
                        bindValues(kernel, parameters...), launch.grid, launch.block, launch.sharedBytes,
                        launch.stream);
}

// cudaLaunchKernel's arguments: an array of pointers to each parameter's value.
template <class... P, std::size_t... I>
std::shared_ptr<const void> bindArgumentArray(void (*kernel)(P...), void** args,
                                              std::index_sequence<I...>) {
  return bindValues(kernel, *static_cast<std::decay_t<P>*>(args[I])...);
}

}  // namespace loom

namespace loom {
// The typed forms that take an argument array (cudaLaunchKernel, cudaLaunchCooperativeKernel).
template <class... P>
cudaError_t launchArgumentArray(void (*func)(P...), dim3 grid, dim3 block, void** args, size_t sharedMem,
                                cudaStream_t stream, runtime::LaunchOptions options) {
  func = reinterpret_cast<void (*)(P...)>(const_cast<void*>(runtime::canonicalKernel(reinterpret_cast<const void*>(func))));
  registerKernelType(func);
  return runtime::launchKernel(reinterpret_cast<const void*>(func), &BoundKernel<P...>::run,
                               bindArgumentArray(func, args, std::index_sequence_for<P...>{}), grid, block,
                               sharedMem, stream, options);
}
}  // namespace loom

template <class... P>
cudaError_t cudaLaunchKernel(void (*func)(P...), dim3 grid, dim3 block, void** args,
                             size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::loom::launchArgumentArray(func, grid, block, args, sharedMem, stream, {});
}

template <class... P>
cudaError_t cudaLaunchCooperativeKernel(void (*func)(P...), dim3 grid, dim3 block, void** args,
                                        size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::loom::launchArgumentArray(func, grid, block, args, sharedMem, stream,
                                     ::loom::runtime::LaunchOptions{true, dim3(1, 1, 1), false});
}

// The C++ form: arguments are converted to the kernel's parameter types, as in a call.
template <class... P, class... A>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config, void (*kernel)(P...), A&&... args) {
  static_assert(sizeof...(P) == sizeof...(A),
                "cudaLaunchKernelEx: the number of arguments does not match the kernel's parameters");
  // A kernel template's instantiation named in host code is the host pass's entry: launch its
  // device twin, as every other launch form does.
  kernel = reinterpret_cast<void (*)(P...)>(
      const_cast<void*>(::loom::runtime::canonicalKernel(reinterpret_cast<const void*>(kernel))));
  ::loom::registerKernelType(kernel);
  return ::loom::runtime::launchKernelEx(config, reinterpret_cast<const void*>(kernel),
                                         &::loom::BoundKernel<P...>::run,
                                         ::loom::bindValues(kernel, std::forward<A>(args)...));
}
