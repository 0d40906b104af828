// math_constants.h: CUDA's named float and double constants (CUDART_PI_F, CUDART_INF, ...).
// Written for Loom: each value is the float or double nearest the constant it names (a _HI/_LO
// pair splits one into the nearest value and the nearest value of the remainder), computed to 80
// digits; special values are spelled by their bits. tests/cuda/math_constants.cu prints every one,
// and validate/ compares them with the H100's (nvcc's own header).
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __MATH_CONSTANTS_H__

#define LOOM_FLOAT_BITS(b) __builtin_bit_cast(float, static_cast<unsigned int>(b))
#define LOOM_DOUBLE_BITS(b) __builtin_bit_cast(double, static_cast<unsigned long long>(b))

#define CUDART_INF_F LOOM_FLOAT_BITS(0x7f800000U)
#define CUDART_NAN_F LOOM_FLOAT_BITS(0x7fffffffU)  // the device's canonical NaN
#define CUDART_MIN_DENORM_F LOOM_FLOAT_BITS(0x00000001U)
#define CUDART_MAX_NORMAL_F LOOM_FLOAT_BITS(0x7f7fffffU)
#define CUDART_NEG_ZERO_F LOOM_FLOAT_BITS(0x80000000U)
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_SQRT_HALF_F 0x1.6a09e6p-1f
#define CUDART_SQRT_HALF_HI_F 0x1.6a09e6p-1f
#define CUDART_SQRT_HALF_LO_F 0x1.9fcef4p-27f
#define CUDART_SQRT_TWO_F 0x1.6a09e6p+0f
#define CUDART_THIRD_F 0x1.555556p-2f
#define CUDART_PIO4_F 0x1.921fb6p-1f
#define CUDART_PIO2_F 0x1.921fb6p+0f
#define CUDART_3PIO4_F 0x1.2d97c8p+1f
#define CUDART_2_OVER_PI_F 0x1.45f306p-1f
#define CUDART_SQRT_2_OVER_PI_F 0x1.988454p-1f
#define CUDART_PI_F 0x1.921fb6p+1f
#define CUDART_L2E_F 0x1.715476p+0f
#define CUDART_L2T_F 0x1.a934f0p+1f
#define CUDART_LG2_F 0x1.344136p-2f
#define CUDART_LGE_F 0x1.bcb7b2p-2f
#define CUDART_LN2_F 0x1.62e430p-1f
#define CUDART_LNT_F 0x1.26bb1cp+1f
#define CUDART_LNPI_F 0x1.250d04p+0f
#define CUDART_TWO_TO_M126_F 0x1p-126f
#define CUDART_TWO_TO_126_F 0x1p126f
#define CUDART_NORM_HUGE_F 0x1.fffffep127f
#define CUDART_TWO_TO_23_F 8388608.0f
#define CUDART_TWO_TO_24_F 16777216.0f
#define CUDART_TWO_TO_31_F 2147483648.0f
#define CUDART_TWO_TO_32_F 4294967296.0f
#define CUDART_REMQUO_BITS_F 3
#define CUDART_REMQUO_MASK_F (~((~0U) << CUDART_REMQUO_BITS_F))
#define CUDART_TRIG_PLOSS_F 105615.0f

#define CUDART_INF LOOM_DOUBLE_BITS(0x7ff0000000000000ULL)
#define CUDART_NAN LOOM_DOUBLE_BITS(0xfff8000000000000ULL)
#define CUDART_NEG_ZERO LOOM_DOUBLE_BITS(0x8000000000000000ULL)
#define CUDART_MIN_DENORM LOOM_DOUBLE_BITS(0x0000000000000001ULL)
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0
#define CUDART_SQRT_TWO 0x1.6a09e667f3bcdp+0
#define CUDART_SQRT_HALF 0x1.6a09e667f3bcdp-1
#define CUDART_SQRT_HALF_HI 0x1.6a09e667f3bcdp-1
#define CUDART_SQRT_HALF_LO (-0x1.bdd3413b26456p-55)
#define CUDART_THIRD 0x1.5555555555555p-2
#define CUDART_TWOTHIRD 0x1.5555555555555p-1
#define CUDART_PIO4 0x1.921fb54442d18p-1
#define CUDART_PIO4_HI 0x1.921fb54442d18p-1
#define CUDART_PIO4_LO 0x1.1a62633145c07p-55
#define CUDART_PIO2 0x1.921fb54442d18p+0
#define CUDART_PIO2_HI 0x1.921fb54442d18p+0
#define CUDART_PIO2_LO 0x1.1a62633145c07p-54
#define CUDART_3PIO4 0x1.2d97c7f3321d2p+1
#define CUDART_2_OVER_PI 0x1.45f306dc9c883p-1
#define CUDART_PI 0x1.921fb54442d18p+1
#define CUDART_PI_HI 0x1.921fb54442d18p+1
#define CUDART_PI_LO 0x1.1a62633145c07p-53
#define CUDART_SQRT_2PI 0x1.40d931ff62706p+1
#define CUDART_SQRT_2PI_HI 0x1.40d931ff62706p+1
#define CUDART_SQRT_2PI_LO (-0x1.a6a0d6f814637p-53)
#define CUDART_SQRT_PIO2 0x1.40d931ff62706p+0
#define CUDART_SQRT_PIO2_HI 0x1.40d931ff62706p+0
#define CUDART_SQRT_PIO2_LO (-0x1.a6a0d6f814637p-54)
#define CUDART_SQRT_2OPI 0x1.9884533d43651p-1
#define CUDART_L2E 0x1.71547652b82fep+0
#define CUDART_L2E_HI 0x1.71547652b82fep+0
#define CUDART_L2E_LO 0x1.777d0ffda0d24p-56
#define CUDART_L2T 0x1.a934f0979a371p+1
#define CUDART_LG2 0x1.34413509f79ffp-2
#define CUDART_LG2_HI 0x1.34413509f79ffp-2
#define CUDART_LG2_LO (-0x1.9dc1da994fd21p-59)
#define CUDART_LGE 0x1.bcb7b1526e50ep-2
#define CUDART_LGE_HI 0x1.bcb7b1526e50ep-2
#define CUDART_LGE_LO 0x1.95355baaafad3p-57
#define CUDART_LN2 0x1.62e42fefa39efp-1
#define CUDART_LN2_HI 0x1.62e42fefa39efp-1
#define CUDART_LN2_LO 0x1.abc9e3b39803fp-56
#define CUDART_LNT 0x1.26bb1bbb55516p+1
#define CUDART_LNT_HI 0x1.26bb1bbb55516p+1
#define CUDART_LNT_LO (-0x1.f48ad494ea3e9p-53)
#define CUDART_LNPI 0x1.250d048e7a1bdp+0
#define CUDART_LN2_X_1024 0x1.62e42fefa39efp+9
#define CUDART_LN2_X_1025 0x1.633ce8fb9f87ep+9
#define CUDART_LN2_X_1075 0x1.74910d52d3052p+9
#define CUDART_LG2_X_1024 0x1.34413509f79ffp+8
#define CUDART_LG2_X_1075 0x1.439b746e36b52p+8
#define CUDART_TWO_TO_23 8388608.0
#define CUDART_TWO_TO_52 4503599627370496.0
#define CUDART_TWO_TO_53 9007199254740992.0
#define CUDART_TWO_TO_54 18014398509481984.0
#define CUDART_TWO_TO_M54 0x1p-54
#define CUDART_TWO_TO_M1022 0x1p-1022
#define CUDART_TRIG_PLOSS 2147483648.0
#define CUDART_DBL2INT_CVT 6755399441055744.0  // 1.5 * 2^52
