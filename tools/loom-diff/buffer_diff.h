// buffer_diff.h: compares one output buffer of a case, device record against Loom.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "case_file.h"

namespace loom::validate {

// An element type named in a buffer file's extension (loom_case.h writes <name>.<dtype>).
struct Dtype {
  std::string name;  // "f32", "u16", ...
  int bytes = 0;
  bool isFloat = false;
  bool isSigned = false;
};

// The dtype for a name, or nullopt if loom-diff does not know it.
std::optional<Dtype> dtypeByName(const std::string& name);

// Distance in units in the last place between two floats of `bits` width (16: f16/bf16 agree on
// the sign-magnitude ordering), given as raw bits. Both NaN: 0; one NaN: -1 (unbounded).
long long ulpDistance(std::uint64_t a, std::uint64_t b, const Dtype& t);

// An element, printed for a report: decimal for integers, %.9g/%.17g plus the bits for floats.
std::string formatElement(std::uint64_t bits, const Dtype& t);

struct BufferDiff {
  std::string name;
  Dtype dtype;
  std::size_t deviceCount = 0, loomCount = 0;
  std::size_t bitExact = 0;     // elements with identical bits (over the common length)
  std::size_t differing = 0;    // elements that count as different (beyond max_ulp; size mismatch adds)
  long long maxUlp = 0;         // floats: largest distance seen (-1: NaN against a number)
  std::optional<std::size_t> firstDiff;
  std::string firstDevice, firstLoom;  // the values at firstDiff
  std::size_t total() const { return std::max(deviceCount, loomCount); }
};

// Compares raw little-endian buffers. Integers compare exactly; floats by bits, with the ulp
// distance reported, and with rule.maxUlp as the tolerance in ulp mode.
BufferDiff diffBuffers(const std::string& name, const Dtype& t, const std::vector<std::uint8_t>& device,
                       const std::vector<std::uint8_t>& loom, const BufferRule& rule);

// Reads a buffer file, gunzipping it if the name ends in .gz. Throws std::runtime_error.
std::vector<std::uint8_t> readBufferFile(const std::string& path);

}  // namespace loom::validate
