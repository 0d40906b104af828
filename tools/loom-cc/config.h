// loom-cc's configuration: which host compiler, Loom's include directories, extra macros and the
// link line. The build writes `<build>/share/loom/loom-cc.conf`; an install writes its own.
//
//   # comment
//   cxx=/usr/bin/c++
//   include=/abs/dir1;/abs/dir2
//   defines=__LOOM__=1
//   link=/abs/libloom_runtime.a;-lboost_context;-ltbb;-lpthread;-ldl
//   gdb_script=/abs/share/loom/gdb/loom-gdb.py
//
// Lists are ';'-separated. `${confdir}` in a value is the directory holding the file, so an
// installed tree can be moved. Unknown keys are ignored (newer files work with older loom-cc).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loom::cc {

struct Config {
  std::string cxx = "c++";
  std::vector<std::string> includeDirs;  // passed as -I, after the user's -I, in this order
  // Loom's own header directories: the rewrite inserts nothing into code from there (user_code.h).
  std::vector<std::string> libraryDirs;
  std::vector<std::string> defines;      // passed as -D to every compile
  std::vector<std::string> linkArgs;     // appended to every link, in this order
  // Loom's gdb extension (tools/loom-gdb): each .cu object names it in .debug_gdb_scripts, so
  // gdb loads it for the program. Empty: none.
  std::string gdbScript;
};

struct ConfigResult {
  Config config;
  std::optional<std::string> error;
};

ConfigResult parseConfig(std::string_view text, std::string_view confDir);

// LOOM_CC_CONF when set (`envOverride` non-null and non-empty), else
// <dir of the executable>/../share/loom/loom-cc.conf.
std::string configPath(const char* envOverride, const std::string& executable);

// Reads and parses; the error names the file and says how to fix it.
ConfigResult loadConfig(const std::string& path);

}  // namespace loom::cc
