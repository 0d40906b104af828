// Evaluates the rows of isa/table/*.def against the H100 record (math_compare.h): for each
// row, regenerate its inputs (checked against the record's hash line), get the candidate's
// outputs (the isa functions, or a Loom run's files when candidateDir is set), and compare.
// Include the .def files after defining the row macros with LOOM_MATH_ROWS_EVALUATE (below).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "isa/math/erf.h"
#include "isa/math/exp_log.h"
#include "isa/math/fast_math.h"
#include "isa/math/gamma.h"
#include "isa/math/half_math.h"
#include "isa/math/hyperbolic.h"
#include "isa/math/remainder.h"
#include "isa/math/roots.h"
#include "isa/math/sin_cos.h"
#include "isa/math/trig_inverse.h"
#include "math_compare.h"

namespace loom_sweep {

struct RowResult {
  std::string name;
  std::string expectedInputs, actualInputs;  // the record's hash line and ours
  double docUlp = 0, floorPct = 0;
  std::vector<BufferStats> buffers;
  bool inputsMatch() const { return expectedInputs == actualInputs; }
};

class MathEvaluator {
 public:
  MathEvaluator(std::string recordDir, std::string candidateDir)
      : record_(std::move(recordDir)), candidate_(std::move(candidateDir)),
        lines_(readInputLines(record_)) {}

  std::vector<RowResult> results;

  template <class T, class Isa, class Ref>
  void unary(const char* name, Isa isa, Ref ref, Domain d, double doc, double floorPct) {
    const std::vector<T> x = makeInputs<T>(seedOf(name), d, kSweepInputs);
    RowResult& r = start(name, hashLine(x), doc, floorPct);
    std::vector<T> mine(x.size()), refT(x.size());
    std::vector<double> refW(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      mine[i] = isa(x[i]);
      refW[i] = ref(double(x[i]));
      refT[i] = T(refW[i]);
    }
    finish<T>(r, name, x, mine, refT, refW);
  }

  template <class T, class Isa, class Ref>
  void binary(const char* name, Isa isa, Ref ref, Domain da, Domain db, double doc, double floorPct) {
    std::vector<T> a, b;
    makePairInputs<T>(seedOf(name), da, db, kSweepInputs, a, b);
    RowResult& r = start(name, hashLine(a, b), doc, floorPct);
    std::vector<T> mine(a.size()), refT(a.size());
    std::vector<double> refW(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      mine[i] = isa(a[i], b[i]);
      refW[i] = ref(double(a[i]), double(b[i]));
      refT[i] = T(refW[i]);
    }
    finish<T>(r, name, std::vector<T>(), mine, refT, refW);
  }

  // sincos-style rows (suffixes _sin/_cos) and modf (suffixes ""/_int): two results.
  template <class T, class Isa, class Ref>
  void pairOut(const char* name, Isa isa, Ref ref, Domain d, double doc, double floorPct,
               const char* s1, const char* s2) {
    const std::vector<T> x = makeInputs<T>(seedOf(name), d, kSweepInputs);
    RowResult& r = start(name, hashLine(x), doc, floorPct);
    std::vector<T> m1(x.size()), m2(x.size()), r1(x.size()), r2(x.size());
    std::vector<double> w1(x.size()), w2(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      isa(x[i], &m1[i], &m2[i]);
      ref(double(x[i]), &w1[i], &w2[i]);
      r1[i] = T(w1[i]);
      r2[i] = T(w2[i]);
    }
    finish<T>(r, std::string(name) + s1, x, m1, r1, w1);
    finish<T>(r, std::string(name) + s2, x, m2, r2, w2);
  }

