// loom-cc on files that are not CUDA, or not all of it (issue 33, item 5): binary garbage, a
// truncated file, unbalanced brackets and quotes, unterminated comments and raw strings,
// malformed launches, non-UTF-8 bytes and NULs, #line directives, 100,000 nested statements
// and a 50,000-line kernel. Each must end in a diagnostic naming the file and a line (the
// #line's file where one applies), or compile to a program that prints what its plain C++
// build prints; never a signal, and never past a time limit.
#pragma once

#include <filesystem>
#include <string>

namespace loom::fuzz {

// Writes the inputs under `work`, runs loom-cc on each and prints one line per input; the
// number of inputs that failed their expectation.
unsigned checkBadInputs(const std::string& loomCc, const std::string& cxx, const std::filesystem::path& work);

}  // namespace loom::fuzz
