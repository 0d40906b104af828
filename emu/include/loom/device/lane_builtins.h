// The values threadIdx, blockIdx, blockDim and gridDim are read from (loom/device/builtins.h),
// one set per OS thread, rewritten by the scheduler whenever it switches lanes. Separate from
// builtins.h so that the engine writes them under these names while kernel code reads them,
// const, under CUDA's. Named after PTX's special registers.
#pragma once

#include "loom/core/engine_tls.h"
#include "vector_types.h"

extern "C" {
// Written by the scheduler only.
extern __thread uint3 loom_tid LOOM_ENGINE_TLS;  // threadIdx (a kernel's run loop writes it)
extern __thread uint3 loom_ctaid;   // blockIdx
extern __thread uint3 loom_ntid;    // blockDim
extern __thread uint3 loom_nctaid;  // gridDim
extern __thread uint3 loom_clusterdim;  // %cluster_nctaid: {1,1,1} outside cluster launches
extern __thread unsigned loom_clusterspecified;  // %is_explicit_cluster
}
