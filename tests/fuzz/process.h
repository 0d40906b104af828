// Running the compilers and the programs loom-fuzz builds.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace loom::fuzz {

// Runs argv with stdout and stderr into `log`, killed after `seconds`; the exit status, or
// 128 + the signal that ended it (SIGALRM: ran past the limit).
int run(const std::vector<std::string>& argv, const std::filesystem::path& log, unsigned seconds);

std::string readFile(const std::filesystem::path& file);
// The last 20 lines of a file, indented.
std::string tailOf(const std::filesystem::path& file);

}  // namespace loom::fuzz
