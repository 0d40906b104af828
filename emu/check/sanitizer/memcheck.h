// memcheck's view of what the engine already detects: a launch's fault (illegal or misaligned
// address) becomes a finding with the nearest allocation, and live cudaMalloc allocations at exit
// become leaks (LOOM_SANITIZER_LEAK_CHECK=full).
#pragma once

#include <string>

#include "report/fault.h"

namespace loom::check::sanitizer {

// Records the finding a launch's fault means for the active tool (none when the tool does not
// report that kind of fault). Called once per failed launch.
void reportFault(const report::Fault& fault, const std::string& kernel);

// Arms the leak check at exit when memcheck runs with the leak check on; idempotent and cheap.
void armLeakCheck();

}  // namespace loom::check::sanitizer
