// What the loom-cc rewrite tests share: the rewritten text of an input that must rewrite
// without diagnostics, by the whole rewrite or by one of its recognizers alone.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "edit.h"
#include "lexer.h"
#include "rewrite.h"

namespace loom::cc::test {

inline std::string rewritten(const std::string& in) {
  auto r = rewriteCuda(in);
  INFO("input: " << in);
  REQUIRE(r.ok());
  return r.text;
}

// `in` with only the edits of `find(text, tokens, edits)`: a recognizer's test need not spell
// out what the others insert (every `if` gets a reconvergence marker).
template <class Find>
std::string rewrittenBy(Find find, const std::string& in) {
  std::vector<Token> tokens = lex(in);
  std::vector<Edit> edits;
  find(std::string_view(in), tokens, edits);
  return applyEdits(in, std::move(edits));
}

// The n-th region declaration of a translation unit (reconvergence.h), and a statement wrapped as
// the n-th region.
inline std::string region(int n) {
  return "[[maybe_unused, gnu::cleanup(__loom_leave_region)]] int loom_region_" + std::to_string(n) +
         " = ::loom::device::enterRegion();";
}
inline std::string openRegion(int n) { return "{ " + region(n) + " "; }

}  // namespace loom::cc::test
