// Loom's <cooperative_groups/reduce.h>: cg::reduce and its operators.
#pragma once

#include "cooperative_groups.h"
#include "loom/device/cooperative_groups/reduce.h"
