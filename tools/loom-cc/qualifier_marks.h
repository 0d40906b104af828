// How CUDA's execution-space qualifiers look in preprocessed text. loom/core/qualifiers.h expands
// each to a GNU attribute that means nothing to g++ but that loom-cc can tell apart:
//   __global__  `__attribute__(())`     (kernel_declarations.h)
//   __device__  `__attribute__((,))`
//   __host__    `__attribute__((,,))`
//   __constant__ `__attribute__((,,,))`
// Valid wherever CUDA allows the qualifier: before a declaration, after a lambda's introducer.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace loom::cc {

enum class QualifierMark { None, Global, Device, Host, Constant };

// The qualifier whose mark starts at tokens[i], if one does.
QualifierMark qualifierMark(std::string_view text, const std::vector<Token>& tokens, std::size_t i);

}  // namespace loom::cc
