#include "elf_symbols.h"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>

namespace loom::cc {
namespace {

template <class T>
bool readAt(const std::string& bytes, std::size_t offset, T& out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(&out, bytes.data() + offset, sizeof(T));
  return true;
}

std::string stringAt(const std::string& bytes, const Elf64_Shdr& table, std::size_t index) {
  std::size_t at = table.sh_offset + index;
  if (index >= table.sh_size || at >= bytes.size()) return "";
  return std::string(bytes.c_str() + at, strnlen(bytes.c_str() + at, bytes.size() - at));
}

}  // namespace

std::optional<ElfObject> readElfObject(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Elf64_Ehdr header{};
  if (!in.good() && !in.eof()) {
    error = "cannot read '" + path + "'";
    return std::nullopt;
  }
  if (!readAt(bytes, 0, header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_ident[EI_DATA] != ELFDATA2LSB) {
    error = "'" + path + "' is not an ELF64 object";
    return std::nullopt;
  }
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (!readAt(bytes, header.e_shoff + i * sizeof(Elf64_Shdr), sections[i])) {
      error = "'" + path + "' has a truncated section table";
      return std::nullopt;
    }
  }
  ElfObject object;
  if (header.e_shstrndx < sections.size()) {
    for (const Elf64_Shdr& s : sections) object.sections.push_back(stringAt(bytes, sections[header.e_shstrndx], s.sh_name));
  }
  for (const Elf64_Shdr& table : sections) {
    if (table.sh_type != SHT_SYMTAB || table.sh_link >= sections.size()) continue;
    const Elf64_Shdr& names = sections[table.sh_link];
    for (const Elf64_Shdr& group : sections) {  // a group names its signature by symbol index
      Elf64_Sym s{};
      if (group.sh_type == SHT_GROUP && readAt(bytes, table.sh_offset + group.sh_info * sizeof(Elf64_Sym), s))
        object.groups.push_back(stringAt(bytes, names, s.st_name));
    }
    for (std::size_t at = table.sh_offset + sizeof(Elf64_Sym); at + sizeof(Elf64_Sym) <= table.sh_offset + table.sh_size;
         at += sizeof(Elf64_Sym)) {
      Elf64_Sym s{};
      if (!readAt(bytes, at, s)) break;
      int type = ELF64_ST_TYPE(s.st_info);
      if (type == STT_SECTION || type == STT_FILE) continue;
      ElfSymbol symbol;
      symbol.name = stringAt(bytes, names, s.st_name);
      if (symbol.name.empty()) continue;
      symbol.defined = s.st_shndx != SHN_UNDEF;
      symbol.local = ELF64_ST_BIND(s.st_info) == STB_LOCAL;
      symbol.strong = ELF64_ST_BIND(s.st_info) == STB_GLOBAL;
      symbol.function = type == STT_FUNC || type == STT_GNU_IFUNC;
      object.symbols.push_back(std::move(symbol));
    }
  }
  return object;
}

}  // namespace loom::cc
