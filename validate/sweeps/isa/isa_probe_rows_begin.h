// Turns the rows of the .def file included after this header into probe ops and registry
// entries (see isa_probe.h). The includer defines LOOM_ISA_PROBE_FAMILY ("int", ...) and
// LOOM_ISA_PROBE_NS (a namespace name unique to the family).
#include "isa_probe.h"

#define LOOM_ISA_PROBE_PRESENT(NAME, ...)                                                    \
  template <class... X>                                                                      \
  __device__ static auto call(int, X... x) -> decltype(NAME(x...)) { return NAME(x...); }   \
  template <class... X>                                                                      \
  __device__ static ::loom_isa_probe::Missing call(long, X...) { return {}; }               \
  static constexpr bool kPresent = !std::is_same<                                            \
      decltype(call(0, __VA_ARGS__)), ::loom_isa_probe::Missing>::value;

#define LOOM_ISA_PROBE_REGISTER(ID, ARITY, D0, D1, D2, STORE, DTYPE, ELEM, LAUNCH)           \
  static const ::loom_isa_probe::Registrar loomIsaReg_##ID(::loom_isa_probe::Row{            \
      LOOM_ISA_PROBE_FAMILY, #ID, ARITY, {LOOM_ISA_DOM(D0), LOOM_ISA_DOM(D1), LOOM_ISA_DOM(D2)}, \
      sizeof(STORE), DTYPE, ELEM, &::loom_isa_probe::LAUNCH<Op_##ID>});

// Makes the intrinsic's call depend on the template parameter K, so that a missing name's
// call is never instantiated (see kPresent).
#define LOOM_ISA_PROBE_DEP(x) ::loom_isa_probe::Dep<K>::id(x)

#define LOOM_ISA_DOM(D) ::loom::isa::sweep::Domain::D

namespace loom_isa_probe {
template <int K>
struct Dep {
  template <class T>
  __host__ __device__ static T id(T t) { return t; }
};
}  // namespace loom_isa_probe

namespace LOOM_ISA_PROBE_NS {

#define LOOM_ISA_ROW1(ID, NAME, R, A, IMPL, DA)                                              \
  struct Op_##ID {                                                                           \
    using Store = LOOM_ISA_STORE(R);                                                         \
    LOOM_ISA_PROBE_PRESENT(NAME, std::declval<LOOM_ISA_CUDA(A)>())                           \
    template <int K>                                                                         \
    __device__ static Store run(uint64_t a) {                                                \
      if constexpr (kPresent) return LOOM_ISA_C2S(R, call(0, LOOM_ISA_PROBE_DEP(LOOM_ISA_B2C(A, a)))); \
      else return Store{};                                                                   \
    }                                                                                        \
  };                                                                                         \
  LOOM_ISA_PROBE_REGISTER(ID, 1, DA, DA, DA, LOOM_ISA_STORE(R), LOOM_ISA_DTYPE(R), LOOM_ISA_ELEM(R), launch1)

#define LOOM_ISA_ROW2(ID, NAME, R, A, B, IMPL, DA, DB)                                       \
  struct Op_##ID {                                                                           \
    using Store = LOOM_ISA_STORE(R);                                                         \
    LOOM_ISA_PROBE_PRESENT(NAME, std::declval<LOOM_ISA_CUDA(A)>(),                           \
                           std::declval<LOOM_ISA_CUDA(B)>())                                 \
    template <int K>                                                                         \
    __device__ static Store run(uint64_t a, uint64_t b) {                                    \
      if constexpr (kPresent)                                                      \
        return LOOM_ISA_C2S(R, call(0, LOOM_ISA_PROBE_DEP(LOOM_ISA_B2C(A, a)), LOOM_ISA_B2C(B, b)));             \
      else return Store{};                                                                   \
    }                                                                                        \
  };                                                                                         \
  LOOM_ISA_PROBE_REGISTER(ID, 2, DA, DB, DB, LOOM_ISA_STORE(R), LOOM_ISA_DTYPE(R), LOOM_ISA_ELEM(R), launch2)

