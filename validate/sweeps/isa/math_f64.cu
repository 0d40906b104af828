// The device sweep of isa/table/math_f64.def (validate/cases/isa.math_f64.case.json): every row's
// function over its inputs, each output buffer written with loom_case.h.
#include "math_sweep.h"

#include "math_functors.h"
#include "../../../isa/table/math_f64.def"

int main() {
#include "math_runs.h"
#include "../../../isa/table/math_f64.def"
  return 0;
}
