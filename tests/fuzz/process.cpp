#include "process.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace loom::fuzz {

int run(const std::vector<std::string>& argv, const std::filesystem::path& log, unsigned seconds) {
  const pid_t pid = fork();
  if (pid < 0) return 127;
  if (pid == 0) {
    const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    alarm(seconds);  // kept across exec: a hang ends with SIGALRM
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

std::string readFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string tailOf(const std::filesystem::path& file) {
  std::istringstream in(readFile(file));
  std::vector<std::string> all;
  for (std::string l; std::getline(in, l);) all.push_back(l);
  std::string out;
  for (std::size_t k = all.size() > 20 ? all.size() - 20 : 0; k < all.size(); ++k) out += "    " + all[k].substr(0, 300) + "\n";
  return out;
}

}  // namespace loom::fuzz
