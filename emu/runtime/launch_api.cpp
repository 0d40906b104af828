// Kernel launch: configuration checks with the device's error codes, then the launch is queued.
#include <algorithm>
#include <cstdio>
#include <memory>

#include "check/report/launch_record.h"
#include "check/report/progress_line.h"
#include "cuda_runtime_api.h"
#include "device/device_printf.h"
#include "loom/runtime/device_properties.h"
#include "loom/runtime/launch.h"
#include "check/sanitizer/findings.h"
#include "check/sanitizer/global_races.h"
#include "check/sanitizer/memcheck.h"
#include "report/symbolize.h"
#include "runtime/device_queue.h"
#include "runtime/error_state.h"
#include "runtime/kernel_call.h"
#include "runtime/kernel_registry.h"
#include "runtime/stream.h"
#include "sched/grid_executor.h"
#include "sched/launch.h"
#include "sched/watchdog.h"

namespace loom::runtime {

// CUDA 13 answers every invalid configuration with cudaErrorInvalidValue, not the older
// cudaErrorInvalidConfiguration (validate/results/h100-sm90/probes.launch_errors/stdout.txt).
cudaError_t checkConfiguration(const void* kernel, dim3 grid, dim3 block, size_t sharedBytes,
                               const LaunchOptions& options) {
  const cudaDeviceProp& p = deviceProperties();
  if (block.x == 0 || block.y == 0 || block.z == 0 || grid.x == 0 || grid.y == 0 || grid.z == 0)
    return cudaErrorInvalidValue;
  if (block.x > unsigned(p.maxThreadsDim[0]) || block.y > unsigned(p.maxThreadsDim[1]) ||
      block.z > unsigned(p.maxThreadsDim[2]) ||
      std::uint64_t(block.x) * block.y * block.z > unsigned(p.maxThreadsPerBlock))
    return cudaErrorInvalidValue;
  if (grid.x > unsigned(p.maxGridSize[0]) || grid.y > unsigned(p.maxGridSize[1]) ||
      grid.z > unsigned(p.maxGridSize[2]))
    return cudaErrorInvalidValue;
  const KernelSettings settings = kernelSettings(kernel);
  if (sharedBytes > settings.maxDynamicSharedBytes) return cudaErrorInvalidValue;
  dim3 c = options.cluster;
  if (c.x * c.y * c.z > 1) {
    // Portable clusters have at most 8 blocks; sm_90 allows 16 to a kernel that opts in.
    unsigned limit = settings.nonPortableClusterSizeAllowed ? 16 : 8;
    if (std::uint64_t(c.x) * c.y * c.z > limit) return cudaErrorInvalidClusterSize;
    if (grid.x % c.x != 0 || grid.y % c.y != 0 || grid.z % c.z != 0) return cudaErrorInvalidClusterSize;
  }
  // Loom runs one group of co-resident blocks per launch: the grid, or each cluster, not both.
  if (options.cooperative && c.x * c.y * c.z > 1) return cudaErrorNotSupported;
  if (options.cooperative) {
    // Every block must be resident at once: no more than the device holds of this kernel.
    int perSM = maxActiveBlocksPerSM(kernel, static_cast<int>(block.x * block.y * block.z), sharedBytes);
    if (std::uint64_t(grid.x) * grid.y * grid.z > std::uint64_t(perSM) * unsigned(p.multiProcessorCount))
      return cudaErrorCooperativeLaunchTooLarge;
  }
  return cudaSuccess;
}

int maxActiveBlocksPerSM(const void* kernel, int blockSize, size_t dynamicSharedBytes) {
  const cudaDeviceProp& p = deviceProperties();
  if (blockSize <= 0 || blockSize > p.maxThreadsPerBlock) return 0;
  // Threads are allocated per warp; shared memory per block includes the 1 KiB the system
  // reserves. Registers are unknown to Loom and do not limit here.
  int warps = (blockSize + p.warpSize - 1) / p.warpSize;
  int byThreads = (p.maxThreadsPerMultiProcessor / p.warpSize) / warps;
  int blocks = byThreads < p.maxBlocksPerMultiProcessor ? byThreads : p.maxBlocksPerMultiProcessor;
  if (dynamicSharedBytes > kernelSettings(kernel).maxDynamicSharedBytes) return 0;  // cannot launch at all
  if (dynamicSharedBytes > 0) {
    size_t perBlock = dynamicSharedBytes + p.reservedSharedMemPerBlock;
    int bySmem = static_cast<int>(p.sharedMemPerMultiprocessor / perBlock);
    if (bySmem < blocks) blocks = bySmem;
  }
  return blocks;
}

namespace {

// racecheck's global-memory detector sees one launch at a time: the kernel boundary orders all.
void runWithGlobalRaceCheck(sched::Launch& launch) {
  auto& races = check::sanitizer::GlobalRaceDetector::process();
  races.beginLaunch(uint3{launch.grid.x, launch.grid.y, launch.grid.z});
  sched::runGrid(launch);
  for (const auto& finding : races.endLaunch(report::functionName(launch.kernel))) check::sanitizer::record(finding);
}

class PendingLaunchesHidden {
 public:
  PendingLaunchesHidden() : saved_(loom_pending_launch) { loom_pending_launch = nullptr; }
  ~PendingLaunchesHidden() { loom_pending_launch = saved_; }

