// Checks of option values that loom-sanitizer and loom-ncu share, worded as compute-sanitizer and
// ncu word them; each throws std::invalid_argument with the message for the user.
#pragma once

#include <initializer_list>
#include <string>

namespace loom::cli {

// `value` must be one of `allowed`: else "OPTION VALUE: expected one of a, b, c".
void requireOneOf(const std::string& option, const std::string& value, std::initializer_list<const char*> allowed);

}  // namespace loom::cli
