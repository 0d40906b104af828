// Kept for programs that include it by habit: the built-in variables (threadIdx, blockIdx,
// blockDim, gridDim, warpSize) come from Loom's device prelude, this header only supplies
// their types.
#pragma once

#include "vector_types.h"
