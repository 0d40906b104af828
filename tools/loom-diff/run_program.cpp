#include "run_program.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace fs = std::filesystem;

namespace loom::validate {
namespace {

struct Redirect {
  std::string stdoutPath, stderrPath;
};

// fork + exec with the given cwd and extra environment; returns the exit status as a shell reports it.
int spawn(const std::vector<std::string>& argv, const std::string& cwd,
          const std::vector<std::pair<std::string, std::string>>& env, const Redirect& io, int timeoutSeconds) {
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    setpgid(0, 0);
    int out = open(io.stdoutPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int err = io.stderrPath == io.stdoutPath ? out : open(io.stderrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0) _exit(126);
    dup2(out, 1);
    dup2(err, 2);
    if (chdir(cwd.c_str()) != 0) _exit(126);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  setpgid(pid, pid);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  int status = 0;
  for (;;) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      return 124;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

int runLoomCase(const CaseFile& c, const std::string& exe, const std::string& work, int timeoutSeconds) {
  if (!fs::is_regular_file(exe)) throw std::runtime_error(exe + ": no such program (build the case first)");
  fs::path w = fs::absolute(work);
  for (const char* old : {"outputs", "report.json", "stdout.txt", "stderr.txt", "exit.txt"}) fs::remove_all(w / old);
  fs::create_directories(w / "outputs");
  std::vector<std::string> argv{fs::absolute(exe).string()};
  argv.insert(argv.end(), c.args.begin(), c.args.end());
  // Counters need Loom's report, which switches on lockstep warps; a case that records no ncu
  // metrics runs in the fast mode a user gets by default.
  std::vector<std::pair<std::string, std::string>> env{{"LOOM_CASE_OUT", (w / "outputs").string()}};
  if (!c.ncuMetrics.empty()) env.emplace_back("LOOM_REPORT", (w / "report.json").string());
  int rc = spawn(argv, c.dir, env, {(w / "stdout.txt").string(), (w / "stderr.txt").string()}, timeoutSeconds);
  std::ofstream(w / "exit.txt") << rc << "\n";
  return rc;
}

std::string buildWithLoomCc(const CaseFile& c, const std::string& loomCc, const std::string& include,
                            const std::string& work) {
  fs::path w = fs::absolute(work);
  fs::create_directories(w);
  fs::path program = w / "program", log = w / "build.log";
  std::vector<std::string> argv{fs::absolute(loomCc).string(), "-arch=sm_90", "-I" + include};
  argv.insert(argv.end(), c.flags.begin(), c.flags.end());
  argv.insert(argv.end(), c.sources.begin(), c.sources.end());
  argv.push_back("-o");
  argv.push_back(program.string());
  int rc = spawn(argv, c.dir, {}, {log.string(), log.string()}, 600);
  if (rc != 0) {
    std::ifstream in(log);
    std::ostringstream ss;
    ss << in.rdbuf();
    throw std::runtime_error("loom-cc failed to build " + c.name + " (exit " + std::to_string(rc) + "):\n" + ss.str());
  }
  return program.string();
}

}  // namespace loom::validate
