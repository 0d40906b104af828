// The device sweep of isa/table/fast_math.def (validate/cases/isa.fast_math.case.json): every row's
// function over its inputs, each output buffer written with loom_case.h.
#include "math_sweep.h"

#include "math_functors.h"
#include "../../../isa/table/fast_math.def"

int main() {
#include "math_runs.h"
#include "../../../isa/table/fast_math.def"
  return 0;
}
