// `loom-diff source`: ncu's correlated source page against loom-ncu's, line by line (source_diff.h).
#include <catch2/catch.hpp>

#include <string>

#include "source_diff.h"

namespace {

// ncu's layout: CUDA rows with a line number, each followed by its SASS rows (no line number).
const std::string kDevice =
    "==PROF== Disconnected from process 1\n"
    "\"File Path\",\"/x/k.cu\"\n"
    "\"Function Name\",\"k(int *)\"\n"
    "\"Line No\",\"Source\",\"Address\",\"Source\",\"L1 Wavefronts Shared\",\"L2 Theoretical Sectors Global\"\n"
    "\"7\",\"s[t] = g[t];\",\"-\",\"-\",\"32\",\"128\"\n"
    "\"\",\"\",\"0x10\",\"      LDG.E R1, desc[UR4][R2.64]\",\"0\",\"128\"\n"
    "\"9\",\"out[t] = s[31 - t];\",\"-\",\"-\",\"64\",\"128\"\n";

std::string loomPage(const std::string& line9Wavefronts) {
  return "\"File Path\",\"/y/k.cu\"\n\"Function Name\",\"k(int *)\"\n"
         "\"Line No\",\"Source\",\"L1 Wavefronts Shared\",\"L2 Theoretical Sectors Global\"\n"
         "\"7\",\"s[t] = g[t];\",\"32\",\"128\"\n"
         "\"9\",\"out[t] = s[31 - t];\",\"" + line9Wavefronts + "\",\"128\"\n";
}

}  // namespace

TEST_CASE("loom-diff source: each line's value in Loom's columns, SASS rows left out", "[loomdiff][source]") {
  auto same = loom::validate::diffSourcePages(kDevice, loomPage("64"), "");
  CHECK(same.functions == 1);
  CHECK(same.values == 4);
  CHECK(same.exact == 4);
  CHECK(same.ok());
  auto differs = loom::validate::diffSourcePages(kDevice, loomPage("32"), "");
  CHECK(differs.unexpected == 1);
  CHECK_FALSE(differs.ok());
  CHECK(differs.lines.front() == "0 k(int *) line 9 L1 Wavefronts Shared: device 64, loom 32 (unexpected)");
  CHECK(loom::validate::diffSourcePages(kDevice, loomPage("32"), "0 9 L1 Wavefronts Shared  # merged\n").ok());
  CHECK_FALSE(loom::validate::diffSourcePages(kDevice, "", "").ok());  // no function to compare
}
