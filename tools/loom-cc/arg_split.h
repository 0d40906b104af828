// Splits text into arguments as a POSIX shell would for plain words: blanks separate, '...' and
// "..." quote, backslash escapes. Used for nvcc's --options-file and for -Xcompiler values, which
// nvcc hands to a shell.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace loom::cc {

std::vector<std::string> splitArguments(std::string_view text);

}  // namespace loom::cc
