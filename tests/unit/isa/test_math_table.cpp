// The math rows of isa/table/*.def against the H100 record (validate/results/h100-sm90/isa.*):
// each row's inputs are regenerated and must hash as the device's did, then every output
// buffer must be bit-exact with the device at least as often as the row's floor (the measured
// rate, so a regression fails), and no result may lie outside CUDA's documented error bound.
// Every buffer that differs from the device must be a known divergence of loom-diff's file
// (validate/results/h100-sm90/known_divergences.txt), differing in at most its listed count.
//
// A Loom-built sweep (the same functions reached through loom-cc) is compared with the same
// records, against the same entries, by loom-diff (ctest validate.isa.*).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "validate/sweeps/isa/math_rows.h"

namespace {

const std::string kRecord = std::string(LOOM_SOURCE_DIR) + "/validate/results/h100-sm90/";

// The entries of a case in known_divergences.txt, "<case> output:<buffer> <differing>/<total>
// <reason>": buffer -> (differing, total).
std::map<std::string, std::pair<long, long>> knownRates(const std::string& caseName) {
  std::map<std::string, std::pair<long, long>> rates;
  std::ifstream in(kRecord + "known_divergences.txt");
  REQUIRE(in.good());
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string c, what, rate;
    if (!(words >> c >> what >> rate) || c != caseName || what.rfind("output:", 0) != 0) continue;
    const size_t slash = rate.find('/');
    rates[what.substr(7)] = {std::stol(rate.substr(0, slash)), std::stol(rate.substr(slash + 1))};
  }
  return rates;
}

void checkRows(const std::string& caseName, const std::vector<loom_sweep::RowResult>& results,
               bool checkBounds) {
  REQUIRE_FALSE(results.empty());
  const auto known = knownRates(caseName);
  for (const auto& r : results) {
    INFO("row " << r.name << ": record inputs '" << r.expectedInputs << "', regenerated '"
                << r.actualInputs << "'");
    CHECK(r.inputsMatch());
    for (const auto& b : r.buffers) {
      INFO("buffer " << b.name << ": " << b.bitExact << "/" << b.count << " bit-exact ("
                     << b.ratePct() << "%), floor " << r.floorPct << "%, first mismatch at "
                     << b.firstMismatch << ", max ulp vs device " << b.maxUlpVsDevice);
      CHECK(b.count > 0);
      CHECK(b.ratePct() >= r.floorPct);
      if (checkBounds) CHECK(b.candidateOverDoc == 0);
      // Every difference from the device is a listed, measured divergence.
      if (b.bitExact < b.count) {
        INFO("known divergence listed for " << caseName << " " << b.name);
        CHECK(known.count(b.name) == 1);
        if (known.count(b.name) == 1) {
          CHECK(known.at(b.name).second == static_cast<long>(b.count));
          CHECK(static_cast<long>(b.count - b.bitExact) <= known.at(b.name).first);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("math_f32 rows: isa functions against the H100 record", "[isa][math]") {
  loom_sweep::MathEvaluator ev(kRecord + "isa.math_f32", "");
#include "isa/table/math_f32.def"
  checkRows("isa.math_f32", ev.results, true);
}

TEST_CASE("math_f64 rows: isa functions against the H100 record", "[isa][math]") {
  loom_sweep::MathEvaluator ev(kRecord + "isa.math_f64", "");
#include "isa/table/math_f64.def"
  checkRows("isa.math_f64", ev.results, true);
}

TEST_CASE("fast_math rows: isa intrinsics against the H100 record", "[isa][math]") {
  loom_sweep::MathEvaluator ev(kRecord + "isa.fast_math", "");
#include "isa/table/fast_math.def"
  checkRows("isa.fast_math", ev.results, true);
}

TEST_CASE("half_math rows: all encodings against the H100 record", "[isa][math]") {
  loom_sweep::NarrowEvaluator nv(kRecord + "isa.half_math", "");
#include "isa/table/half_math.def"
  checkRows("isa.half_math", nv.results, false);
}

TEST_CASE("the ulp distance counts representable values and pairs NaNs", "[isa][math]") {
  using loom_sweep::ulpDistance;
  CHECK(ulpDistance(1.0f, std::nextafter(1.0f, 2.0f)) == 1);
  CHECK(ulpDistance(-0.0f, 0.0f) == 0);
  CHECK(ulpDistance(-1e-45f, 1e-45f) == 2);
  CHECK(ulpDistance(NAN, -NAN) == 0);
  CHECK(ulpDistance(double(NAN), 1.0) == loom_sweep::kNaNMismatch);
}

// The interposed math functions must stay real calls in kernel code (no folding, inlining or
// sin+cos fusion by g++): loom-cc passes -fno-builtin-<name> for each, float and double.
#include "loom-cc/plan.h"

TEST_CASE("loom-cc compiles kernel code without math builtins", "[isa][math]") {
  const auto& args = loom::cc::instrumentationArgs();
  auto has = [&](const std::string& a) { return std::find(args.begin(), args.end(), a) != args.end(); };
  for (const char* f : {"sin", "sinf", "sincos", "sincosf", "sqrt", "sqrtf", "pow", "powf", "lgamma",
                        "lgammaf", "frexpf", "modf", "exp10f"}) {
    INFO(f);
    CHECK(has(std::string("-fno-builtin-") + f));
  }
}
