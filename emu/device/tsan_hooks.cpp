// The memory-access hooks that -fsanitize=thread compiles into kernel translation units.
//
// Loom links these instead of libtsan (DESIGN.md, "Observe every memory access by compiler
// instrumentation", as the Linux kernel's KCSAN does). In the default fast mode a plain access
// hook only checks alignment: illegal addresses fault in hardware (signals) and cost nothing
// until they happen, but an x86 CPU does not fault on a misaligned access where the GPU does
// (cudaErrorMisalignedAddress), so that one is checked here. The compiler calls the plain hooks
// for accesses whose type promises natural alignment (up to 8 bytes: see alignmentMask); the
// _unaligned_ hooks are for packed data and are not checked. Volatile accesses are checked as
// plain ones (racecheck takes them for the PTX model's strong ones), a volatile load is also a
// spin point (fast mode's spin detector, sched/block_runner.h): a thread waiting on a volatile
// flag lets the block's others run, and in the fast mode a volatile shared access is checked
// for legacy warp-synchronous code (check/warp_sync_hazards.h).
// In lockstep mode (counters on) every hook also hands the access to the block runner, which
// stops the lane until its warp request is released (sched/lockstep.cpp). loom-cc inlines the
// plain and packed hooks' first test (one `testq` against loom_access_masks, which folds the
// alignment mask and the checks in force, check/sanitizer/access_checks.h) in front of each call
// in kernel code (tools/loom-cc/inline_hooks.h), so in fast mode with no checker those hooks are
// not even called; lockstep blocks open that gate too. The atomic hooks must
// really perform the operation: user code using std::atomic in a .cu file reaches them.
#include <atomic>
#include <cstdint>
#include <mutex>

#include "check/sanitizer/findings.h"
#include "check/sanitizer/host_memory.h"
#include "check/sanitizer/memcheck.h"
#include "device/atomic_checks.h"
#include "device/misaligned.h"
#include "loom/device/atomics.h"
#include "mem/device_heap.h"
#include "mem/weak_memory.h"
#include "report/symbolize.h"
#include "sched/block_runner.h"
#include "sched/worker.h"

