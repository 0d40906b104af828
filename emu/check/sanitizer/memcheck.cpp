#include "check/sanitizer/memcheck.h"

#include "cuda_runtime_api.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>

#include "options/options.h"
#include "check/sanitizer/findings.h"
#include "mem/address_space.h"
#include "mem/device_heap.h"
#include "mem/device_malloc.h"
#include "mem/shared_arena.h"
#include "report/symbolize.h"
#include "sched/block_runner.h"
#include "sched/worker.h"

namespace loom::check::sanitizer {

namespace {


Finding memoryFinding(const report::Fault& fault, const std::string& kernel) {
  Finding f;
  f.kind = fault.kind == report::FaultKind::MisalignedAddress ? "misaligned" : "invalid_access";
  f.kernel = kernel;
  f.location = fault.sourceLocation.empty() && fault.pc ? report::sourceLine(fault.pc) : fault.sourceLocation;
  f.access = fault.access;
  f.size = fault.size;
  f.block = fault.block;
  f.thread = fault.thread;
  f.address = fault.address;
  auto sharedBase = reinterpret_cast<std::uintptr_t>(sched::Worker::current().sharedArena().base());
  if (fault.address >= sharedBase && fault.address < sharedBase + mem::SharedArena::kCapacity + mem::SharedArena::kGuard) {
    f.space = "shared";
    f.address = fault.address - sharedBase + kSharedWindowBase;
    return f;
  }
  // An overrun of a static __shared__ array (numbered from the static block's start).
  if (isStaticSharedOverrun(fault.address, fault.size ? fault.size : 1)) {
    f.space = "shared";
    f.address = fault.address - mem::staticSharedRange().begin + kSharedWindowBase;
    return f;
  }
  f.space = "global";
  if (auto a = mem::DeviceHeap::instance().nearest(fault.address)) {
    f.allocation = a->base;
    f.allocationSize = a->size;
  }
  return f;
}

void reportLeaks() {
  for (const mem::Allocation& a : mem::DeviceHeap::instance().liveAllocations()) {
    // Pinned memory is the host's; the malloc heap is one region, its blocks are listed below.
    if (a.kind == mem::AllocationKind::PinnedHost || a.kind == mem::AllocationKind::MallocHeap) continue;
    Finding f;
    f.kind = "leak";
    f.address = a.base;
    f.allocation = a.base;
    f.allocationSize = a.size;
    record(f);
  }
  // Blocks of in-kernel malloc never freed: "Leaked N bytes at 0x... on the device heap".
  if (const mem::MallocArena* heap = mem::existingDeviceMallocArena()) {
    for (const mem::MallocArena::Block& b : heap->liveBlocks()) {
      Finding f;
      f.kind = "leak";
      f.space = "device_heap";
      f.address = b.base;
      f.allocation = b.base;
      f.allocationSize = b.size;
      record(f);
    }
  }
}

}  // namespace

bool isStaticSharedOverrun(std::uintptr_t at, unsigned size) {
  mem::AddressRange statics = mem::staticSharedRange();
  // Past the end, within a block's largest shared memory; or below the start (what lies there is
  // the worker's own stack, which kernel code never touches): on the device both leave the
  // block's shared window (probes.kernel_faults.shared_far, shared_below).
  constexpr std::uintptr_t kBelowReach = std::uintptr_t{4} << 20;
  const bool above = at + size > statics.end && at < mem::staticSharedWindow().end;
  const bool below = at < statics.begin && statics.begin - at <= kBelowReach;
  if (!above && !below) return false;
  // Device memory ever allocated (live or freed), or the 64 bytes below the heap (an index of
  // -1). The heap's never allocated reservation may follow the thread-local block directly.
  auto& heap = mem::DeviceHeap::instance();
  if (at + 64 >= heap.rangeBegin() && at < heap.everAllocatedEnd()) return false;
  auto arena = reinterpret_cast<std::uintptr_t>(sched::Worker::current().sharedArena().base());
  if (at - arena < mem::SharedArena::kCapacity + mem::SharedArena::kGuard) return false;
  if (auto* runner = sched::BlockRunner::current()) {
    const auto& stack = runner->currentLane().fiber->stack;
    if (at - reinterpret_cast<std::uintptr_t>(stack.low) < stack.size) return false;
  }
  return true;
}

void checkHostAccess(std::uintptr_t at, const void* pc, unsigned size, int write) {
  auto& heap = mem::DeviceHeap::instance();
  if (!heap.inRange(reinterpret_cast<const void*>(at))) return;
  auto a = heap.find(reinterpret_cast<const void*>(at));
  // Managed and pinned host memory are the host's to touch; an unallocated address faults anyway.
  if (!a || (a->kind != mem::AllocationKind::Device && a->kind != mem::AllocationKind::MallocHeap)) return;
  static std::mutex mutex;
  static std::set<std::string> reported;
  std::string line = report::sourceLine(pc);
  {
    std::lock_guard lock(mutex);
    if (!reported.insert(line).second) return;
  }
  Finding f;
  f.kind = "host_access";
  f.kernel = report::functionName(pc);
  f.location = line;
  f.access = write;
  f.size = size;
  f.address = at;
  f.allocation = a->base;
  f.allocationSize = a->size;
  record(f);
}

namespace {
// A finding about the thread a fault stopped, at its line.
Finding threadFinding(const char* kind, const report::Fault& fault, const std::string& kernel) {
  Finding f;
  f.kind = kind;
  f.kernel = kernel;
  f.location = fault.pc ? report::sourceLine(fault.pc) : "";
  f.block = fault.block;
  f.thread = fault.thread;
  return f;
}
}  // namespace

void reportFault(const report::Fault& fault, const std::string& kernel) {
  using report::FaultKind;
  Tool t = tool();
  if (t == Tool::Memcheck) {
    if (fault.kind == FaultKind::IllegalAddress || fault.kind == FaultKind::MisalignedAddress)
      record(memoryFinding(fault, kernel));
    // A failed assert and __trap are errors of their own in the device's memcheck ("Warp
    // assert", "Trace/breakpoint trap"), with the thread that raised them.
    if (fault.kind == FaultKind::AssertFailed) record(threadFinding("device_assert", fault, kernel));
    if (fault.kind == FaultKind::Trap) record(threadFinding("trap", fault, kernel));
  } else if (t == Tool::Synccheck) {
    if (fault.kind == FaultKind::WarpMisuse || fault.kind == FaultKind::Deadlock) {
      Finding f = threadFinding(fault.kind == FaultKind::WarpMisuse ? "barrier_invalid_arguments" : "deadlock", fault,
                                kernel);
      f.detail = fault.detail;
      record(f);
    }
  }
}

int launchError(const report::Fault& fault, int plain) {
  bool memoryFault = fault.kind == report::FaultKind::IllegalAddress || fault.kind == report::FaultKind::MisalignedAddress;
  return tool() == Tool::Memcheck && memoryFault ? cudaErrorLaunchFailure : plain;
}

void reportApiError(int error, const char* api) {
  // cudaErrorNotReady is a query's answer (cudaStreamQuery, cudaEventQuery), not a failure.
  if (tool() != Tool::Memcheck || error == cudaSuccess || error == cudaErrorNotReady ||
      std::strncmp(api, "cuda", 4) != 0)
    return;
  auto e = static_cast<cudaError_t>(error);
  Finding f;
  f.kind = "api_error";
  f.detail = std::string(cudaGetErrorName(e)) + "|" + std::to_string(error) + "|" + cudaGetErrorString(e) + "|" + api;
  record(f);
}

void checkLeaksAtReset() {
  if (tool() == Tool::Memcheck && options::get().leakCheck) reportLeaks();
}

void armLeakCheck() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (tool() != Tool::Memcheck || !options::get().leakCheck) return;
    // Construct the heap first: atexit handlers run before the destructors of statics
    // constructed earlier, so the heap is still there when the leaks are listed.
    mem::DeviceHeap::instance();
    std::atexit(reportLeaks);
  });
}

}  // namespace loom::check::sanitizer