 private:
  PendingLaunch* saved_;
};

void execute(sched::Launch& launch) {
  if (stickyError() != cudaSuccess) return;  // a faulted context runs nothing more
  {
    // Kernels may run on this thread (serial mode, or a synchronization inside a launch's
    // arguments): as CUDA threads they must find no launch pending (launch_scope.h).
    PendingLaunchesHidden hidden;
    check::sanitizer::tool();  // sets the hooks' checks before the watchdog may add its bit
    sched::WatchdogScope watchdog(launch.kernel);
    if (check::sanitizer::tool() == check::sanitizer::Tool::Racecheck) [[unlikely]]
      runWithGlobalRaceCheck(launch);
    else
      sched::runGrid(launch);
  }
  if (auto fault = launch.fault()) {
    device::flushPrintfBuffer();  // what the kernel printed before it failed comes first
    std::string kernelName = report::functionName(launch.kernel);
    if (fault->kind == report::FaultKind::Timeout) fault->detail = sched::timeoutPreamble() + fault->detail;
    std::string text = report::describe(*fault, kernelName);
    if (check::sanitizer::tool() != check::sanitizer::Tool::None) [[unlikely]]
      check::sanitizer::reportFault(*fault, kernelName);
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
    setStickyError(static_cast<cudaError_t>(check::sanitizer::launchError(*fault, report::cudaErrorFor(fault->kind))));
  }
}

}  // namespace

std::function<void()> kernelOperation(KernelCall call) {
  return [call = std::move(call)] {
    sched::Launch launch;
    launch.kernel = call.kernel;
    launch.run = call.run;
    launch.arguments = call.arguments;
    launch.grid = call.grid;
    launch.block = call.block;
    launch.dynamicSharedBytes = call.sharedBytes;
    launch.cooperative = call.options.cooperative;
    launch.cluster = call.options.cluster;
    launch.clusterSpecified = call.options.clusterSpecified;
    if (call.counted)
      launch.counters = check::Recorder::instance().begin(call.kernel, call.grid, call.block, call.profilerStream);
    execute(launch);
    if (launch.counters) check::printProgressLine(*launch.counters);
  };
}

cudaError_t launchKernel(const void* kernel, RunThreads run,
                         std::shared_ptr<const void> arguments, dim3 grid, dim3 block,
                         size_t sharedBytes, cudaStream_t stream, LaunchOptions options, const char* api) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s, api);
  dim3 compiled = compiledClusterDims(kernel);  // __cluster_dims__
  if (compiled.x * compiled.y * compiled.z > 1) {
    dim3 c = options.cluster;
    if (options.clusterSpecified && (c.x != compiled.x || c.y != compiled.y || c.z != compiled.z))
      return recordError(cudaErrorInvalidClusterSize, api);
    options.cluster = compiled;
    options.clusterSpecified = true;
  }
  if (cudaError_t e = checkConfiguration(kernel, grid, block, sharedBytes, options); e != cudaSuccess)
    return recordError(e, api);
  KernelCall call{kernel, run, std::move(arguments), grid, block, sharedBytes,
                  check::Recorder::instance().enabled(), options};
  call.profilerStream = profilerStreamNumber(stream);
  Submission done = submitToStream(stream, cudaGraphNodeTypeKernel, kernelOperation(call), &call);
  return done.error != cudaSuccess ? recordError(done.error, api) : cudaSuccess;
}

cudaError_t launchKernelEx(const cudaLaunchConfig_t* config, const void* kernel, RunThreads run,
                           std::shared_ptr<const void> arguments, const char* api) {
  if (!config) return recordError(stickyOr(cudaErrorInvalidValue), api);
  if (config->numAttrs > 0 && !config->attrs) return recordError(stickyOr(cudaErrorInvalidValue), api);
  LaunchOptions options;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const cudaLaunchAttribute& a = config->attrs[i];
    switch (a.id) {
      case cudaLaunchAttributeCooperative: options.cooperative = a.val.cooperative != 0; break;
      case cudaLaunchAttributeClusterDimension: {
        auto& d = a.val.clusterDim;
        if (d.x == 0 || d.y == 0 || d.z == 0) return recordError(stickyOr(cudaErrorInvalidValue), api);
        options.cluster = dim3(d.x, d.y, d.z);
        options.clusterSpecified = true;
        break;
      }
      default: break;  // no effect on a CPU (priorities, L2 windows, launch overlap...)
    }
  }
  return launchKernel(kernel, run, std::move(arguments), config->gridDim, config->blockDim,
                      config->dynamicSmemBytes, config->stream, options, api);
}

}  // namespace loom::runtime

using namespace loom::runtime;

namespace {
cudaError_t untypedLaunch(const char* api) {
  std::fprintf(stderr, "loom: %s(const void*, ...): this kernel was never used with its type (launch it once "
               "with <<<>>> or call the typed overload)\n", api);
  return stickyOr(cudaErrorInvalidDeviceFunction);
}
}  // namespace

