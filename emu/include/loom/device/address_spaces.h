// CUDA's address-space conversions and predicates in device code (the CUDA C++ Programming
// Guide, "Address Space Predicate Functions" and "Address Space Conversion Functions"):
// __cvta_generic_to_shared and friends, __isShared, __isClusterShared, __isLocal, __isGlobal.
// Libraries use them to hand a shared variable's address to PTX (mbarrier, cp.async) as a
// 32-bit shared-window address, and to choose a path by the space an address is in.
//
// On the device a block's shared window starts at 0 with the static __shared__ variables, and the
// dynamic shared memory follows them. Loom keeps the same layout: a static variable's shared
// address is its offset in the worker's static shared block (the executable's thread-local
// block), a dynamic one's is that block's size, rounded up to 128 bytes, plus its offset in the
// dynamic arena. So a shared address fits 32 bits, converts back to the same pointer, and
// addresses inside one variable keep their differences. Global, constant and local memory are
// ordinary memory of the process, where a generic address is already the address in the space.
#pragma once

#include <cstddef>

#include "loom/core/engine_call.h"

namespace loom::device {
LOOM_ENGINE_CALL std::size_t genericToShared(const void* address);
LOOM_ENGINE_CALL void* sharedToGeneric(std::size_t address);
LOOM_ENGINE_CALL bool isShared(const void* address);
LOOM_ENGINE_CALL bool isClusterShared(const void* address);
LOOM_ENGINE_CALL bool isLocal(const void* address);
LOOM_ENGINE_CALL bool isGlobal(const void* address);
}  // namespace loom::device

inline std::size_t __cvta_generic_to_shared(const void* p) { return ::loom::device::genericToShared(p); }
inline void* __cvta_shared_to_generic(std::size_t a) { return ::loom::device::sharedToGeneric(a); }
inline std::size_t __cvta_generic_to_global(const void* p) { return reinterpret_cast<std::size_t>(p); }
inline void* __cvta_global_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }
inline std::size_t __cvta_generic_to_constant(const void* p) { return reinterpret_cast<std::size_t>(p); }
inline void* __cvta_constant_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }
inline std::size_t __cvta_generic_to_local(const void* p) { return reinterpret_cast<std::size_t>(p); }
inline void* __cvta_local_to_generic(std::size_t a) { return reinterpret_cast<void*>(a); }

inline unsigned int __isShared(const void* p) { return ::loom::device::isShared(p) ? 1u : 0u; }
// Shared memory of any block of the running block's cluster (its own included).
// Local memory: the thread's own stack (its automatic variables).
inline unsigned int __isLocal(const void* p) { return ::loom::device::isLocal(p) ? 1u : 0u; }
// Global: neither shared nor local. Loom's __constant__ variables are ordinary variables of the
// program, so this is true for them too (the device answers false), and Loom has no __isConstant.
inline unsigned int __isGlobal(const void* p) { return ::loom::device::isGlobal(p) ? 1u : 0u; }
inline unsigned int __isClusterShared(const void* p) { return ::loom::device::isClusterShared(p) ? 1u : 0u; }
