// The unit tests' view of isa/table: every row as a host computation of its isa/ function over
// the row's sweep inputs, encoded exactly as the nvcc probe stores the device's results.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "isa/table/sweep_inputs.h"

namespace loom::isa::table_test {

struct RowCheck {
  std::string family;
  std::string id;
  int arity;
  sweep::Domain domains[3];
  size_t storeSize;
  std::string dtype;
  // Computes the row on args[k][0..n) into out (n * storeSize bytes).
  void (*compute)(const std::vector<uint64_t>* args, int n, std::vector<unsigned char>& out);
};

// Every row of every .def family, in table order.
const std::vector<RowCheck>& allRows();

}  // namespace loom::isa::table_test
