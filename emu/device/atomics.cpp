// The atomic functions. Every operation is a real, sequentially consistent CPU atomic on the
// target address, so blocks running on different workers see each other's atomics as on the
// device.
#include "loom/device/atomics.h"

#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>

#include "device/atomic_checks.h"
#include "device/misaligned.h"
#include "isa/fp16/narrow_ops.h"
#include "mem/address_space.h"
#include "report/symbolize.h"
#include "sched/block_runner.h"

namespace {

// Lockstep mode: an atomic is an access of its warp like any other (op Atomic), so lanes doing
// the same atomicAdd form one request. Out of line; the call site is the kernel's. `form`: the
// SASS nvcc 13 makes of this function on shared memory (check/bank_model.h, recorded in the
// bank sweep's SASS), which the bank model prices.
// `aggregable`: nvcc warp-aggregates this function when it proves the address uniform
// (check/counters/warp_access.h).
[[gnu::noinline]] void lockstepAtomic(const void* address, unsigned width, const void* site,
                                      loom::check::SharedAtomic form, bool aggregable) {
  if (auto* runner = loom::sched::BlockRunner::current())
    runner->access(reinterpret_cast<std::uintptr_t>(address), width, loom::check::AccessOp::Atomic,
                   site, form, aggregable);
}

template <class T>
std::atomic_ref<T> ref(T* address) {
  return std::atomic_ref<T>(*address);
}

// Read-modify-write through compare-exchange, for operations the CPU has no instruction for.
template <class T, class F>
T update(T* address, F f) {
  auto a = ref(address);
  T old = a.load();
  while (!a.compare_exchange_weak(old, f(old))) {
  }
  return old;
}

// sm_90 flushes subnormal inputs and results of float atomicAdd on global memory to zero (but
// not on shared memory); the returned old value is not flushed (HARDWARE_NOTES.md).
float flushSubnormal(float v) { return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(0.0f, v) : v; }
float addFlushed(float* a, float v) {
  const float fv = flushSubnormal(v);
  return update(a, [fv](float old) { return flushSubnormal(flushSubnormal(old) + fv); });
}

}  // namespace

// Every atomic function starts with this: it must be in the function the kernel calls, whose
// return address is the kernel's call site. CUDA's atomics are relaxed: they release only after
// a __threadfence (device/atomic_checks.h).
// Aggregable: the functions nvcc 13 warp-aggregates on a uniform address (VOTEU.ANY, then
// UPOPC or REDUX, one lane's ATOMS; recorded: tests.cuda.discarded_atomics): 32-bit add, sub,
// and, or, xor, min, max, and 64-bit add. Not exch, inc, dec, CAS, float or 64-bit bitwise.
// Every atomic clears the discarded-result flag its statement's marker may have set
// (loom/device/atomics.h), once the form is chosen.
// It also checks the address's alignment (the device faults on a misaligned atomic, recorded in
// probes.kernel_faults.misaligned_atomic*: an x86 CPU would run it as a split lock) and counts
// towards fast mode's spin detector.
#define LOOM_ATOMIC_STOP_FORM(a, width, form, aggregable)                          \
  if ((reinterpret_cast<std::uintptr_t>(a) & ((width) - 1)) != 0) [[unlikely]]      \
    loom::device::misalignedAccess(a, LOOM_CALL_SITE(), width, 1);                 \
  loom::sched::spinPoint(LOOM_CALL_SITE());                                         \
  if (loom::sched::lockstepAccesses()) [[unlikely]]                                \
    lockstepAtomic(a, width, LOOM_CALL_SITE(), form, aggregable);                  \
  loom::device::tResultUnused = false;                                             \
  loom::device::AtomicChecks checks_(a, width, true, false, LOOM_CALL_SITE());
#define LOOM_ATOMIC_STOP_AS(a, form) LOOM_ATOMIC_STOP_FORM(a, sizeof(*(a)), loom::check::SharedAtomic::form, false)
#define LOOM_ATOMIC_STOP(a) LOOM_ATOMIC_STOP_AS(a, Native)
#define LOOM_ATOMIC_STOP_AGGREGABLE(a) LOOM_ATOMIC_STOP_FORM(a, sizeof(*(a)), loom::check::SharedAtomic::Native, true)

