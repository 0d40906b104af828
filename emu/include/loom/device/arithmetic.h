// The overloads CUDA's math headers put in the global namespace for device code: min/max on
// integers and floats. (The bit-exact intrinsics and math library are isa/'s work.)
#pragma once

#define LOOM_MINMAX(T)                                         \
  inline T min(T a, T b) { return a < b ? a : b; }             \
  inline T max(T a, T b) { return a > b ? a : b; }
LOOM_MINMAX(int)
LOOM_MINMAX(unsigned int)
LOOM_MINMAX(long)
LOOM_MINMAX(unsigned long)
LOOM_MINMAX(long long)
LOOM_MINMAX(unsigned long long)
#undef LOOM_MINMAX
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
