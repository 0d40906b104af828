// Row macros that turn isa/table/*.def rows into the CUDA-named device functions of Loom's
// headers: each is a thin forwarder from the CUDA types to the isa/ function on carriers
// (isa/table/types.h), e.g. unsigned int __vadd2(unsigned int a, unsigned int b) calls
// loom::isa::vadd2(a, b). Include this, then a .def file, then isa/table/undef_rows.h.
// No include guard on purpose: every family's emission site includes it again.
#include "isa/table/types.h"

#define LOOM_ISA_ROW1(ID, NAME, R, A, IMPL, DA)                                  \
  __host__ __device__ constexpr LOOM_ISA_CUDA(R) NAME(const LOOM_ISA_CUDA(A) a) { \
    return LOOM_ISA_K2C(R, IMPL(LOOM_ISA_C2K(A, a)));                            \
  }
#define LOOM_ISA_ROW2(ID, NAME, R, A, B, IMPL, DA, DB)                                \
  __host__ __device__ constexpr LOOM_ISA_CUDA(R) NAME(const LOOM_ISA_CUDA(A) a,       \
                                                      const LOOM_ISA_CUDA(B) b) {     \
    return LOOM_ISA_K2C(R, IMPL(LOOM_ISA_C2K(A, a), LOOM_ISA_C2K(B, b)));             \
  }
#define LOOM_ISA_ROW3(ID, NAME, R, A, B, C, IMPL, DA, DB, DC)                              \
  __host__ __device__ constexpr LOOM_ISA_CUDA(R) NAME(                                     \
      const LOOM_ISA_CUDA(A) a, const LOOM_ISA_CUDA(B) b, const LOOM_ISA_CUDA(C) c) {      \
    return LOOM_ISA_K2C(R, IMPL(LOOM_ISA_C2K(A, a), LOOM_ISA_C2K(B, b), LOOM_ISA_C2K(C, c))); \
  }
#define LOOM_ISA_ROW2_PRED1(ID, NAME, R, A, B, IMPL, DA, DB)                           \
  __host__ __device__ constexpr LOOM_ISA_CUDA(R) NAME(                                 \
      const LOOM_ISA_CUDA(A) a, const LOOM_ISA_CUDA(B) b, bool* const pred) {          \
    return LOOM_ISA_K2C(R, IMPL(LOOM_ISA_C2K(A, a), LOOM_ISA_C2K(B, b), pred));        \
  }
#define LOOM_ISA_ROW2_PRED2(ID, NAME, R, A, B, IMPL, DA, DB)                                   \
  __host__ __device__ constexpr LOOM_ISA_CUDA(R) NAME(const LOOM_ISA_CUDA(A) a,                \
                                                      const LOOM_ISA_CUDA(B) b,                \
                                                      bool* const predHi, bool* const predLo) { \
    return LOOM_ISA_K2C(R, IMPL(LOOM_ISA_C2K(A, a), LOOM_ISA_C2K(B, b), predHi, predLo));      \
  }
