// Loom's cuda_runtime.h: what nvcc makes visible to every .cu file (loom-cc force-includes it
// there), and what host code includes explicitly. Written for Loom.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __CUDA_RUNTIME_H__

// In-kernel malloc is the device malloc heap's (emu/device/device_malloc_interpose.cpp): in a .cu
// file, malloc is declared, before <stdlib.h> declares it, under the assembler name loom_malloc,
// which is glibc's malloc when called from host code. free is interposed process-wide.
#if defined(__CUDACC__) && !defined(_STDLIB_H)
extern "C" void* malloc(__SIZE_TYPE__) noexcept __asm__("loom_malloc");
#endif
extern "C" void* __nv_aligned_device_malloc(__SIZE_TYPE__ size, __SIZE_TYPE__ align) noexcept;

// Standard headers first: some spell GNU attributes with names CUDA redefines as macros
// (libstdc++'s shared_ptr uses __attribute__((__noinline__))); included before the qualifier
// macros exist, their include guards keep them safe afterwards.
#include <cassert>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

#include "loom/core/qualifiers.h"
#include "cuda_runtime_api.h"
#include "device_launch_parameters.h"
#include "loom/device/builtins.h"
#include "loom/device/sync.h"
#include "loom/device/reconverge.h"
#include "loom/device/counted_loops.h"
#include "loom/device/sunk_store.h"
#include "loom/device/selected_load.h"
#include "loom/device/cluster.h"
#include "loom/device/address_spaces.h"
#include "loom/device/launch_dependencies.h"
#include "loom/device/warp.h"
#include "loom/device/ptx.h"
#include "loom/device/atomics.h"
#include "loom/device/memory_access.h"
#include "loom/device/arithmetic.h"
#include "loom/device/intrinsics.h"
#include "loom/device/math_functions.h"
#include "loom/runtime/launch.h"
#include "loom/runtime/runtime_templates.h"
#include "channel_descriptor.h"
#include "loom/texture/texture_fetch.h"
#include "loom/texture/surface_access.h"

// The architecture loom-cc was asked to emulate (-arch=sm_XX); __CUDA_ARCH__ itself stays
// undefined because device and host code are one compilation (README, "Limitations").
#ifdef LOOM_EMULATED_ARCH
namespace loom::runtime {
int registerEmulatedArch(int arch);
}
namespace {
[[maybe_unused]] const int loomEmulatedArchRegistration =
    ::loom::runtime::registerEmulatedArch(LOOM_EMULATED_ARCH);
}
#endif
