// loom-cc's merge of a .cu file's two passes (pass_merge.h), planned from the symbols alone.
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>
#include <utility>

#include "pass_merge.h"

namespace {

using loom::cc::ElfObject;
using loom::cc::ElfSymbol;

ElfSymbol fn(const std::string& name, bool defined = true, bool local = false, bool strong = true) {
  return ElfSymbol{name, defined, local, strong, true};
}
ElfSymbol var(const std::string& name, bool strong = true) { return ElfSymbol{name, true, false, strong, false}; }

template <class List, class Item>
bool has(const List& list, const Item& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

}  // namespace

TEST_CASE("functions both passes define: the device pass's copy is renamed", "[loomcc][merge]") {
  ElfObject device{{fn("_Z2hdv"), fn("_Z6kernelPi"), fn("_Z6inlinev", true, false, false)}, {}, {}};
  ElfObject host{{fn("_Z2hdv"), fn("_Z6kernelPi", false), fn("_Z6inlinev", true, false, false)}, {}, {}};
  auto plan = loom::cc::planMerge(device, host, "u");
  CHECK(has(plan.deviceRenames, std::make_pair(std::string("_Z2hdv"), std::string("_Z2hdv.loomdev"))));
  CHECK(has(plan.deviceRenames, std::make_pair(std::string("_Z6inlinev"), std::string("_Z6inlinev.loomdev"))));
  // The kernel is the host pass's reference: it keeps its name.
  CHECK(plan.deviceRenames.size() == 2);
  CHECK(plan.hostWeakened.empty());
}

TEST_CASE("variables both passes define are one: the host pass's becomes weak", "[loomcc][merge]") {
  ElfObject device{{var("counter"), var("_ZTV3Foo")}, {}, {}};
  ElfObject host{{var("counter"), var("_ZTV3Foo")}, {}, {}};
  auto plan = loom::cc::planMerge(device, host, "u");
  CHECK(plan.hostWeakened == std::vector<std::string>{"counter"});
  // A vtable follows the functions it points to.
  CHECK(has(plan.deviceRenames, std::make_pair(std::string("_ZTV3Foo"), std::string("_ZTV3Foo.loomdev"))));
}

TEST_CASE("kernels with internal linkage are bridged under a unique name", "[loomcc][merge]") {
  ElfObject device{{fn("_ZL1kPi", true, true), fn("_ZN12_GLOBAL__N_12akEPi", true, true)}, {}, {}};
  ElfObject host{{fn("_Z1kPi", false), fn("_ZN12_GLOBAL__N_12akEPi", false)}, {}, {}};
  auto plan = loom::cc::planMerge(device, host, "abc");
  CHECK(has(plan.deviceRenames, std::make_pair(std::string("_ZL1kPi"), std::string("_Z1kPi.loom.abc"))));
  CHECK(has(plan.hostRenames, std::make_pair(std::string("_Z1kPi"), std::string("_Z1kPi.loom.abc"))));
  CHECK(has(plan.deviceGlobals, std::string("_Z1kPi.loom.abc")));
  CHECK(has(plan.deviceRenames, std::make_pair(std::string("_ZN12_GLOBAL__N_12akEPi"),
                                               std::string("_ZN12_GLOBAL__N_12akEPi.loom.abc"))));
}

TEST_CASE("group signatures of alias groups and the device pass's initializers", "[loomcc][merge]") {
  ElfObject device{{fn("_ZN1SD1Ev", true, false, false), fn("_ZN1SD2Ev", true, false, false)},
                   {".text", ".init_array", ".rela.init_array"},
                   {"_ZN1SD5Ev"}};
  ElfObject host{{fn("_ZN1SD1Ev", true, false, false)}, {".text", ".init_array"}, {"_ZN1SD5Ev"}};
  auto plan = loom::cc::planMerge(device, host, "u");
  CHECK(has(plan.deviceRenames, std::make_pair(std::string("_ZN1SD5Ev"), std::string("_ZN1SD5Ev.loomdev"))));
  CHECK(plan.deviceDroppedSections == std::vector<std::string>{".init_array", ".rela.init_array"});
}
