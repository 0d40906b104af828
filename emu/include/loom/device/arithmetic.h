// The overloads CUDA's math headers put in the global namespace for device code: min/max on
// integers and floats, with the mixed forms of CUDA's math_functions.hpp (a signed and an
// unsigned operand compare as unsigned, as C's usual conversions do; a float and a double as
// double), and the named forms umin, llmin, ullmin and their max. (The bit-exact intrinsics and
// math library are isa/'s work.)
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

// Mixed signedness: both operands as the unsigned type.
#define LOOM_MINMAX_MIXED(S, U)                                                  \
  inline U min(U a, S b) { return min(a, static_cast<U>(b)); }                   \
  inline U min(S a, U b) { return min(static_cast<U>(a), b); }                   \
  inline U max(U a, S b) { return max(a, static_cast<U>(b)); }                   \
  inline U max(S a, U b) { return max(static_cast<U>(a), b); }
LOOM_MINMAX_MIXED(int, unsigned int)
LOOM_MINMAX_MIXED(long, unsigned long)
LOOM_MINMAX_MIXED(long long, unsigned long long)
#undef LOOM_MINMAX_MIXED

inline unsigned int umin(unsigned int a, unsigned int b) { return min(a, b); }
inline unsigned int umax(unsigned int a, unsigned int b) { return max(a, b); }
inline long long llmin(long long a, long long b) { return min(a, b); }
inline long long llmax(long long a, long long b) { return max(a, b); }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return min(a, b); }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return max(a, b); }

inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
inline double min(float a, double b) { return fmin(static_cast<double>(a), b); }
inline double min(double a, float b) { return fmin(a, static_cast<double>(b)); }
inline double max(float a, double b) { return fmax(static_cast<double>(a), b); }
inline double max(double a, float b) { return fmax(a, static_cast<double>(b)); }
