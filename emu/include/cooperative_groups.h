// Loom's <cooperative_groups.h>: grid_group, cluster_group, thread_block, thread_block_tile, coalesced_group and their
// partitions, invoke_one and invoke_one_broadcast (loom/device/cooperative_groups/). cg::reduce and the scans are in
// <cooperative_groups/reduce.h> and <cooperative_groups/scan.h>, as with CUDA.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define _COOPERATIVE_GROUPS_H_

#include "cuda_runtime.h"
#include "loom/device/cooperative_groups/coalesced_group.h"
#include "loom/device/cooperative_groups/functional.h"
#include "loom/device/cooperative_groups/grid_group.h"
#include "loom/device/cooperative_groups/invoke.h"
#include "loom/device/cooperative_groups/thread_group.h"
#include "loom/device/cooperative_groups/tile.h"
