// Comparing a candidate (the isa functions, or a Loom run's output files) with the H100 record
// of the math sweep, row by row of isa/table/*.def: bit-exact rate, maximum ulp distance to the
// device, and each side's maximum ulp distance to the correctly rounded result (the metric of
// the CUDA Programming Guide's error bounds). Used by tests/unit/isa/test_math_table.cpp and by
// math_report.cpp (README's table). Host C++; reads the record's gzip'd buffers through gzip.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "isa/math/math_core.h"
#include "math_inputs.h"

namespace loom_sweep {

inline constexpr uint64_t kNaNMismatch = std::numeric_limits<uint64_t>::max();

// Raw bytes of a buffer: <dir>/<name>.<dtype>, or .gz of it.
inline std::vector<uint8_t> readBuffer(const std::string& dir, const std::string& file) {
  std::vector<uint8_t> bytes;
  std::string path = dir + "/" + file;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  bool piped = false;
  if (f == nullptr) {
    const std::string cmd = "gzip -dc '" + path + ".gz'";
    f = popen(cmd.c_str(), "r");
    piped = true;
  }
  if (f == nullptr) throw std::runtime_error("cannot read " + path);
  uint8_t chunk[65536];
  size_t got;
  while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) bytes.insert(bytes.end(), chunk, chunk + got);
  if (piped ? pclose(f) != 0 : std::fclose(f) != 0) throw std::runtime_error("cannot read " + path + "(.gz)");
  return bytes;
}

template <class T> std::vector<T> readTyped(const std::string& dir, const std::string& file) {
  const std::vector<uint8_t> b = readBuffer(dir, file);
  std::vector<T> v(b.size() / sizeof(T));
  std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
  return v;
}

// The record's stdout: name -> the rest of its line (count and input hashes).
inline std::map<std::string, std::string> readInputLines(const std::string& dir) {
  std::ifstream in(dir + "/stdout.txt");
  if (!in) throw std::runtime_error("cannot read " + dir + "/stdout.txt");
  std::map<std::string, std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    const size_t sp = line.find(' ');
    if (sp != std::string::npos) lines[line.substr(0, sp)] = line.substr(sp + 1);
  }
  return lines;
}

template <class T> std::string hashLine(const std::vector<T>& a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%zu %016llx", a.size(), (unsigned long long)hashBytes(a.data(), a.size() * sizeof(T)));
  return buf;
}
template <class T, class U> std::string hashLine(const std::vector<T>& a, const std::vector<U>& b) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%zu %016llx %016llx", a.size(),
                (unsigned long long)hashBytes(a.data(), a.size() * sizeof(T)),
                (unsigned long long)hashBytes(b.data(), b.size() * sizeof(U)));
  return buf;
}

// Ulp distance: the number of representable values between a and b; two NaNs are 0 apart
// (their bits may still differ), a NaN and a number are kNaNMismatch apart.
template <class T> uint64_t ulpDistance(T a, T b) {
  using B = typename Layout<T>::Bits;
  const bool na = a != a, nb = b != b;
  if (na || nb) return na && nb ? 0 : kNaNMismatch;
  const B sign = B(1) << (sizeof(B) * 8 - 1);
  auto ordered = [&](T v) {
    const B bits = toBits(v);
    return (bits & sign) ? -static_cast<long double>(bits & ~sign) : static_cast<long double>(bits);
  };
  const long double d = std::fabs(ordered(a) - ordered(b));
  return static_cast<uint64_t>(d);
}

// What one output buffer's comparison found.
struct BufferStats {
  std::string name;
  size_t count = 0, bitExact = 0;
  uint64_t maxUlpVsDevice = 0;     // candidate vs device
  uint64_t candidateMaxUlp = 0;    // candidate vs correctly rounded
  uint64_t deviceMaxUlp = 0;       // device vs correctly rounded
  size_t candidateOverDoc = 0, deviceOverDoc = 0;  // results outside the documented bound
  long firstMismatch = -1;
  double ratePct() const { return count ? 100.0 * double(bitExact) / double(count) : 0; }
};

