// Cache-hinted loads and stores (__ldg and friends): on a CPU they are plain accesses, still
// seen by the memory-access hooks because they are ordinary C++ in the kernel's TU.
#pragma once

#include "loom/core/engine_tls.h"

// Base of the running block's dynamic shared memory on this worker, which the engine sets
// between blocks: read-only here, so that a kernel reads it with one load and no call.
extern "C" __thread void* const loom_dynamic_shared LOOM_ENGINE_TLS;

namespace loom {
// loom-cc rewrites `extern __shared__ T x[]` in a function into a pointer initialised from this.
[[gnu::always_inline]] inline void* dynamicSharedBase() { return loom_dynamic_shared; }
// At namespace scope loom-cc makes `extern __shared__ T x[]` a thread_local pointer that the
// engine sets on every worker before it runs a block, registered by its address here (at static
// initialisation, on the main thread). Constant-initialised, it needs no guard variable, and the
// engine knows to ignore the kernel's reads of it in lockstep mode.
bool registerExternShared(const volatile void* pointerSlot);
}  // namespace loom

template <class T> inline T __ldg(const T* p) { return *p; }
template <class T> inline T __ldca(const T* p) { return *p; }
template <class T> inline T __ldcg(const T* p) { return *p; }
template <class T> inline T __ldcs(const T* p) { return *p; }
template <class T> inline T __ldlu(const T* p) { return *p; }
template <class T> inline T __ldcv(const T* p) { return *p; }
template <class T> inline void __stwb(T* p, T v) { *p = v; }
template <class T> inline void __stcg(T* p, T v) { *p = v; }
template <class T> inline void __stcs(T* p, T v) { *p = v; }
template <class T> inline void __stwt(T* p, T v) { *p = v; }
