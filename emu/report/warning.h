// Warnings: behaviour CUDA leaves undefined that Loom can run through (a shuffle reading a lane
// that does not take part), reported on stderr once per source line while the kernel goes on
// with the value the device gives. Faults (fault.h) are for what stops the launch.
#pragma once

#include <string>

namespace loom::report {

// True the first time `site` (a code address in kernel code) is passed, false afterwards, so
// that a warning's text is only built once. Thread-safe.
bool firstWarningAt(const void* site);

// Prints "loom: warning: <message>\n  at <file:line of site>" on stderr.
void warn(const void* site, const std::string& message);

}  // namespace loom::report
