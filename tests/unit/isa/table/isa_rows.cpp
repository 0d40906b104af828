// Expands every isa/table/*.def into RowChecks (isa_rows.h): the row's isa/ function called on
// carriers decoded from the sweep's bit patterns, the result encoded as the probe stores it.
#include "isa_rows.h"

#include <cstring>

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
#include "isa/fp16/narrow_ops.h"
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
#include "isa/table/types.h"

namespace loom::isa::table_test {
namespace {

template <class Store>
void put(std::vector<unsigned char>& out, int i, Store v) {
  std::memcpy(out.data() + sizeof(Store) * static_cast<size_t>(i), &v, sizeof(Store));
}

std::vector<RowCheck>& rows() {
  static std::vector<RowCheck> all;
  return all;
}
struct Add {
  explicit Add(const RowCheck& r) { rows().push_back(r); }
};

#define LOOM_ISA_TEST_DOM(D) ::loom::isa::sweep::Domain::D
#define LOOM_ISA_TEST_ROW(ID, ARITY, D0, D1, D2, STORE, DTYPE, BODY)                        \
  const Add add_##ID(RowCheck{kFamily, #ID, ARITY,                                          \
                              {LOOM_ISA_TEST_DOM(D0), LOOM_ISA_TEST_DOM(D1), LOOM_ISA_TEST_DOM(D2)}, \
                              sizeof(STORE), DTYPE,                                         \
                              [](const std::vector<uint64_t>* args, int n,                  \
                                 std::vector<unsigned char>& out) {                         \
                                out.assign(sizeof(STORE) * static_cast<size_t>(n), 0);      \
                                for (int i = 0; i < n; ++i) {                               \
                                  const size_t k = static_cast<size_t>(i);                  \
                                  (void)k;                                                  \
                                  put<STORE>(out, i, BODY);                                 \
                                }                                                           \
                              }});

#define LOOM_ISA_ROW1(ID, NAME, R, A, IMPL, DA)                                               \
  LOOM_ISA_TEST_ROW(ID, 1, DA, DA, DA, LOOM_ISA_STORE(R), LOOM_ISA_DTYPE(R),                  \
                    static_cast<LOOM_ISA_STORE(R)>(LOOM_ISA_K2S(R, IMPL(LOOM_ISA_B2K(A, args[0][k])))))
#define LOOM_ISA_ROW2(ID, NAME, R, A, B, IMPL, DA, DB)                                        \
  LOOM_ISA_TEST_ROW(ID, 2, DA, DB, DB, LOOM_ISA_STORE(R), LOOM_ISA_DTYPE(R),                  \
                    static_cast<LOOM_ISA_STORE(R)>(LOOM_ISA_K2S(                              \
                        R, IMPL(LOOM_ISA_B2K(A, args[0][k]), LOOM_ISA_B2K(B, args[1][k])))))
#define LOOM_ISA_ROW3(ID, NAME, R, A, B, C, IMPL, DA, DB, DC)                                 \
  LOOM_ISA_TEST_ROW(ID, 3, DA, DB, DC, LOOM_ISA_STORE(R), LOOM_ISA_DTYPE(R),                  \
                    static_cast<LOOM_ISA_STORE(R)>(LOOM_ISA_K2S(                              \
                        R, IMPL(LOOM_ISA_B2K(A, args[0][k]), LOOM_ISA_B2K(B, args[1][k]),     \
                                LOOM_ISA_B2K(C, args[2][k])))))
// The PRED shapes as the probe packs them: result | pred << 32 | pred2 << 33.
inline uint64_t packPred(uint32_t r, bool p, bool q) {
  return uint64_t{r} | (uint64_t{p ? 1u : 0u} << 32) | (uint64_t{q ? 1u : 0u} << 33);
}
template <class F>
uint64_t pred1(F f) {
  bool p = false;
  const uint32_t r = static_cast<uint32_t>(f(&p));
  return packPred(r, p, false);
}
template <class F>
uint64_t pred2(F f) {
  bool p = false, q = false;
  const uint32_t r = static_cast<uint32_t>(f(&p, &q));
  return packPred(r, p, q);
}
#define LOOM_ISA_ROW2_PRED1(ID, NAME, R, A, B, IMPL, DA, DB)                                  \
  LOOM_ISA_TEST_ROW(ID, 2, DA, DB, DB, uint64_t, "u64", pred1([&](bool* p) {                  \
                      return IMPL(LOOM_ISA_B2K(A, args[0][k]), LOOM_ISA_B2K(B, args[1][k]), p); \
                    }))
#define LOOM_ISA_ROW2_PRED2(ID, NAME, R, A, B, IMPL, DA, DB)                                  \
  LOOM_ISA_TEST_ROW(ID, 2, DA, DB, DB, uint64_t, "u64", pred2([&](bool* p, bool* q) {         \
                      return IMPL(LOOM_ISA_B2K(A, args[0][k]), LOOM_ISA_B2K(B, args[1][k]), p, q); \
                    }))

namespace int_rows {
constexpr const char* kFamily = "int";
#include "isa/table/int.def"
}  // namespace int_rows
namespace simd_rows {
constexpr const char* kFamily = "simd";
#include "isa/table/simd.def"
}  // namespace simd_rows
namespace dpx_rows {
constexpr const char* kFamily = "dpx";
#include "isa/table/dpx.def"
}  // namespace dpx_rows
#define LOOM_ISA_FTZ false
namespace float_round_rows {
constexpr const char* kFamily = "float_round";
#include "isa/table/float_round.def"
}  // namespace float_round_rows
namespace convert_rows {
constexpr const char* kFamily = "convert";
#include "isa/table/convert.def"
}  // namespace convert_rows
#undef LOOM_ISA_FTZ
// The same rows as nvcc -ftz=true compiles them; their records are the -ftz=false ones with
// the buffers that differ replaced (isa.<family>.ftz/outputs).
#define LOOM_ISA_FTZ true
namespace float_round_ftz_rows {
constexpr const char* kFamily = "float_round.ftz";
#include "isa/table/float_round.def"
}  // namespace float_round_ftz_rows
namespace convert_ftz_rows {
constexpr const char* kFamily = "convert.ftz";
#include "isa/table/convert.def"
}  // namespace convert_ftz_rows
#undef LOOM_ISA_FTZ
namespace half_rows {
constexpr const char* kFamily = "half";
#include "isa/table/half.def"
}  // namespace half_rows
namespace bfloat16_rows {
constexpr const char* kFamily = "bfloat16";
#include "isa/table/bfloat16.def"
}  // namespace bfloat16_rows
#include "isa/table/undef_rows.h"

}  // namespace

const std::vector<RowCheck>& allRows() { return rows(); }

}  // namespace loom::isa::table_test
