// Running other programs without a shell (posix_spawnp), and showing their command lines.
#pragma once

#include <string>
#include <vector>

namespace loom::cc {

// Runs argv (argv[0] looked up in PATH) with this process's stdio and environment and waits.
// Returns its exit status; 1 with a message on stderr when it cannot start or dies of a signal.
int runProcess(const std::vector<std::string>& argv);

// As runProcess, with the program's stderr collected into `err` instead of shown.
int runProcessCollectingStderr(const std::vector<std::string>& argv, std::string& err);

// Replaces this process with argv (execvp); returns 127 with a message only on failure.
int execProcess(const std::vector<std::string>& argv);

// The command as a shell would need it typed: arguments with blanks or quotes are single-quoted.
std::string shellQuote(const std::vector<std::string>& argv);

}  // namespace loom::cc
