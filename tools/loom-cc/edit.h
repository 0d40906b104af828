// A replacement of a byte range of the preprocessed text, and applying a set of them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace loom::cc {

struct Edit {
  std::size_t begin;
  std::size_t end;
  std::string replacement;
};

// Applies non-overlapping edits (in any order). An edit that overlaps the one before it is clipped
// to start where that one ended, so a bug in a recognizer cannot duplicate text. Insertions at the
// offset where a replacement begins come before it, in the order they were made.
std::string applyEdits(std::string_view text, std::vector<Edit> edits);

}  // namespace loom::cc
