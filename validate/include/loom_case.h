// loom_case.h: how a validation case hands its output buffers to loom-diff.
//
// A case is a plain CUDA program; nvcc builds it for the device campaign, loom-cc for Loom. It
// writes each buffer it wants compared with loomCaseOutput(name, hostPtr, count). When the
// environment variable LOOM_CASE_OUT names a directory, the buffer is written there as
// <name>.<dtype> (raw little-endian elements, no header); otherwise nothing is written, so the
// program runs unchanged outside validate/. The dtype in the file name tells loom-diff how to
// compare (exact for integers, ulp distance for floats). Host code only; valid C++17.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace loom_case {

// The element type names loom-diff understands.
template <class T> constexpr const char* dtypeName() {
  if constexpr (std::is_same_v<T, float>) return "f32";
  else if constexpr (std::is_same_v<T, double>) return "f64";
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    if constexpr (sizeof(T) == 1) return "i8";
    else if constexpr (sizeof(T) == 2) return "i16";
    else if constexpr (sizeof(T) == 4) return "i32";
    else return "i64";
  } else if constexpr (std::is_integral_v<T>) {
    if constexpr (sizeof(T) == 1) return "u8";
    else if constexpr (sizeof(T) == 2) return "u16";
    else if constexpr (sizeof(T) == 4) return "u32";
    else return "u64";
  } else {
    static_assert(sizeof(T) == 0, "use loomCaseOutputAs with an explicit dtype for this type");
    return "";
  }
}

// Writes count elements of elementSize bytes under dtype ("f16", "bf16", "f32", "u32", ...).
inline void writeBuffer(const char* name, const char* dtype, const void* data, size_t elementSize,
                        size_t count) {
  const char* dir = std::getenv("LOOM_CASE_OUT");
  if (dir == nullptr || *dir == '\0') return;
  std::string path = std::string(dir) + "/" + name + "." + dtype;
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr || std::fwrite(data, elementSize, count, f) != count) {
    std::fprintf(stderr, "loom_case: cannot write %s\n", path.c_str());
    std::exit(3);
  }
  std::fclose(f);
}

}  // namespace loom_case

// Output buffer with the dtype deduced from T (integers, float, double).
template <class T> inline void loomCaseOutput(const char* name, const T* host, size_t count) {
  loom_case::writeBuffer(name, loom_case::dtypeName<T>(), host, sizeof(T), count);
}

// Output buffer with an explicit dtype, for __half ("f16"), __nv_bfloat16 ("bf16"), vector types
// flattened by the caller, or raw bits that must compare exactly ("u16", "u32").
template <class T>
inline void loomCaseOutputAs(const char* name, const char* dtype, const T* host, size_t count) {
  loom_case::writeBuffer(name, dtype, host, sizeof(T), count);
}
