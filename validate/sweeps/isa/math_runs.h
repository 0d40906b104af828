// Row macros for the second inclusion of a math .def file in a sweep program's main: run
// each row's functor over its inputs (math_sweep.h).
#undef LOOM_MATH_1
#undef LOOM_MATH_2
#undef LOOM_MATH_SINCOS
#undef LOOM_MATH_MODF
#undef LOOM_MATH_FREXP
#undef LOOM_MATH_LDEXP
#define LOOM_MATH_1(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                            \
  loom_sweep::runUnary<Fn_##name, T>(#name, {eLo, eHi, sign});
#define LOOM_MATH_2(T, name, isaFn, refFn, eLo, eHi, sign, eLo2, eHi2, sign2, doc, floorPct)         \
  loom_sweep::runBinary<Fn_##name, T>(#name, {eLo, eHi, sign}, {eLo2, eHi2, sign2});
#define LOOM_MATH_SINCOS(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                       \
  loom_sweep::runPairOut<Fn_##name, T>(#name, {eLo, eHi, sign}, "_sin", "_cos");
#define LOOM_MATH_MODF(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                         \
  loom_sweep::runPairOut<Fn_##name, T>(#name, {eLo, eHi, sign}, "", "_int");
#define LOOM_MATH_FREXP(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                        \
  loom_sweep::runFrexp<Fn_##name, T>(#name, {eLo, eHi, sign});
#define LOOM_MATH_LDEXP(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                        \
  loom_sweep::runLdexp<Fn_##name, T>(#name, {eLo, eHi, sign});
