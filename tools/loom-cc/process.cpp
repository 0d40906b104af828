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

int waitFor(pid_t pid, char* const* args) {
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

}  // namespace

int runProcess(const std::vector<std::string>& argv) {
  std::vector<char*> args = cArgv(argv);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], nullptr, nullptr, args.data(), environ);
  if (rc != 0) {
    std::fprintf(stderr, "loom-cc: error: cannot run '%s': %s\n", args[0], std::strerror(rc));
    return 1;
  }
  return waitFor(pid, args.data());
}

int runProcessCollectingStderr(const std::vector<std::string>& argv, std::string& err) {
  std::vector<char*> args = cArgv(argv);
  int fds[2];
  if (pipe(fds) != 0) {
    std::fprintf(stderr, "loom-cc: error: pipe: %s\n", std::strerror(errno));
    return 1;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    std::fprintf(stderr, "loom-cc: error: cannot run '%s': %s\n", args[0], std::strerror(rc));
    return 1;
  }
  char buffer[4096];
  for (;;) {
    ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n > 0) {
      err.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(fds[0]);
  return waitFor(pid, args.data());
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
