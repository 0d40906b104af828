// The comparable part of a compute-sanitizer report (the device's or loom-sanitizer's): the set
// of distinct error classes, each headline with what cannot match between a GPU and Loom
// normalised away. Kept: the class (Invalid __global__ write, Divergent thread(s) in warp, race
// error or warning (not which access came first: that is the schedule's order, not the bug),
// global race (a race report whose details say "in global memory": Loom's across blocks),
// Leaked [on the device heap], Uninitialized __global__ memory read). Dropped: addresses, sizes and counts (the device reports every faulting thread, Loom
// stops a launch at the first), SASS offsets, and "Program hit <error> on CUDA API call" lines
// (Loom does not report API errors through the sanitizer yet). The summary becomes "findings:
// none|some" (racecheck's RACECHECK SUMMARY where there is one, else ERROR SUMMARY); a report
// with neither (the program hung, the tool never summarised) has no such class.
#pragma once

#include <set>
#include <string>

namespace loom::sanitizer {

std::set<std::string> verdictClasses(const std::string& report);

}  // namespace loom::sanitizer
