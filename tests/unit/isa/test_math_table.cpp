// The math rows of isa/table/*.def against the H100 record (validate/results/h100-sm90/isa.*):
// each row's inputs are regenerated and must hash as the device's did, then every output
// buffer must be bit-exact with the device at least as often as the row's floor (the measured
// rate, so a regression fails), and no result may lie outside CUDA's documented error bound.
//
// The same checks run on a Loom-built sweep's output files (validate.isa.* in ctest) through
// the hidden [math_loom_run] cases, which read LOOM_MATH_CANDIDATE (the run's LOOM_CASE_OUT)
// and LOOM_MATH_RECORD (the record's case folder), and optionally LOOM_MATH_FLOORS.
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

// A floors file ("<buffer> <percent>" per line) replaces the rows' floors: the --use_fast_math
// record has its own rates, and CUDA documents no bounds for that mode.
std::map<std::string, double> readFloors(const std::string& path) {
  std::map<std::string, double> floors;
  std::ifstream in(path);
  std::string name;
  double pct;
  while (in >> name >> pct) floors[name] = pct;
  return floors;
}

// The rates listed for a case in isa.math_known_divergences.txt ("<case> <buffer> <rate>% ...").
std::map<std::string, double> knownRates(const std::string& caseName) {
  std::map<std::string, double> rates;
  std::ifstream in(kRecord + "isa.math_known_divergences.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string c, buffer;
    double pct;
    if (words >> c >> buffer >> pct && c == caseName) rates[buffer] = pct;
  }
  return rates;
}

void checkRows(const std::string& caseName, const std::vector<loom_sweep::RowResult>& results,
               bool checkBounds, const std::map<std::string, double>& floors = {}) {
  REQUIRE_FALSE(results.empty());
  const std::map<std::string, double> known = knownRates(caseName);
  for (const auto& r : results) {
    INFO("row " << r.name << ": record inputs '" << r.expectedInputs << "', regenerated '"
                << r.actualInputs << "'");
    CHECK(r.inputsMatch());
    for (const auto& b : r.buffers) {
      INFO("buffer " << b.name << ": " << b.bitExact << "/" << b.count << " bit-exact ("
                     << b.ratePct() << "%), floor " << r.floorPct << "%, first mismatch at "
                     << b.firstMismatch << ", max ulp vs device " << b.maxUlpVsDevice);
      CHECK(b.count > 0);
      if (floors.empty()) {
        CHECK(b.ratePct() >= r.floorPct);
      } else {
        REQUIRE(floors.count(b.name) == 1);
        CHECK(b.ratePct() >= floors.at(b.name));
      }
      if (checkBounds) CHECK(b.candidateOverDoc == 0);
      // Every difference from the device is a listed, measured divergence.
      if (b.bitExact < b.count) {
        INFO("known divergence listed for " << caseName << " " << b.name);
        CHECK(known.count(b.name) == 1);
        if (known.count(b.name) == 1) CHECK(known.at(b.name) <= b.ratePct() + 0.005);
      }
    }
  }
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
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

// A Loom run of a sweep (ctest validate.isa.*): its files instead of direct isa calls.
TEST_CASE("a Loom-built math sweep against the H100 record", "[.][math_loom_run]") {
  const std::string record = env("LOOM_MATH_RECORD"), candidate = env("LOOM_MATH_CANDIDATE");
  const std::string family = env("LOOM_MATH_FAMILY");
  // The record's folder names the case (isa.math_f32_fastmath shares math_f32's rows).
  const std::string caseName = record.substr(record.find_last_of('/') + 1);
  REQUIRE(!record.empty());
  REQUIRE(!candidate.empty());
  if (family == "half_math") {
    loom_sweep::NarrowEvaluator nv(record, candidate);
#include "isa/table/half_math.def"
    checkRows(caseName, nv.results, false);
    return;
  }
  loom_sweep::MathEvaluator ev(record, candidate);
  const std::string floorsFile = env("LOOM_MATH_FLOORS");
  if (family == "math_f32") {
#include "isa/table/math_f32.def"
  } else if (family == "math_f64") {
#include "isa/table/math_f64.def"
  } else if (family == "fast_math") {
#include "isa/table/fast_math.def"
  } else {
    FAIL("LOOM_MATH_FAMILY must name a family: " << family);
  }
  if (floorsFile.empty()) {
    checkRows(caseName, ev.results, true);
  } else {
    checkRows(caseName, ev.results, false, readFloors(floorsFile));
  }
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
