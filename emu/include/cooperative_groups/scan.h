// Loom's <cooperative_groups/scan.h>: cg::inclusive_scan and cg::exclusive_scan.
#pragma once

#include "cooperative_groups.h"
#include "loom/device/cooperative_groups/scan.h"