namespace loom::device {

#define LOOM_RMW(name, T, expr, aggregable)                       \
  T name(T* address, T val) {                                     \
    LOOM_ATOMIC_STOP_FORM(address, sizeof(T), loom::check::SharedAtomic::Native, aggregable) \
    return update(address, [val](T old) -> T { return expr; });   \
  }

int atomicAdd(int* a, int v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_add(v); }
unsigned atomicAdd(unsigned* a, unsigned v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_add(v); }
// atomicAdd(p, 1) with a constant 1: ATOMS.POPC.INC when the statement discards the result.
__thread bool tResultUnused = false;
#define LOOM_ATOMIC_ADD_ONE(T)                                                                   \
  T atomicAddOne(T* a) {                                                                         \
    LOOM_ATOMIC_STOP_FORM(a, sizeof(T),                                                          \
                          tResultUnused ? loom::check::SharedAtomic::PopcInc : loom::check::SharedAtomic::Native, \
                          !tResultUnused)                                                        \
    return ref(a).fetch_add(1);                                                                  \
  }
LOOM_ATOMIC_ADD_ONE(int)
LOOM_ATOMIC_ADD_ONE(unsigned)
#undef LOOM_ATOMIC_ADD_ONE
// nvcc has no shared-memory add instruction for 64-bit integers, float or double: a CAS loop.
unsigned long long atomicAdd(unsigned long long* a, unsigned long long v) {
  LOOM_ATOMIC_STOP_FORM(a, sizeof *a, loom::check::SharedAtomic::CasLoop, true)
  return ref(a).fetch_add(v);
}
float atomicAdd(float* a, float v) {
  LOOM_ATOMIC_STOP_AS(a, CasLoop)
  if (loom::mem::isSharedAddress(a)) return update(a, [v](float old) { return old + v; });
  return addFlushed(a, v);
}
double atomicAdd(double* a, double v) {
  LOOM_ATOMIC_STOP_AS(a, CasLoop)
  return update(a, [v](double old) { return old + v; });
}
int atomicSub(int* a, int v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_sub(v); }
unsigned atomicSub(unsigned* a, unsigned v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_sub(v); }
int atomicExch(int* a, int v) { LOOM_ATOMIC_STOP(a) return ref(a).exchange(v); }
unsigned atomicExch(unsigned* a, unsigned v) { LOOM_ATOMIC_STOP(a) return ref(a).exchange(v); }
unsigned long long atomicExch(unsigned long long* a, unsigned long long v) { LOOM_ATOMIC_STOP(a) return ref(a).exchange(v); }
float atomicExch(float* a, float v) { LOOM_ATOMIC_STOP(a) return ref(a).exchange(v); }
LOOM_RMW(atomicMin, int, val < old ? val : old, true)
LOOM_RMW(atomicMin, unsigned, val < old ? val : old, true)
LOOM_RMW(atomicMin, long long, val < old ? val : old, false)
LOOM_RMW(atomicMin, unsigned long long, val < old ? val : old, false)
LOOM_RMW(atomicMax, int, val > old ? val : old, true)
LOOM_RMW(atomicMax, unsigned, val > old ? val : old, true)
LOOM_RMW(atomicMax, long long, val > old ? val : old, false)
LOOM_RMW(atomicMax, unsigned long long, val > old ? val : old, false)
// atomicInc: ((old >= val) ? 0 : (old + 1)); atomicDec: ((old == 0) || (old > val)) ? val : (old - 1).
LOOM_RMW(atomicInc, unsigned, old >= val ? 0u : old + 1u, false)
LOOM_RMW(atomicDec, unsigned, (old == 0u || old > val) ? val : old - 1u, false)
int atomicAnd(int* a, int v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_and(v); }
unsigned atomicAnd(unsigned* a, unsigned v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_and(v); }
unsigned long long atomicAnd(unsigned long long* a, unsigned long long v) { LOOM_ATOMIC_STOP(a) return ref(a).fetch_and(v); }
int atomicOr(int* a, int v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_or(v); }
unsigned atomicOr(unsigned* a, unsigned v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_or(v); }
unsigned long long atomicOr(unsigned long long* a, unsigned long long v) { LOOM_ATOMIC_STOP(a) return ref(a).fetch_or(v); }
int atomicXor(int* a, int v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_xor(v); }
unsigned atomicXor(unsigned* a, unsigned v) { LOOM_ATOMIC_STOP_AGGREGABLE(a) return ref(a).fetch_xor(v); }
unsigned long long atomicXor(unsigned long long* a, unsigned long long v) { LOOM_ATOMIC_STOP(a) return ref(a).fetch_xor(v); }

}  // namespace loom::device