  template <class T, class Isa>
  void frexpRow(const char* name, Isa isa, Domain d, double doc, double floorPct) {
    const std::vector<T> x = makeInputs<T>(seedOf(name), d, kSweepInputs);
    RowResult& r = start(name, hashLine(x), doc, floorPct);
    std::vector<T> m(x.size());
    std::vector<int> e(x.size());
    for (size_t i = 0; i < x.size(); ++i) m[i] = isa(x[i], &e[i]);
    finish<T>(r, name, x, m, m, widen(m));  // exact: its own reference
    const std::string en = std::string(name) + "_exp";
    const std::vector<int> ce = candidate_.empty() ? e : readTyped<int>(candidate_, en + ".i32");
    r.buffers.push_back(compareInts(en, ce, readTyped<int>(record_ + "/outputs", en + ".i32")));
  }

  template <class T, class Isa>
  void ldexpRow(const char* name, Isa isa, Domain d, double doc, double floorPct) {
    const std::vector<T> x = makeInputs<T>(seedOf(name), d, kSweepInputs);
    const std::vector<int> n = makeIntInputs(seedOf(name), kSweepInputs);
    RowResult& r = start(name, hashLine(x, n), doc, floorPct);
    std::vector<T> m(x.size());
    for (size_t i = 0; i < x.size(); ++i) m[i] = isa(x[i], n[i]);
    finish<T>(r, name, x, m, m, widen(m));
  }

 private:
  static constexpr size_t kSweepInputs = 4096;
  std::string record_, candidate_;
  std::map<std::string, std::string> lines_;

  RowResult& start(const char* name, std::string actual, double doc, double floorPct) {
    RowResult r;
    r.name = name;
    r.actualInputs = std::move(actual);
    auto it = lines_.find(name);
    r.expectedInputs = it == lines_.end() ? "(not in the record)" : it->second;
    r.docUlp = doc;
    r.floorPct = floorPct;
    results.push_back(std::move(r));
    return results.back();
  }

  template <class T> static std::vector<double> widen(const std::vector<T>& v) {
    return std::vector<double>(v.begin(), v.end());
  }

  template <class T>
  void finish(RowResult& r, const std::string& buffer, const std::vector<T>& x,
              const std::vector<T>& mine, const std::vector<T>& refT, const std::vector<double>& refW) {
    const char* dtype = sizeof(T) == 4 ? ".f32" : ".f64";
    const std::vector<T> device = readTyped<T>(record_ + "/outputs", buffer + dtype);
    const std::vector<T> cand = candidate_.empty() ? mine : readTyped<T>(candidate_, buffer + dtype);
    r.buffers.push_back(compareBuffer<T>(buffer, r.docUlp, x, cand, device, refT, refW));
  }
};

}  // namespace loom_sweep

// Row macros that evaluate each row with an evaluator named `ev`.
#define LOOM_MATH_1(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                     \
  ev.unary<T>(#name, [](T x) { return isaFn(x); }, [](double x) { return refFn(x); },          \
              {eLo, eHi, sign}, doc, floorPct);
#define LOOM_MATH_2(T, name, isaFn, refFn, eLo, eHi, sign, eLo2, eHi2, sign2, doc, floorPct)  \
  ev.binary<T>(#name, [](T x, T y) { return isaFn(x, y); },                                    \
               [](double x, double y) { return refFn(x, y); }, {eLo, eHi, sign},              \
               {eLo2, eHi2, sign2}, doc, floorPct);
#define LOOM_MATH_SINCOS(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                \
  ev.pairOut<T>(#name, [](T x, T* s, T* c) { isaFn(x, s, c); },                                \
                [](double x, double* s, double* c) { refFn(x, s, c); }, {eLo, eHi, sign}, doc, \
                floorPct, "_sin", "_cos");
#define LOOM_MATH_MODF(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                  \
  ev.pairOut<T>(#name, [](T x, T* f, T* i) { *f = isaFn(x, i); },                              \
                [](double x, double* f, double* i) { *f = refFn(x, i); }, {eLo, eHi, sign},   \
                doc, floorPct, "", "_int");
