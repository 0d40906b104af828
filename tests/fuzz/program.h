// The fuzzer's programs (tests/fuzz/README.md): one `.cu` file of random kernels and a main that
// launches each on one block and prints a checksum of everything the kernel wrote. Every
// kernel is written so that its result does not depend on the order its threads run in (a thread
// writes only its own slice of `out`, its own shared slots and commutative atomic sums), so the
// file compiled by loom-cc and the same file compiled as plain C++ over a header that runs a
// launch's threads one after another in a loop (reference_header.h) must print the same lines.
// No kernel has undefined behaviour: arithmetic is unsigned, indices are masked, shifts are
// below 32, divisors are odd, loops have bounded trip counts and every variable is set before
// it is read.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace loom::fuzz {

struct Program {
  std::string text;
  std::vector<std::string> kernels;  // in launch order, as the main names them
};

Program writeProgram(std::uint64_t seed, unsigned kernels);

}  // namespace loom::fuzz