namespace {
// The byte Loom's own marker touches through volatile accesses in the program's code, so that
// g++ optimizes around it as around nothing (loom/device/atomics.h): not an access of the
// program's, for the tools and for lockstep alike.
bool isEngineMarker(const void* p) { return p == &loom::device::tResultUnused; }

// The memory fault an access hook raises on the running block (does not return).
[[noreturn]] void accessFault(loom::sched::BlockRunner* runner, loom::report::FaultKind kind,
                              std::uintptr_t address, const void* pc, unsigned size, int write) {
  loom::report::Fault fault;
  fault.kind = kind;
  fault.address = address;
  fault.pc = pc;
  fault.size = size;
  fault.access = write;
  runner->fault(std::move(fault));
}
// memcheck: a global access that is not inside a live allocation (past its end within the last
// page, or into a freed range) is the device's "out of bounds" fault.
[[gnu::cold, gnu::noinline]] void checkBounds(void* address, const void* pc, unsigned size, int write) {
  auto* runner = loom::sched::BlockRunner::current();
  if (!runner) {  // host code of a .cu file
    loom::check::sanitizer::checkHostAccess(reinterpret_cast<std::uintptr_t>(address), pc, size, write);
    return;
  }
  auto& heap = loom::mem::DeviceHeap::instance();
  // Dynamic shared memory starts at the worker's arena; past the block's size (up to a guard's
  // worth beyond the arena, where a neighbouring worker's arena may be mapped) is out of bounds.
  auto arena = reinterpret_cast<std::uintptr_t>(loom::sched::Worker::current().sharedArena().base());
  auto at = reinterpret_cast<std::uintptr_t>(address);
  if (at >= arena && at < arena + loom::mem::SharedArena::kCapacity + loom::mem::SharedArena::kGuard) {
    if (at + size <= arena + runner->launch().dynamicSharedBytes) return;
    accessFault(runner, loom::report::FaultKind::IllegalAddress, at, pc, size, write);
  }
  // Shared, local, or a wild pointer the pages catch, unless it is the host's memory (a host
  // pointer, check/sanitizer/host_memory.h); a few bytes below the heap's first allocation (an
  // index of -1) count as the heap's, unless another mapping (a worker's shared arena) lives there.
  auto a = reinterpret_cast<std::uintptr_t>(address);
  if (!heap.inRange(address)) {
    if (a >= heap.rangeBegin() || heap.rangeBegin() - a > 64) {
      if (loom::check::sanitizer::isStaticSharedOverrun(a, size)) [[unlikely]]
        accessFault(runner, loom::report::FaultKind::IllegalAddress, a, pc, size, write);
      if (loom::check::sanitizer::isHostMemory(a, runner->launch().arguments.get())) [[unlikely]]
        accessFault(runner, loom::report::FaultKind::IllegalAddress, a, pc, size, write);
      return;
    }
    if (loom::sched::Worker::current().sharedArena().contains(address)) return;
  }
  if (auto a = heap.find(address)) {
    auto end = a->base + a->size;
    if (reinterpret_cast<std::uintptr_t>(address) + size <= end) return;
  }
  accessFault(runner, loom::report::FaultKind::IllegalAddress,
              reinterpret_cast<std::uintptr_t>(address), pc, size, write);
}
// The hooks' cold path, while a tool or the watchdog is on. `bounds`: memcheck checks this
// access (plain and volatile ones); packed and range accesses are not checked for bounds, but
// racecheck sees them as plain accesses, and initcheck counts a byte written through them as
// written. `strong`: a volatile access (racecheck's fence-fence synchronization).
[[gnu::cold, gnu::noinline]] void checkAccess(void* address, const void* pc, unsigned long size, int write,
                                              bool bounds, bool strong = false) {
  using namespace loom::check::sanitizer;
  if (isEngineMarker(address)) return;
  if (bounds && (gAccessChecks & kCheckBounds)) checkBounds(address, pc, static_cast<unsigned>(size), write);
  auto* runner = loom::sched::BlockRunner::current();
  if (!runner) return;
  if (gAccessChecks & kWatchdogExpired) runner->watchdogExpired(pc);
  if (gAccessChecks & kCheckRaces) runner->raceAccess(address, static_cast<unsigned>(size), write != 0, pc, strong);
  if ((gAccessChecks & kWeakMemory) && write && !strong)
    loom::mem::WeakMemory::instance().store(reinterpret_cast<std::uintptr_t>(address), static_cast<unsigned>(size));
  if (gAccessChecks & kCheckInit)
    runner->initAccess(reinterpret_cast<std::uintptr_t>(address), static_cast<unsigned>(size), write != 0, pc);
}
}  // namespace

void loom::device::misalignedAccess(const volatile void* address, const void* pc, unsigned size, int write) {
  auto* runner = loom::sched::BlockRunner::current();
  if (!runner) return;  // host code: x86 allows it
  accessFault(runner, loom::report::FaultKind::MisalignedAddress, reinterpret_cast<std::uintptr_t>(address), pc,
              size, write);
}

// Out of line and only in lockstep mode: the hooks stay small. A 16-byte access at an address
// that is 8 but not 16 bytes aligned can only be an aggregate of 8-byte alignment (a vector type
// there would have faulted), which the device moves with two 8-byte instructions.
[[gnu::noinline]] void lockstepAccess(void* p, unsigned n, loom::check::AccessOp op,
                                      const void* site) {
  auto* runner = loom::sched::BlockRunner::current();
  if (!runner) return;
  if (isEngineMarker(p)) [[unlikely]] return;
  auto at = reinterpret_cast<std::uintptr_t>(p);
  if (n == 16 && (at & 15) == 8) {
    runner->access(at, 8, op, site);
    runner->access(at + 8, 8, op, site);
    return;
  }
  runner->access(at, n, op, site);
}

