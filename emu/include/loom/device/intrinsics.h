// The device intrinsics on plain types (integer, SIMD video, DPX, rounding-mode float and
// double arithmetic, conversions and reinterpretations), generated from isa/table/*.def:
// each CUDA name forwards to the bit-exact isa/ function its row names. The 16-bit formats'
// rows are emitted by cuda_fp16.h and cuda_bf16.h.
#pragma once

#include "isa/convert/double_to_float.h"
#include "isa/convert/float_to_integer.h"
#include "isa/convert/integer_to_float.h"
#include "isa/convert/reinterpret.h"
#include "isa/dpx/dpx.h"
#include "isa/float/arithmetic.h"
#include "isa/float/divide.h"
#include "isa/float/fast_divide.h"
#include "isa/float/saturate.h"
#include "isa/float/square_root.h"
#include "isa/int/bit_reverse.h"
#include "isa/int/byte_perm.h"
#include "isa/int/byte_swap.h"
#include "isa/int/count_leading_zeros.h"
#include "isa/int/dot_product.h"
#include "isa/int/find_first_set.h"
#include "isa/int/find_nth_set.h"
#include "isa/int/funnel_shift.h"
#include "isa/int/halving_add.h"
#include "isa/int/multiply_24.h"
#include "isa/int/multiply_high.h"
#include "isa/int/population_count.h"
#include "isa/int/sum_abs_diff.h"
#include "isa/simd/abs_neg.h"
#include "isa/simd/add_sub.h"
#include "isa/simd/average.h"
#include "isa/simd/compare.h"
#include "isa/simd/min_max.h"
#include "isa/simd/sum_abs_diff.h"
#include "loom/core/qualifiers.h"
#include "vector_types.h"

// -ftz=true (loom-cc defines LOOM_FTZ=1 for it and for --use_fast_math) selects the flushing
// forms of the float rows, as nvcc selects .ftz instructions.
#if defined(LOOM_FTZ) && LOOM_FTZ
#define LOOM_ISA_FTZ true
#else
#define LOOM_ISA_FTZ false
#endif
#include "loom/device/isa_wrapper_rows.h"
#include "isa/table/int.def"
#include "isa/table/simd.def"
#include "isa/table/dpx.def"
#include "isa/table/float_round.def"
#include "isa/table/convert.def"
#include "isa/table/undef_rows.h"
#undef LOOM_ISA_FTZ
