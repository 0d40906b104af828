#include "option_values.h"

#include <stdexcept>

namespace loom::cli {

void requireOneOf(const std::string& option, const std::string& value, std::initializer_list<const char*> allowed) {
  for (const char* a : allowed)
    if (value == a) return;
  std::string list;
  for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
  throw std::invalid_argument(option + " " + value + ": expected one of " + list);
}

}  // namespace loom::cli