#define LOOM_ISA_ROW3(ID, NAME, R, A, B, C, IMPL, DA, DB, DC)                                \
  struct Op_##ID {                                                                           \
    using Store = LOOM_ISA_STORE(R);                                                         \
    LOOM_ISA_PROBE_PRESENT(NAME, std::declval<LOOM_ISA_CUDA(A)>(),                           \
                           std::declval<LOOM_ISA_CUDA(B)>(), std::declval<LOOM_ISA_CUDA(C)>()) \
    template <int K>                                                                         \
    __device__ static Store run(uint64_t a, uint64_t b, uint64_t c) {                        \
      if constexpr (kPresent)                                                      \
        return LOOM_ISA_C2S(R, call(0, LOOM_ISA_PROBE_DEP(LOOM_ISA_B2C(A, a)), LOOM_ISA_B2C(B, b),               \
                                    LOOM_ISA_B2C(C, c)));                                    \
      else return Store{};                                                                   \
    }                                                                                        \
  };                                                                                         \
  LOOM_ISA_PROBE_REGISTER(ID, 3, DA, DB, DC, LOOM_ISA_STORE(R), LOOM_ISA_DTYPE(R), LOOM_ISA_ELEM(R), launch3)

// The PRED shapes: the result in the low 32 bits of a u64, the first bool in bit 32, the
// second in bit 33.
#define LOOM_ISA_ROW2_PRED1(ID, NAME, R, A, B, IMPL, DA, DB)                                 \
  struct Op_##ID {                                                                           \
    using Store = uint64_t;                                                                  \
    LOOM_ISA_PROBE_PRESENT(NAME, std::declval<LOOM_ISA_CUDA(A)>(),                           \
                           std::declval<LOOM_ISA_CUDA(B)>(), std::declval<bool*>())          \
    template <int K>                                                                         \
    __device__ static Store run(uint64_t a, uint64_t b) {                                    \
      if constexpr (kPresent) {                                                    \
        bool p = false;                                                                      \
        const uint32_t r = static_cast<uint32_t>(                                            \
            call(0, LOOM_ISA_PROBE_DEP(LOOM_ISA_B2C(A, a)), LOOM_ISA_B2C(B, b), &p));                            \
        return uint64_t{r} | (uint64_t{p ? 1u : 0u} << 32);                                  \
      } else return Store{};                                                                 \
    }                                                                                        \
  };                                                                                         \
  LOOM_ISA_PROBE_REGISTER(ID, 2, DA, DB, DB, uint64_t, "u64", 8, launch2)

#define LOOM_ISA_ROW2_PRED2(ID, NAME, R, A, B, IMPL, DA, DB)                                 \
  struct Op_##ID {                                                                           \
    using Store = uint64_t;                                                                  \
    LOOM_ISA_PROBE_PRESENT(NAME, std::declval<LOOM_ISA_CUDA(A)>(),                           \
                           std::declval<LOOM_ISA_CUDA(B)>(), std::declval<bool*>(),          \
                           std::declval<bool*>())                                            \
    template <int K>                                                                         \
    __device__ static Store run(uint64_t a, uint64_t b) {                                    \
      if constexpr (kPresent) {                                                    \
        bool p = false, q = false;                                                           \
        const uint32_t r = static_cast<uint32_t>(                                            \
            call(0, LOOM_ISA_PROBE_DEP(LOOM_ISA_B2C(A, a)), LOOM_ISA_B2C(B, b), &p, &q));                        \
        return uint64_t{r} | (uint64_t{p ? 1u : 0u} << 32) | (uint64_t{q ? 1u : 0u} << 33);  \
      } else return Store{};                                                                 \
    }                                                                                        \
  };                                                                                         \
  LOOM_ISA_PROBE_REGISTER(ID, 2, DA, DB, DB, uint64_t, "u64", 8, launch2)
