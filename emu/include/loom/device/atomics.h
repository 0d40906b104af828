// CUDA's atomic functions (Programming Guide "Atomic Functions"; seed 002's list), with the
// semantics HARDWARE_NOTES.md measured on sm_90 (atomicInc/atomicDec wrap rules, float
// atomicAdd on global memory flushing subnormals). Implemented out of line in the engine, where
// the checkers can see them; the _block and _system forms are the same operation on a CPU.
#pragma once

#include "loom/core/engine_call.h"
#include "vector_types.h"

// The CUDA names are inline forwarders to the engine's functions (loom::device::), each ending
// with an empty asm so that the call is never a tail call: lockstep mode and reports take the
// engine call's return address as the atomic's site in the kernel.
#define LOOM_ATOMIC_NO_TAIL_CALL() asm volatile("" ::: "memory")
// The _block and _system forms: the same operation on a CPU.
#define LOOM_ATOMIC_SCOPE_FORMS(name, T)                                                   \
  __attribute__((always_inline)) inline T name##_block(T* address, T val) { return name(address, val); } \
  __attribute__((always_inline)) inline T name##_system(T* address, T val) { return name(address, val); }
#define LOOM_ATOMIC_SCOPES(name, T)                                                        \
  namespace loom::device {                                                                 \
  LOOM_ENGINE_CALL T name(T* address, T val);                                              \
  }                                                                                        \
  __attribute__((always_inline)) inline T name(T* address, T val) {                        \
    T old = ::loom::device::name(address, val);                                            \
    LOOM_ATOMIC_NO_TAIL_CALL();                                                            \
    return old;                                                                            \
  }                                                                                        \
  LOOM_ATOMIC_SCOPE_FORMS(name, T)

// atomicAdd on int and unsigned: a constant addend of 1 goes to an engine entry that asks
// whether the statement discards the result (loom-cc marks such statements with ResultUnused,
// tools/loom-cc/discarded_atomics.h): nvcc makes that call ATOMS.POPC.INC on shared memory,
// which the bank model prices differently from ATOMS.ADD.
namespace loom::device {
extern __thread bool tResultUnused;
// A volatile store: it reaches the memory-access hooks, which know the flag's address and let it
// pass (device/tsan_hooks.cpp; the executable's TLS block is shared memory to them, __shared__
// being thread_local). Not asm: g++ took an asm's store, even to one named byte, as a reason to
// load again inside the statement what its condition had loaded, an extra shared load nvcc does
// not make (recorded: tests.cuda.divergent_kernels' histogram); a volatile store is ordered only
// with other volatile accesses. For the same reason the marker has no destructor: the engine
// clears the flag in every atomic it performs (device/atomics.cpp). The atomic's call, which
// reads the flag, stays after the store, since an opaque call may read it.
struct ResultUnused {
  ResultUnused() { *static_cast<volatile bool*>(&tResultUnused) = true; }
  ResultUnused(const ResultUnused&) = delete;
  ResultUnused& operator=(const ResultUnused&) = delete;
};
LOOM_ENGINE_CALL int atomicAddOne(int* address);
LOOM_ENGINE_CALL unsigned int atomicAddOne(unsigned int* address);
}  // namespace loom::device
#define LOOM_ATOMIC_ADD_COUNTER(T)                                                                 \
  namespace loom::device {                                                                       \
  LOOM_ENGINE_CALL T atomicAdd(T* address, T val);                                               \
  }                                                                                              \
  __attribute__((always_inline)) inline T atomicAdd(T* address, T val) {                        \
    T old = __builtin_constant_p(val) && val == 1 ? ::loom::device::atomicAddOne(address)       \
                                                  : ::loom::device::atomicAdd(address, val);    \
    LOOM_ATOMIC_NO_TAIL_CALL();                                                                  \
    return old;                                                                                  \
  }                                                                                              \
  LOOM_ATOMIC_SCOPE_FORMS(atomicAdd, T)
LOOM_ATOMIC_ADD_COUNTER(int)
LOOM_ATOMIC_ADD_COUNTER(unsigned int)
LOOM_ATOMIC_SCOPES(atomicAdd, unsigned long long int)
LOOM_ATOMIC_SCOPES(atomicAdd, float)
LOOM_ATOMIC_SCOPES(atomicAdd, double)
LOOM_ATOMIC_SCOPES(atomicSub, int)
LOOM_ATOMIC_SCOPES(atomicSub, unsigned int)
LOOM_ATOMIC_SCOPES(atomicExch, int)
LOOM_ATOMIC_SCOPES(atomicExch, unsigned int)
LOOM_ATOMIC_SCOPES(atomicExch, unsigned long long int)
LOOM_ATOMIC_SCOPES(atomicExch, float)
LOOM_ATOMIC_SCOPES(atomicMin, int)
LOOM_ATOMIC_SCOPES(atomicMin, unsigned int)
LOOM_ATOMIC_SCOPES(atomicMin, long long int)
LOOM_ATOMIC_SCOPES(atomicMin, unsigned long long int)
LOOM_ATOMIC_SCOPES(atomicMax, int)
LOOM_ATOMIC_SCOPES(atomicMax, unsigned int)
LOOM_ATOMIC_SCOPES(atomicMax, long long int)
LOOM_ATOMIC_SCOPES(atomicMax, unsigned long long int)
LOOM_ATOMIC_SCOPES(atomicInc, unsigned int)
LOOM_ATOMIC_SCOPES(atomicDec, unsigned int)
LOOM_ATOMIC_SCOPES(atomicAnd, int)
LOOM_ATOMIC_SCOPES(atomicAnd, unsigned int)
LOOM_ATOMIC_SCOPES(atomicAnd, unsigned long long int)
LOOM_ATOMIC_SCOPES(atomicOr, int)
LOOM_ATOMIC_SCOPES(atomicOr, unsigned int)
LOOM_ATOMIC_SCOPES(atomicOr, unsigned long long int)
LOOM_ATOMIC_SCOPES(atomicXor, int)
LOOM_ATOMIC_SCOPES(atomicXor, unsigned int)
LOOM_ATOMIC_SCOPES(atomicXor, unsigned long long int)

