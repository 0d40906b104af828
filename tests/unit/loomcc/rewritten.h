// What the loom-cc rewrite tests share: the rewritten text of an input that must rewrite
// without diagnostics.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "rewrite.h"

namespace loom::cc::test {

inline std::string rewritten(const std::string& in) {
  auto r = rewriteCuda(in);
  INFO("input: " << in);
  REQUIRE(r.ok());
  return r.text;
}

}  // namespace loom::cc::test
