#include "report/symbolize.h"

#include <cxxabi.h>
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <vector>

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

namespace {
// The function symbols of a module's static symbol table (.symtab), by address relative to its
// load bias: read once per module, so that a kernel without a dynamic symbol (a template's device
// twin, a program linked without -rdynamic) costs no process per lookup.
const std::map<std::uintptr_t, std::string>& staticFunctionSymbols(const std::string& file) {
  static auto* mutex = new std::mutex;
  static auto* modules = new std::map<std::string, std::map<std::uintptr_t, std::string>>;
  std::lock_guard lock(*mutex);
  auto [it, inserted] = modules->try_emplace(file);
  if (!inserted) return it->second;
  std::ifstream in(file, std::ios::binary);
  std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (image.size() < sizeof(Elf64_Ehdr)) return it->second;
  Elf64_Ehdr header;
  std::memcpy(&header, image.data(), sizeof header);
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64 ||
      header.e_shoff + std::uint64_t(header.e_shnum) * sizeof(Elf64_Shdr) > image.size())
    return it->second;
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  std::memcpy(sections.data(), image.data() + header.e_shoff, sections.size() * sizeof(Elf64_Shdr));
  for (const Elf64_Shdr& table : sections) {
    if (table.sh_type != SHT_SYMTAB || table.sh_link >= sections.size()) continue;
    const Elf64_Shdr& strings = sections[table.sh_link];
    if (table.sh_offset + table.sh_size > image.size() || strings.sh_offset + strings.sh_size > image.size()) continue;
    for (std::uint64_t at = 0; at + sizeof(Elf64_Sym) <= table.sh_size; at += sizeof(Elf64_Sym)) {
      Elf64_Sym symbol;
      std::memcpy(&symbol, image.data() + table.sh_offset + at, sizeof symbol);
      if (ELF64_ST_TYPE(symbol.st_info) != STT_FUNC || symbol.st_value == 0 || symbol.st_name >= strings.sh_size)
        continue;
      const char* name = image.data() + strings.sh_offset + symbol.st_name;
      it->second.emplace(symbol.st_value, std::string(name, strnlen(name, strings.sh_size - symbol.st_name)));
    }
  }
  return it->second;
}

std::string lookUpMangledName(const void* code) {
  Dl_info info{};
  if (dladdr(code, &info) && info.dli_sname && info.dli_saddr == code) return info.dli_sname;
  ModuleAddress where;
  if (!locate(code, where)) return "";
  const auto& symbols = staticFunctionSymbols(onDisk(where));
  auto it = symbols.find(where.offset);
  return it == symbols.end() ? "" : it->second;
}

std::string lookUpFunctionName(const void* code) {
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

// A name once looked up is kept: a kernel without a dynamic symbol (a template's device twin)
// would otherwise cost an addr2line run per block, which racecheck asks for at every block's end.
// Never destroyed: the exit-time report (LOOM_REPORT) names kernels after static destructors ran.
std::string cached(const void* code, std::string (*lookUp)(const void*)) {
  static auto* mutex = new std::mutex;
  static auto* names = new std::map<std::pair<const void*, std::string (*)(const void*)>, std::string>;
  {
    std::lock_guard lock(*mutex);
    auto it = names->find({code, lookUp});
    if (it != names->end()) return it->second;
  }
  std::string name = lookUp(code);
  std::lock_guard lock(*mutex);
  return names->emplace(std::make_pair(code, lookUp), std::move(name)).first->second;
}
}  // namespace

std::string mangledName(const void* code) { return cached(code, lookUpMangledName); }
std::string functionName(const void* code) { return cached(code, lookUpFunctionName); }

}  // namespace loom::report