#define LOOM_ATOMIC_CAS(T)                                                                  \
  namespace loom::device {                                                                  \
  LOOM_ENGINE_CALL T atomicCAS(T* address, T compare, T val);                               \
  }                                                                                         \
  __attribute__((always_inline)) inline T atomicCAS(T* address, T compare, T val) {         \
    T old = ::loom::device::atomicCAS(address, compare, val);                               \
    LOOM_ATOMIC_NO_TAIL_CALL();                                                             \
    return old;                                                                             \
  }                                                                                         \
  __attribute__((always_inline)) inline T atomicCAS_block(T* address, T compare, T val) { return atomicCAS(address, compare, val); } \
  __attribute__((always_inline)) inline T atomicCAS_system(T* address, T compare, T val) { return atomicCAS(address, compare, val); }
LOOM_ATOMIC_CAS(int)
LOOM_ATOMIC_CAS(unsigned int)
LOOM_ATOMIC_CAS(unsigned long long int)
LOOM_ATOMIC_CAS(unsigned short int)

// atomicAdd on 16-bit floats (cuda_fp16.h, cuda_bf16.h: typed wrappers there) and sm_90's
// float2/float4 (global memory only): the engine works on bits. CUDA guarantees atomicity per
// element; Loom's is per 16-bit element or per 32-bit pair.
namespace loom::device {
LOOM_ENGINE_CALL unsigned short atomicAddHalf(unsigned short* address, unsigned short val);
LOOM_ENGINE_CALL unsigned atomicAddHalf2(unsigned* address, unsigned val);
LOOM_ENGINE_CALL unsigned short atomicAddBfloat16(unsigned short* address, unsigned short val);
LOOM_ENGINE_CALL unsigned atomicAddBfloat162(unsigned* address, unsigned val);
LOOM_ENGINE_CALL void atomicAddFloats(float* address, const float* val, float* old, unsigned count);
}  // namespace loom::device
// The typed forms for cuda_fp16.h and cuda_bf16.h: T's bits through `engine`, which works on
// 16-bit elements or on 32-bit pairs.
#define LOOM_ATOMIC_ADD_BITS(T, Bits, engine)                                                  \
  __attribute__((always_inline)) inline T atomicAdd(T* address, T val) {                      \
    static_assert(sizeof(T) == sizeof(Bits));                                                 \
    Bits v;                                                                                   \
    __builtin_memcpy(&v, static_cast<const void*>(&val), sizeof v); /* void*: -Wclass-memaccess */ \
    Bits old = ::loom::device::engine(reinterpret_cast<Bits*>(address), v);                   \
    asm volatile("" ::: "memory"); /* never a tail call: the engine's return address is the site */ \
    T result;                                                                                 \
    __builtin_memcpy(static_cast<void*>(&result), &old, sizeof result);                       \
    return result;                                                                            \
  }                                                                                           \
  __attribute__((always_inline)) inline T atomicAdd_block(T* a, T v) { return atomicAdd(a, v); } \
  __attribute__((always_inline)) inline T atomicAdd_system(T* a, T v) { return atomicAdd(a, v); }
__attribute__((always_inline)) inline float2 atomicAdd(float2* address, float2 val) {
  float2 old;
  ::loom::device::atomicAddFloats(&address->x, &val.x, &old.x, 2);
  LOOM_ATOMIC_NO_TAIL_CALL();
  return old;
}
__attribute__((always_inline)) inline float4 atomicAdd(float4* address, float4 val) {
  float4 old;
  ::loom::device::atomicAddFloats(&address->x, &val.x, &old.x, 4);
  LOOM_ATOMIC_NO_TAIL_CALL();
  return old;
}
LOOM_ATOMIC_SCOPE_FORMS(atomicAdd, float2)
LOOM_ATOMIC_SCOPE_FORMS(atomicAdd, float4)

#undef LOOM_ATOMIC_SCOPES
#undef LOOM_ATOMIC_ADD_COUNTER
#undef LOOM_ATOMIC_SCOPE_FORMS
#undef LOOM_ATOMIC_CAS
#undef LOOM_ATOMIC_NO_TAIL_CALL
