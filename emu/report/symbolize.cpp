#include "report/symbolize.h"

#include <cxxabi.h>
#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <sstream>

namespace loom::report {

namespace {

struct ModuleAddress {
  std::string file;        // object file on disk
  std::uintptr_t offset;   // address relative to the module's load bias
};

// Which loaded object holds `pc`, and where. dl_iterate_phdr gives the load bias for PIE and
// non-PIE executables alike, which dladdr's dli_fbase does not.
bool locate(const void* pc, ModuleAddress& out) {
  struct Search {
    std::uintptr_t pc;
    ModuleAddress* out;
    bool found;
  } search{reinterpret_cast<std::uintptr_t>(pc), &out, false};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) -> int {
        auto* s = static_cast<Search*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const auto& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD) continue;
          std::uintptr_t begin = info->dlpi_addr + ph.p_vaddr;
          if (s->pc < begin || s->pc >= begin + ph.p_memsz) continue;
          s->out->file = (info->dlpi_name && *info->dlpi_name) ? info->dlpi_name : "/proc/self/exe";
          s->out->offset = s->pc - info->dlpi_addr;
          s->found = true;
          return 1;
        }
        return 0;
      },
      &search);
  return search.found;
}

// The module's file as addr2line can open it: the executable's own path, not /proc/self/exe.
std::string onDisk(const ModuleAddress& where) {
  if (where.file != "/proc/self/exe") return where.file;
  std::array<char, 4096> path{};
  ssize_t n = readlink("/proc/self/exe", path.data(), path.size() - 1);
  return n > 0 ? std::string(path.data(), static_cast<std::size_t>(n)) : where.file;
}

// Loom's own inline wrappers (the CUDA names in emu/include/loom/...) are inlined into kernel
// code; a report should name the user's line that called them, not the wrapper's.
bool isLoomHeader(const std::string& location) {
  return location.find("/loom/device/") != std::string::npos ||
         location.find("/loom/runtime/") != std::string::npos;
}

}  // namespace

bool isUserSource(const std::string& location) {
  if (location.empty() || location[0] != '/' || location.rfind("/usr/", 0) == 0) return false;
  if (isLoomHeader(location)) return false;
  const std::string root = LOOM_SOURCE_DIR;  // where Loom's runtime was compiled from
  return location.rfind(root + "/emu/", 0) != 0 && location.rfind(root + "/isa/", 0) != 0;
}

namespace {

// Runs addr2line once with inlined frames (-i): (function, file:line) pairs, innermost first.
// Returns the innermost frame of the user's code, else the innermost that is not one of Loom's
// wrappers.
bool addr2line(const ModuleAddress& where, std::string& function, std::string& location) {
  static std::mutex mutex;  // popen from several workers at once works, but keeps reports tidy
  std::lock_guard lock(mutex);
  std::ostringstream cmd;
  cmd << "addr2line -C -f -i -e '" << onDisk(where) << "' 0x" << std::hex << where.offset << " 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.str().c_str(), "r"), pclose);
  if (!pipe) return false;
  auto readLine = [&](std::string& out) {
    std::array<char, 4096> line{};
    if (!fgets(line.data(), line.size(), pipe.get())) return false;
    out = line.data();
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    // addr2line appends " (discriminator N)" to some lines.
    if (auto pos = out.find(" (discriminator"); pos != std::string::npos) out.resize(pos);
    return true;
  };
  bool found = false, user = false;
  std::string f, l;
  while (readLine(f) && readLine(l)) {
    if (user) continue;
    if (!found || isLoomHeader(location) || isUserSource(l)) {
      function = f;
      location = l;
      found = true;
      user = isUserSource(l);
    }
  }
  return found;
}

}  // namespace

std::string sourceLine(const void* pc) {
  ModuleAddress where;
  std::string function, location;
  if (!locate(pc, where) || !addr2line(where, function, location)) return "";
  if (location.rfind("??", 0) == 0) return "";
  return location;
}

std::string mangledName(const void* code) {
  Dl_info info{};
  if (dladdr(code, &info) && info.dli_sname && info.dli_saddr == code) return info.dli_sname;
  ModuleAddress where;
  if (!locate(code, where)) return "";
  std::ostringstream cmd;
  cmd << "addr2line -f -e '" << onDisk(where) << "' 0x" << std::hex << where.offset << " 2>/dev/null";
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(cmd.str().c_str(), "r"), pclose);
  std::array<char, 4096> line{};
  if (!pipe || !fgets(line.data(), line.size(), pipe.get())) return "";
  std::string name = line.data();
  while (!name.empty() && (name.back() == '\n' || name.back() == '\r')) name.pop_back();
  return name == "??" ? "" : name;
}

std::string functionName(const void* code) {
  Dl_info info{};
  if (dladdr(code, &info) && info.dli_sname && info.dli_saddr == code) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> demangled(
        abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status), std::free);
    return status == 0 ? demangled.get() : info.dli_sname;
  }
  ModuleAddress where;
  std::string function, location;
  if (locate(code, where) && addr2line(where, function, location) && function != "??")
    return function;
  return "?";
}

}  // namespace loom::report