#define LOOM_LOCKSTEP(p, n, op)                                                          \
  if (loom::sched::lockstepAccesses()) [[unlikely]]                                      \
    lockstepAccess(p, n, loom::check::AccessOp::op, LOOM_CALL_SITE());

// g++ copies an aggregate through a range hook when no single access of 1 to 16 bytes fits it:
// its alignment is below its size (a structure of four floats, a float3). The device copies such
// an aggregate member by member, with the widest access its alignment allows (recorded in
// tests/cuda/vector_access.cu: four LDG.E for a 16-byte structure of floats). The hook is not
// told the alignment, so the pieces are the widest of 4, 2 and 1 bytes that the address and the
// size allow: right for members of 4 bytes and less, while 8-byte members count as two accesses.
[[gnu::noinline]] void lockstepRange(void* p, unsigned long n, loom::check::AccessOp op,
                                     const void* site) {
  auto* runner = loom::sched::BlockRunner::current();
  if (!runner) return;
  auto at = reinterpret_cast<std::uintptr_t>(p);
  unsigned piece = ((at | n) & 3) == 0 ? 4 : ((at | n) & 1) == 0 ? 2 : 1;
  for (unsigned long offset = 0; offset < n; offset += piece) runner->access(at + offset, piece, op, site);
}

#define LOOM_LOCKSTEP_RANGE(p, n, op)                                                    \
  if (loom::sched::lockstepAccesses()) [[unlikely]]                                      \
    lockstepRange(p, n, loom::check::AccessOp::op, LOOM_CALL_SITE());

// The alignment a plain hook may rely on: its size, but 8 for 16 bytes. g++ calls __tsan_read16
// for a 16-byte aggregate of 8-byte alignment too (a struct of a pointer and an int), which the
// device accesses with two 8-byte instructions; a float4 at an 8-byte boundary is not caught.
constexpr std::uintptr_t alignmentMask(unsigned n) { return n == 16 ? 7 : n - 1; }

#define LOOM_CHECK_ALIGNED(p, n, write, strong)                                               \
  if ((reinterpret_cast<std::uintptr_t>(p) & alignmentMask(n)) != 0) [[unlikely]]           \
    loom::device::misalignedAccess(p, LOOM_CALL_SITE(), n, write);                                          \
  if (loom::check::sanitizer::accessChecksOn()) [[unlikely]]                            \
    checkAccess(p, LOOM_CALL_SITE(), n, write, true, strong);

#define LOOM_CHECK_OTHER(p, n, write)                                                   \
  if (loom::check::sanitizer::accessChecksOn()) [[unlikely]]                            \
    checkAccess(p, LOOM_CALL_SITE(), n, write, false);

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
void __tsan_ignore_thread_begin() {}
void __tsan_ignore_thread_end() {}
void __tsan_vptr_update(void**, void*) {}
void __tsan_vptr_read(void**) {}
void __tsan_read_range(void* p, unsigned long n) { LOOM_CHECK_OTHER(p, n, 0) LOOM_LOCKSTEP_RANGE(p, n, Load) }
void __tsan_write_range(void* p, unsigned long n) { LOOM_CHECK_OTHER(p, n, 1) LOOM_LOCKSTEP_RANGE(p, n, Store) }