#define LOOM_MATH_FREXP(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                 \
  ev.frexpRow<T>(#name, [](T x, int* e) { return isaFn(x, e); }, {eLo, eHi, sign}, doc, floorPct);
#define LOOM_MATH_LDEXP(T, name, isaFn, refFn, eLo, eHi, sign, doc, floorPct)                 \
  ev.ldexpRow<T>(#name, [](T x, int n) { return isaFn(x, n); }, {eLo, eHi, sign}, doc, floorPct);

namespace loom_sweep {

// The half/bfloat16 rows (isa/table/half_math.def): all 65536 encodings through the scalar
// function, 4096 random pairs through the h2 form (lane by lane), compared as encodings.
class NarrowEvaluator {
 public:
  NarrowEvaluator(std::string recordDir, std::string candidateDir)
      : record_(std::move(recordDir)), candidate_(std::move(candidateDir)),
        lines_(readInputLines(record_)) {}

  std::vector<RowResult> results;

  template <class Isa>
  void row(const std::string& prefix, const char* name, const char* h2name, bool isHalf, Isa isa,
           double floorPct) {
    std::vector<uint16_t> all(65536), pairs(2 * 4096);
    for (size_t i = 0; i < all.size(); ++i) all[i] = uint16_t(i);
    Rng rng{seedOf("h2")};
    for (auto& e : pairs) e = uint16_t(rng.next());
    one(prefix + name, all, isHalf, isa, floorPct);
    one(prefix + h2name, pairs, isHalf, isa, floorPct);
  }

 private:
  std::string record_, candidate_;
  std::map<std::string, std::string> lines_;

  template <class Isa>
  void one(const std::string& buffer, const std::vector<uint16_t>& in, bool isHalf, Isa isa, double floorPct) {
    RowResult r;
    r.name = buffer;
    r.actualInputs = hashLine(in);
    auto it = lines_.find(buffer);
    r.expectedInputs = it == lines_.end() ? "(not in the record)" : it->second;
    r.floorPct = floorPct;
    const char* dtype = isHalf ? ".f16" : ".bf16";
    const std::vector<uint16_t> device = readTyped<uint16_t>(record_ + "/outputs", buffer + dtype);
    std::vector<uint16_t> mine(in.size());
    for (size_t i = 0; i < in.size(); ++i) mine[i] = isa(in[i]);
    const std::vector<uint16_t> cand = candidate_.empty() ? mine : readTyped<uint16_t>(candidate_, buffer + dtype);
    BufferStats s;
    s.name = buffer;
    s.count = device.size();
    for (size_t i = 0; i < s.count && i < cand.size(); ++i) {
      if (cand[i] == device[i]) {
        ++s.bitExact;
        continue;
      }
      if (s.firstMismatch < 0) s.firstMismatch = long(i);
      // Ulp distance on the encodings' order (NaNs: any NaN equals any NaN, as for floats).
      auto isNaN = [&](uint16_t h) { return (h & 0x7fff) > (isHalf ? 0x7c00 : 0x7f80); };
      auto ord = [](uint16_t h) { return (h & 0x8000) ? -int(h & 0x7fff) : int(h); };
      uint64_t d = isNaN(cand[i]) || isNaN(device[i])
                       ? (isNaN(cand[i]) && isNaN(device[i]) ? 0 : kNaNMismatch)
                       : uint64_t(std::abs(ord(cand[i]) - ord(device[i])));
      s.maxUlpVsDevice = std::max(s.maxUlpVsDevice, d);
      const char* dump = std::getenv("LOOM_MATH_DUMP");
      if (dump != nullptr && buffer == dump)
        std::printf("%5zu x=%04x loom=%04x dev=%04x\n", i, unsigned(in[i]), unsigned(cand[i]), unsigned(device[i]));
    }
    r.buffers.push_back(s);
    results.push_back(std::move(r));
  }
};

}  // namespace loom_sweep

#define LOOM_HALF_MATH(Format, T, name, h2name, isaFn, floorPct)                                  \
  nv.row(sizeof(#Format) == sizeof("HalfFormat") ? "half_" : "bf16_", #name, #h2name,               \
         sizeof(#Format) == sizeof("HalfFormat"),                                                   \
         [](uint16_t h) { return loom::isa::isaFn<loom::isa::Format>(h); }, floorPct);