extern "C" {

cudaError_t cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args,
                             size_t sharedMem, cudaStream_t stream) {
  ErasedCall call = erasedCall(func);
  if (!call.run) return untypedLaunch("cudaLaunchKernel");
  return launchKernel(func, call.run, call.bind(func, args), grid, block, sharedMem, stream);
}

cudaError_t cudaLaunchCooperativeKernel(const void* func, dim3 grid, dim3 block, void** args,
                                        size_t sharedMem, cudaStream_t stream) {
  ErasedCall call = erasedCall(func);
  if (!call.run) return untypedLaunch("cudaLaunchCooperativeKernel");
  return launchKernel(func, call.run, call.bind(func, args), grid, block, sharedMem, stream,
                      LaunchOptions{true, dim3(1, 1, 1), false}, "cudaLaunchCooperativeKernel");
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func, void** args) {
  ErasedCall call = erasedCall(func);
  if (!call.run) return untypedLaunch("cudaLaunchKernelExC");
  return launchKernelEx(config, func, call.run, call.bind(func, args));
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, const void* func) {
  if (!attr || !func) return stickyOr(cudaErrorInvalidDeviceFunction);
  const cudaDeviceProp& p = deviceProperties();
  *attr = cudaFuncAttributes{};
  // Loom cannot know a kernel's registers or static shared size (that is ptxas's business):
  // report none used, so limits derive from the device alone.
  attr->maxThreadsPerBlock = p.maxThreadsPerBlock;
  attr->maxDynamicSharedSizeBytes = static_cast<int>(kernelSettings(func).maxDynamicSharedBytes);
  attr->ptxVersion = p.major * 10 + p.minor;
  attr->binaryVersion = p.major * 10 + p.minor;
  attr->preferredShmemCarveout = kernelSettings(func).preferredSharedCarveout;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaFuncSetAttribute(const void* func, cudaFuncAttribute attr, int value) {
  if (!func) return stickyOr(cudaErrorInvalidDeviceFunction);
  KernelSettings s = kernelSettings(func);
  const cudaDeviceProp& p = deviceProperties();
  switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize:
      if (value < 0 || size_t(value) > p.sharedMemPerBlockOptin) return stickyOr(cudaErrorInvalidValue);
      s.maxDynamicSharedBytes = size_t(value);
      break;
    case cudaFuncAttributePreferredSharedMemoryCarveout:
      if (value < -1 || value > 100) return stickyOr(cudaErrorInvalidValue);
      s.preferredSharedCarveout = value;
      break;
    case cudaFuncAttributeNonPortableClusterSizeAllowed:
      s.nonPortableClusterSizeAllowed = value != 0;
      break;
    default:
      break;  // accepted; nothing in Loom depends on the others
  }
  updateKernelSettings(func, s);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaFuncSetCacheConfig(const void* func, cudaFuncCache) {
  return stickyOr(func ? cudaSuccess : cudaErrorInvalidDeviceFunction);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, const void* func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int) {
  if (!numBlocks || !func || blockSize <= 0) return stickyOr(cudaErrorInvalidValue);
  *numBlocks = maxActiveBlocksPerSM(func, blockSize, dynamicSMemSize);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* func,
                                                          int blockSize, size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize,
                                                                dynamicSMemSize, 0);
}

// What the H100 answered (tests/cuda/stream_attributes.cu): an SM's shared memory shared by
// `numBlocks` blocks, in 128-byte units, at most what the kernel may have (48 KiB unless it
// opted in); blocks that cannot be resident together (threads in whole warps, blocks per SM)
// are refused. The kernel's static shared size is unknown to Loom and counts as 0.
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, const void* func, int numBlocks,
                                                      int blockSize) {
  const cudaDeviceProp& p = deviceProperties();
  if (!dynamicSmemSize || !func || numBlocks <= 0 || blockSize <= 0 || blockSize > p.maxThreadsPerBlock)
    return recordError(cudaErrorInvalidValue);
  std::size_t warps = (std::size_t(blockSize) + p.warpSize - 1) / p.warpSize;
  if (numBlocks > p.maxBlocksPerMultiProcessor ||
      std::size_t(numBlocks) * warps * p.warpSize > std::size_t(p.maxThreadsPerMultiProcessor))
    return recordError(cudaErrorInvalidValue);
  std::size_t share = p.sharedMemPerMultiprocessor / std::size_t(numBlocks) / 128 * 128;
  *dynamicSmemSize = std::min(share, kernelSettings(func).maxDynamicSharedBytes);
  return stickyOr(cudaSuccess);
}

// The mangled name, as the H100 gives it; a function that is not a kernel (never registered)
// is an invalid handle.
cudaError_t cudaFuncGetName(const char** name, const void* func) {
  if (!name || !func) return recordError(cudaErrorInvalidValue);
  const char* symbol = kernelSymbol(func);
  if (!symbol) return recordError(cudaErrorInvalidResourceHandle);
  *name = symbol;
  return stickyOr(cudaSuccess);
}

}  // extern "C"