namespace {
// A compare-and-swap that does not swap is how spin locks wait: let the block's other threads
// (perhaps the lock holder) run before trying again.
// Either way the warp's lanes waiting after a branch may go on (BlockRunner::casExecuted).
template <class T>
T cas(T* address, T compare, T val, const void* site) {
  T expected = compare;
  auto* runner = loom::sched::BlockRunner::current();
  if (runner) runner->casExecuted();
  if (!ref(address).compare_exchange_strong(expected, val)) {
    if (runner) runner->yield(site);
  }
  return expected;
}

// nvcc has no 16-bit shared-memory CAS: it loads the containing 32-bit word (LDS) and loops on
// ATOMS.CAS of that word, retrying while the CAS failed only because the other half changed
// (recorded SASS of the bank sweep, shared_probe<AtomCas, 2>). Lockstep mode runs that loop, so
// each iteration is one warp request as on the device and the values decide who retries; the
// released lanes run in lane order, the order in which the device serves CASes on one word.
// The load stops one byte before the CAS's site: the same source line, but its own request.
unsigned short casHalfInShared(loom::sched::BlockRunner& runner, unsigned short* a, unsigned short compare,
                               unsigned short val, const void* site) {
  const auto address = reinterpret_cast<std::uintptr_t>(a);
  auto* word = reinterpret_cast<std::uint32_t*>(address & ~std::uintptr_t{3});
  const unsigned shift = (address & 2u) * 8;
  const std::uint32_t other = ~(std::uint32_t{0xffff} << shift);
  runner.access(reinterpret_cast<std::uintptr_t>(word), 4, loom::check::AccessOp::Load,
                static_cast<const char*>(site) - 1);
  std::uint32_t seen = ref(word).load();
  for (;;) {
    const std::uint32_t expected = (seen & other) | (std::uint32_t{compare} << shift);
    const std::uint32_t desired = (seen & other) | (std::uint32_t{val} << shift);
    runner.access(reinterpret_cast<std::uintptr_t>(word), 4, loom::check::AccessOp::Atomic, site,
                  loom::check::SharedAtomic::Cas);
    seen = expected;
    ref(word).compare_exchange_strong(seen, desired);
    if ((seen & other) == (expected & other)) return static_cast<unsigned short>(seen >> shift);
  }
}

}  // namespace

namespace loom::device {

int atomicCAS(int* a, int c, int v) { LOOM_ATOMIC_STOP_AS(a, Cas) return cas(a, c, v, LOOM_CALL_SITE()); }
unsigned atomicCAS(unsigned* a, unsigned c, unsigned v) { LOOM_ATOMIC_STOP_AS(a, Cas) return cas(a, c, v, LOOM_CALL_SITE()); }
unsigned long long atomicCAS(unsigned long long* a, unsigned long long c, unsigned long long v) { LOOM_ATOMIC_STOP_AS(a, Cas) return cas(a, c, v, LOOM_CALL_SITE()); }
unsigned short atomicCAS(unsigned short* a, unsigned short c, unsigned short v) {
  if (loom::sched::lockstepAccesses()) [[unlikely]] {
    auto* runner = loom::sched::BlockRunner::current();
    if (runner && loom::mem::isSharedAddress(a) && reinterpret_cast<std::uintptr_t>(a) % 2 == 0) {
      AtomicChecks checks_(a, sizeof *a, true, false, LOOM_CALL_SITE());
      return casHalfInShared(*runner, a, c, v, LOOM_CALL_SITE());
    }
  }
  LOOM_ATOMIC_STOP_AS(a, Cas) return cas(a, c, v, LOOM_CALL_SITE());
}


// 16-bit float atomics: each element rounded as __hadd / __hadd_bf16 round (isa/fp16), on the
// element's own bits (a 16-bit CAS loop), or on a pair's 32 bits at once; subnormals kept
// (tests.cuda.narrow_atomics, recorded). Shared-memory forms (the record's SASS): __half2 and
// __nv_bfloat162 are LDS + ATOMS.CAST.SPIN, as float's CasLoop; a 16-bit one is a CAS loop
// through a generic address (ATOM.E.CAS), priced here as CasLoop too, its counters unrecorded.
#define LOOM_NARROW_ADD(name, T, add)                                    \
  T name(T* a, T v) {                                                    \
    LOOM_ATOMIC_STOP_AS(a, CasLoop)                                      \
    return update(a, [v](T old) -> T { return loom::isa::add(old, v); }); \
  }
LOOM_NARROW_ADD(atomicAddHalf, unsigned short, h16::add)
LOOM_NARROW_ADD(atomicAddHalf2, unsigned, h16::add2)
LOOM_NARROW_ADD(atomicAddBfloat16, unsigned short, bf16::add)
LOOM_NARROW_ADD(atomicAddBfloat162, unsigned, bf16::add2)
// float2/float4 (sm_90, global memory): one access of the vector's width; per element, what
// float atomicAdd on global memory does (ATOMG.E.ADD.F32x2/x4.FTZ: subnormals flushed, recorded).
void atomicAddFloats(float* a, const float* v, float* old, unsigned count) {
  LOOM_ATOMIC_STOP_FORM(a, count * sizeof(float), loom::check::SharedAtomic::Native, false)
  for (unsigned i = 0; i < count; ++i) old[i] = addFlushed(a + i, v[i]);
}

}  // namespace loom::device