// The documented bound for input x with correctly rounded result ref, in ulps (or as an
// absolute error for the fast intrinsics on their ranges): whether `result` is within it.
template <class T>
bool withinDoc(const std::string& name, double docUlp, T x, T result, T ref, double refWide) {
  const uint64_t ulps = ulpDistance(result, ref);
  if (docUlp >= 0) return ulps <= uint64_t(docUlp);
  const double ax = std::fabs(double(x));
  if (name == "lgammaf" || name == "lgamma") {
    const bool inside = sizeof(T) == 4 ? (x > -10.001 && x < -2.264) : (x > -23.0001 && x < -2.2637);
    return inside || ulps <= (sizeof(T) == 4 ? 6u : 4u);
  }
  // The fast intrinsics: CUDA documents them for normal finite arguments and results.
  if (!(std::isfinite(double(x))) || (x != 0 && ax < 1.1754943508222875e-38)) return true;
  const double err = std::fabs(double(result) - refWide);
  if (name == "__sinf" || name == "__cosf" || name == "__sincosf_sin" || name == "__sincosf_cos")
    return ax > 3.14159265358979 || err <= std::ldexp(1.0, -21) / std::pow(2.0, 0.41);
  if (name == "__expf") return ulps <= 2 + uint64_t(std::floor(std::fabs(1.173 * x)));
  if (name == "__exp10f") return ulps <= 2 + uint64_t(std::floor(std::fabs(2.97 * x)));
  const bool near1 = x >= 0.5 && x <= 2;
  if (name == "__logf") return near1 ? err <= std::pow(2.0, -21.41) : ulps <= 3;
  if (name == "__log2f") return near1 ? err <= std::pow(2.0, -22) : ulps <= 2;
  if (name == "__log10f") return near1 ? err <= std::pow(2.0, -24) : ulps <= 3;
  return true;  // __tanf, __powf: no bound of their own (derived from the others)
}

// Compares candidate and device outputs of one buffer; ref (correctly rounded, as T) and
// refWide (the same in double) come from the row's reference function.
template <class T>
BufferStats compareBuffer(const std::string& name, double docUlp, const std::vector<T>& x,
                          const std::vector<T>& candidate, const std::vector<T>& device,
                          const std::vector<T>& ref, const std::vector<double>& refWide) {
  BufferStats s;
  s.name = name;
  s.count = device.size();
  if (candidate.size() != device.size() || ref.size() != device.size())
    throw std::runtime_error(name + ": buffer sizes differ");
  for (size_t i = 0; i < s.count; ++i) {
    if (toBits(candidate[i]) == toBits(device[i])) {
      ++s.bitExact;
    } else {
      if (s.firstMismatch < 0) s.firstMismatch = long(i);
      // LOOM_MATH_DUMP=<buffer>: list the mismatches (a debugging aid for modelling the device).
      const char* dump = std::getenv("LOOM_MATH_DUMP");
      if (dump != nullptr && name == dump) {
        std::printf("%5zu x=%-16a (%llx) loom=%-16a (%llx) dev=%-16a (%llx) ref=%a\n", i,
                    double(x.empty() ? T(0) : x[i]), (unsigned long long)toBits(x.empty() ? T(0) : x[i]),
                    double(candidate[i]), (unsigned long long)toBits(candidate[i]), double(device[i]),
                    (unsigned long long)toBits(device[i]), refWide[i]);
      }
    }
    s.maxUlpVsDevice = std::max(s.maxUlpVsDevice, ulpDistance(candidate[i], device[i]));
    s.candidateMaxUlp = std::max(s.candidateMaxUlp, ulpDistance(candidate[i], ref[i]));
    s.deviceMaxUlp = std::max(s.deviceMaxUlp, ulpDistance(device[i], ref[i]));
    const T xi = x.empty() ? T(0) : x[i];
    if (!withinDoc(name, docUlp, xi, candidate[i], ref[i], refWide[i])) ++s.candidateOverDoc;
    if (!withinDoc(name, docUlp, xi, device[i], ref[i], refWide[i])) ++s.deviceOverDoc;
  }
  return s;
}

// Exact comparison of an integer buffer (frexp's exponent).
inline BufferStats compareInts(const std::string& name, const std::vector<int>& candidate,
                               const std::vector<int>& device) {
  BufferStats s;
  s.name = name;
  s.count = device.size();
  for (size_t i = 0; i < s.count && i < candidate.size(); ++i) {
    if (candidate[i] == device[i]) ++s.bitExact;
    else {
      s.maxUlpVsDevice = kNaNMismatch;
      if (s.firstMismatch < 0) s.firstMismatch = long(i);
    }
  }
  return s;
}

}  // namespace loom_sweep
