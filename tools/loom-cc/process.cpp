#include "process.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

extern char** environ;

namespace loom::cc {
namespace {

std::vector<char*> cArgv(const std::vector<std::string>& argv) {
  std::vector<char*> out;
  for (const std::string& a : argv) out.push_back(const_cast<char*>(a.c_str()));
  out.push_back(nullptr);
  return out;
}

}  // namespace

int runProcess(const std::vector<std::string>& argv) {
  std::vector<char*> args = cArgv(argv);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ);
  if (rc != 0) {
    std::fprintf(stderr, "loom-cc: error: cannot run '%s': %s\n", args[0], std::strerror(rc));
    return 1;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      std::fprintf(stderr, "loom-cc: error: waiting for '%s': %s\n", args[0], std::strerror(errno));
      return 1;
    }
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    std::fprintf(stderr, "loom-cc: error: '%s' was killed by signal %d (%s)\n", args[0],
                 WTERMSIG(status), strsignal(WTERMSIG(status)));
  }
  return 1;
}

int execProcess(const std::vector<std::string>& argv) {
  std::vector<char*> args = cArgv(argv);
  execvp(args[0], args.data());
  std::fprintf(stderr, "loom-cc: error: cannot run '%s': %s\n", args[0], std::strerror(errno));
  return 127;
}

std::string shellQuote(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& a : argv) {
    if (!out.empty()) out.push_back(' ');
    bool plain = !a.empty() && a.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;#~!") == std::string::npos;
    if (plain) {
      out += a;
      continue;
    }
    out.push_back('\'');
    for (char c : a) {
      out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    }
    out.push_back('\'');
  }
  return out;
}

}  // namespace loom::cc
