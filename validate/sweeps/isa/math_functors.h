// Row macros for the first inclusion of a math .def file in a sweep program: one functor per
// row, calling the function by its CUDA name (as a user's kernel does).
#define LOOM_MATH_1(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                            \
  struct Fn_##name {                                                                          \
    __device__ T operator()(T x) const { return name(x); }                                    \
  };
#define LOOM_MATH_2(T, name, isaFn, refFn, eLo, eHi, sign, eLo2, eHi2, sign2, doc, floorPct)         \
  struct Fn_##name {                                                                          \
    __device__ T operator()(T x, T y) const { return name(x, y); }                            \
  };
#define LOOM_MATH_SINCOS(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                       \
  struct Fn_##name {                                                                          \
    __device__ void operator()(T x, T* s, T* c) const { name(x, s, c); }                      \
  };
#define LOOM_MATH_MODF(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                         \
  struct Fn_##name {                                                                          \
    __device__ void operator()(T x, T* f, T* i) const { *f = name(x, i); }                    \
  };
#define LOOM_MATH_FREXP(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                        \
  struct Fn_##name {                                                                          \
    __device__ T operator()(T x, int* e) const { return name(x, e); }                         \
  };
#define LOOM_MATH_LDEXP(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                        \
  struct Fn_##name {                                                                          \
    __device__ T operator()(T x, int e) const { return name(x, e); }                          \
  };