#define LOOM_ACCESS_HOOKS(n)                                                             \
  void __tsan_read##n(void* p) { LOOM_CHECK_ALIGNED(p, n, 0, false) LOOM_LOCKSTEP(p, n, Load) }   \
  void __tsan_write##n(void* p) { LOOM_CHECK_ALIGNED(p, n, 1, false) LOOM_LOCKSTEP(p, n, Store) } \
  void __tsan_unaligned_read##n(void* p) { LOOM_CHECK_OTHER(p, n, 0) LOOM_LOCKSTEP(p, n, Load) }   \
  void __tsan_unaligned_write##n(void* p) { LOOM_CHECK_OTHER(p, n, 1) LOOM_LOCKSTEP(p, n, Store) } \
  void __tsan_volatile_read##n(void* p) {                                                \
    LOOM_CHECK_ALIGNED(p, n, 0, true) LOOM_LOCKSTEP(p, n, Load)                           \
    if (!isEngineMarker(p)) loom::sched::volatileAccess(p, n, false, LOOM_CALL_SITE());   \
    loom::sched::spinPoint(LOOM_CALL_SITE());                                             \
  }                                                                                       \
  void __tsan_volatile_write##n(void* p) {                                                \
    LOOM_CHECK_ALIGNED(p, n, 1, true) LOOM_LOCKSTEP(p, n, Store)                          \
    if (!isEngineMarker(p)) loom::sched::volatileAccess(p, n, true, LOOM_CALL_SITE());    \
  }                                                                                       \
  void __tsan_read##n##_pc(void*, void*) {}       \
  void __tsan_write##n##_pc(void*, void*) {}
LOOM_ACCESS_HOOKS(1)
LOOM_ACCESS_HOOKS(2)
LOOM_ACCESS_HOOKS(4)
LOOM_ACCESS_HOOKS(8)
LOOM_ACCESS_HOOKS(16)
#undef LOOM_ACCESS_HOOKS

// Memory orders arrive as the compiler's __ATOMIC_* numbers; every hook uses seq_cst, which is
// at least as strong as whatever was asked for. The order asked for still matters to racecheck:
// release or stronger releases (device/atomic_checks.h).
// In lockstep mode each is also a stop of its lane, as CUDA's atomic functions are (a load, a
// store or a read-modify-write of the warp), before the checks, which may hold a lock: a thread
// that waits on a libcu++ atomic or barrier with __nanosleep between tries must stop somewhere
// for its warp's other lanes to run.
#define LOOM_ATOMIC_CHECKS(a, modifies, mo)                                                          \
  loom::device::AtomicChecks checks_(a, sizeof(*(a)), modifies,                                      \
                                     (mo) == __ATOMIC_RELEASE || (mo) == __ATOMIC_ACQ_REL || (mo) == __ATOMIC_SEQ_CST, \
                                     LOOM_CALL_SITE());
#define LOOM_ATOMIC_STOP(a, op)                                                                      \
  if (loom::sched::lockstepAccesses()) [[unlikely]]                                                 \
    lockstepAccess(const_cast<void*>(static_cast<const volatile void*>(a)), sizeof(*(a)),           \
                   loom::check::AccessOp::op, LOOM_CALL_SITE());
#define LOOM_ATOMIC_HOOKS(bits, T)                                                                   \
  T __tsan_atomic##bits##_load(const volatile T* a, int mo) { LOOM_ATOMIC_STOP(a, Load) LOOM_ATOMIC_CHECKS(a, false, mo) return __atomic_load_n(a, __ATOMIC_SEQ_CST); } \
  void __tsan_atomic##bits##_store(volatile T* a, T v, int mo) { LOOM_ATOMIC_STOP(a, Store) LOOM_ATOMIC_CHECKS(a, true, mo) __atomic_store_n(a, v, __ATOMIC_SEQ_CST); } \
  T __tsan_atomic##bits##_exchange(volatile T* a, T v, int mo) { LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo) return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); } \
  T __tsan_atomic##bits##_fetch_add(volatile T* a, T v, int mo) { LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo) return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); } \
  T __tsan_atomic##bits##_fetch_sub(volatile T* a, T v, int mo) { LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo) return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); } \
  T __tsan_atomic##bits##_fetch_and(volatile T* a, T v, int mo) { LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo) return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); } \
  T __tsan_atomic##bits##_fetch_or(volatile T* a, T v, int mo) { LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo) return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); } \
  T __tsan_atomic##bits##_fetch_xor(volatile T* a, T v, int mo) { LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo) return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); } \
  T __tsan_atomic##bits##_fetch_nand(volatile T* a, T v, int mo) { LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo) return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST); } \
  int __tsan_atomic##bits##_compare_exchange_strong(volatile T* a, T* c, T v, int mo, int) {       \
    LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo)                                      \
    return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);          \
  }                                                                                                  \
  int __tsan_atomic##bits##_compare_exchange_weak(volatile T* a, T* c, T v, int mo, int) {         \
    LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo)                                      \
    return __atomic_compare_exchange_n(a, c, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);           \
  }                                                                                                  \
  T __tsan_atomic##bits##_compare_exchange_val(volatile T* a, T c, T v, int mo, int) {             \
    LOOM_ATOMIC_STOP(a, Atomic) LOOM_ATOMIC_CHECKS(a, true, mo)                                      \
    __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                \
    return c;                                                                                        \
  }
