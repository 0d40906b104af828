// Loom's cuda_pipeline_primitives.h: the pipeline primitives of sm_80's asynchronous copies,
// written from the CUDA Programming Guide ("Pipeline Primitives Interface"). The copy happens at
// once (loom/device/async_copy.h), so committing and waiting have nothing left to do.
#pragma once
#define _CUDA_PIPELINE_PRIMITIVES_H_

#include <cstddef>
#include <cstring>

#include "loom/device/async_copy.h"

// Copies size_and_align bytes (4, 8 or 16) from global to shared memory; the last src_zfill of
// them are zeros instead.
[[gnu::always_inline]] inline void __pipeline_memcpy_async(void* __restrict__ dst_shared, const void* __restrict__ src_global,
                                                           std::size_t size_and_align, std::size_t src_zfill = 0) {
  std::size_t copied = src_zfill < size_and_align ? size_and_align - src_zfill : 0;
  ::loom::device::copyNow(dst_shared, src_global, copied);
  for (std::size_t i = copied; i < size_and_align; ++i) static_cast<unsigned char*>(dst_shared)[i] = 0;
}
[[gnu::always_inline]] inline void __pipeline_commit() {}
[[gnu::always_inline]] inline void __pipeline_wait_prior(std::size_t) {}
