// File-name helpers and the location of the running executable.
#pragma once

#include <string>
#include <string_view>

namespace loom::cc {

// "dir/x.cu" -> "x.cu"
std::string_view baseName(std::string_view path);

// "dir/x.cu" -> "dir"; "x.cu" -> "."
std::string dirName(std::string_view path);

// "dir/x.cu" -> "x"; "dir/x.tar.gz" -> "x.tar"
std::string stem(std::string_view path);

// "obj/x.o" -> "obj/x.d": the path with its last suffix replaced.
std::string replaceSuffix(std::string_view path, std::string_view suffix);

// The absolute path of this executable (symbolic links resolved), or `argv0` if it cannot be found.
std::string executablePath(const char* argv0);

}  // namespace loom::cc