LOOM_ATOMIC_HOOKS(8, std::int8_t)
LOOM_ATOMIC_HOOKS(16, std::int16_t)
LOOM_ATOMIC_HOOKS(32, std::int32_t)
LOOM_ATOMIC_HOOKS(64, std::int64_t)
#undef LOOM_ATOMIC_HOOKS

void __tsan_atomic_thread_fence(int) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  if (loom::check::sanitizer::accessChecksOn()) [[unlikely]] loom::device::fenceChecks();
}
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

}  // extern "C"

// 128-bit atomics: x86-64 has cmpxchg16b, but GCC routes 16-byte __atomic builtins through
// libatomic. A striped lock is correct among these hooks, which are the only 16-byte atomics.
namespace {
std::mutex& stripe(const volatile void* a) {
  static std::mutex locks[64];
  return locks[(reinterpret_cast<std::uintptr_t>(a) >> 4) % 64];
}
}  // namespace

extern "C" {
using i128 = __int128;
i128 __tsan_atomic128_load(const volatile i128* a, int) { std::lock_guard l(stripe(a)); return *a; }
void __tsan_atomic128_store(volatile i128* a, i128 v, int) { std::lock_guard l(stripe(a)); *a = v; }
i128 __tsan_atomic128_exchange(volatile i128* a, i128 v, int) { std::lock_guard l(stripe(a)); i128 o = *a; *a = v; return o; }
i128 __tsan_atomic128_fetch_add(volatile i128* a, i128 v, int) { std::lock_guard l(stripe(a)); i128 o = *a; *a = o + v; return o; }
i128 __tsan_atomic128_fetch_sub(volatile i128* a, i128 v, int) { std::lock_guard l(stripe(a)); i128 o = *a; *a = o - v; return o; }
i128 __tsan_atomic128_fetch_and(volatile i128* a, i128 v, int) { std::lock_guard l(stripe(a)); i128 o = *a; *a = o & v; return o; }
i128 __tsan_atomic128_fetch_or(volatile i128* a, i128 v, int) { std::lock_guard l(stripe(a)); i128 o = *a; *a = o | v; return o; }
i128 __tsan_atomic128_fetch_xor(volatile i128* a, i128 v, int) { std::lock_guard l(stripe(a)); i128 o = *a; *a = o ^ v; return o; }
i128 __tsan_atomic128_fetch_nand(volatile i128* a, i128 v, int) { std::lock_guard l(stripe(a)); i128 o = *a; *a = ~(o & v); return o; }
int __tsan_atomic128_compare_exchange_strong(volatile i128* a, i128* c, i128 v, int, int) {
  std::lock_guard l(stripe(a));
  if (*a == *c) { *a = v; return 1; }
  *c = *a;
  return 0;
}
int __tsan_atomic128_compare_exchange_weak(volatile i128* a, i128* c, i128 v, int m, int f) {
  return __tsan_atomic128_compare_exchange_strong(a, c, v, m, f);
}
i128 __tsan_atomic128_compare_exchange_val(volatile i128* a, i128 c, i128 v, int m, int f) {
  __tsan_atomic128_compare_exchange_strong(a, &c, v, m, f);
  return c;
}
}  // extern "C"
