// Prints README's "Math functions" table: each row of isa/table/{math_f32,math_f64,fast_math}.def
// compared with the H100 record. Usage: loom_math_report <results dir> [family] [candidate dir]
// (results dir: validate/results/h100-sm90; candidate dir: a Loom run's LOOM_CASE_OUT).
#include <cstdio>
#include <string>

#include "math_rows.h"

namespace {

std::string ulpText(uint64_t u) { return u == loom_sweep::kNaNMismatch ? "NaN" : std::to_string(u); }

void print(const loom_sweep::MathEvaluator& ev) {
  for (const auto& r : ev.results) {
    for (const auto& b : r.buffers) {
      std::printf("| `%s` | %s%.2f%% | %s | %s | %s | %s |%s%s\n", b.name.c_str(),
                  r.inputsMatch() ? "" : "INPUTS DIFFER ", b.ratePct(), ulpText(b.maxUlpVsDevice).c_str(),
                  ulpText(b.candidateMaxUlp).c_str(), ulpText(b.deviceMaxUlp).c_str(),
                  r.docUlp >= 0 ? std::to_string(int(r.docUlp)).c_str() : "see text",
                  b.candidateOverDoc ? " LOOM OVER BOUND" : "",
                  b.deviceOverDoc ? (" (device over bound: " + std::to_string(b.deviceOverDoc) + ")").c_str() : "");
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <results dir> [math_f32|math_f64|fast_math|half_math] [candidate dir]\n", argv[0]);
    return 2;
  }
  const std::string dir = argv[1], only = argc > 2 ? argv[2] : "", cand = argc > 3 ? argv[3] : "";
  std::printf("| function | bit-exact vs H100 | max ulp vs H100 | Loom max ulp vs CR | H100 max ulp vs CR | documented |\n");
  std::printf("| --- | --- | --- | --- | --- | --- |\n");
  if (only.empty() || only == "math_f32") {
    loom_sweep::MathEvaluator ev(dir + "/isa.math_f32", cand);
#include "../../../isa/table/math_f32.def"
    print(ev);
  }
  if (only.empty() || only == "math_f64") {
    loom_sweep::MathEvaluator ev(dir + "/isa.math_f64", cand);
#include "../../../isa/table/math_f64.def"
    print(ev);
  }
  if (only.empty() || only == "fast_math") {
    loom_sweep::MathEvaluator ev(dir + "/isa.fast_math", cand);
#include "../../../isa/table/fast_math.def"
    print(ev);
  }
  if (only.empty() || only == "half_math") {
    loom_sweep::NarrowEvaluator nv(dir + "/isa.half_math", cand);
#include "../../../isa/table/half_math.def"
    std::printf("\n| function | bit-exact vs H100 | max ulp vs H100 |\n| --- | --- | --- |\n");
    for (const auto& r : nv.results)
      for (const auto& b : r.buffers)
        std::printf("| `%s` | %s%.2f%% | %s |\n", b.name.c_str(), r.inputsMatch() ? "" : "INPUTS DIFFER ",
                    b.ratePct(), ulpText(b.maxUlpVsDevice).c_str());
  }
  return 0;
}
