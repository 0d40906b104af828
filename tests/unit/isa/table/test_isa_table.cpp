// Every isa/table row against the H100's record: the row's sweep inputs are regenerated
// (isa/table/sweep_inputs.h), its isa/ function computed on the host, and the result compared
// bit for bit with what validate/sweeps/isa recorded on the device
// (validate/results/h100-sm90/isa.<family>/outputs/<id>.<dtype>.gz). A row without a record
// fails: nothing is listed in the table without a device record. Known divergences (the
// "isa.<family> output:<id> <differing>/<total>" entries of
// validate/results/h100-sm90/known_divergences.txt, the file loom-diff reads for the same
// records) may differ in at most their listed number of inputs, and fail if they differ in more.
//
// LOOM_ISA_TABLE_REPORT=1 prints every row's bit-exact rate; LOOM_ISA_TABLE_DUMP=<id> prints
// that row's first 40 differences (arguments, device, Loom).
#include <zlib.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "isa_rows.h"

using loom::isa::table_test::allRows;
using loom::isa::table_test::RowCheck;

namespace {

const std::string kResults = std::string(LOOM_SOURCE_DIR) + "/validate/results/h100-sm90/";

// Reads a gzip'd (or plain, when no .gz exists) record file; false when neither exists.
bool readRecord(const std::string& path, std::vector<unsigned char>& bytes) {
  gzFile f = gzopen((path + ".gz").c_str(), "rb");
  if (f == nullptr) f = gzopen(path.c_str(), "rb");  // zlib reads plain files too
  if (f == nullptr) return false;
  bytes.clear();
  unsigned char buffer[65536];
  int got = 0;
  while ((got = gzread(f, buffer, sizeof buffer)) > 0) bytes.insert(bytes.end(), buffer, buffer + got);
  gzclose(f);
  return got == 0;
}

// The isa entries of loom-diff's known-divergence file, "isa.<family> output:<id> <differing>/<total>
// <reason>": family/id -> how many inputs the row may get wrong.
std::map<std::string, long> knownDivergences() {
  std::map<std::string, long> known;
  std::ifstream in(kResults + "known_divergences.txt");
  REQUIRE(in.good());
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string suite, what, rate;
    if (!(fields >> suite >> what >> rate) || suite.rfind("isa.", 0) != 0 || what.rfind("output:", 0) != 0) continue;
    known[suite + "/" + what.substr(7)] = std::stol(rate.substr(0, rate.find('/')));
  }
  return known;
}

// The result word of `size` bytes at byte `at` of an output buffer, zero-extended.
uint64_t wordAt(const std::vector<unsigned char>& buffer, size_t at, size_t size) {
  uint64_t word = 0;
  std::memcpy(&word, &buffer[at], size);
  return word;
}

void checkFamily(const std::string& family) {
  const auto known = knownDivergences();
  const bool report = std::getenv("LOOM_ISA_TABLE_REPORT") != nullptr;
  const int n = loom::isa::sweep::kInputCount;
  long rows = 0, inputs = 0, exactInputs = 0;
  for (const RowCheck& row : allRows()) {
    if (row.family != family) continue;
    ++rows;
    std::vector<uint64_t> args[3];
    loom::isa::sweep::generate(row.id.c_str(), row.arity, row.domains, n, args);
    std::vector<unsigned char> got;
    row.compute(args, n, got);
    std::vector<unsigned char> recorded;
    // A ".ftz" family's record holds only the buffers that differ from the default build's.
    std::string path = kResults + "isa." + family + "/outputs/" + row.id + "." + row.dtype;
    const size_t variant = family.find('.');
    if (variant != std::string::npos && !readRecord(path, recorded))
      path = kResults + "isa." + family.substr(0, variant) + "/outputs/" + row.id + "." + row.dtype;
    INFO("row " << row.id << ", record " << path);
    REQUIRE(readRecord(path, recorded));
    REQUIRE(recorded.size() == got.size());
    long mismatches = 0;
    int first = -1;
    const char* dump = std::getenv("LOOM_ISA_TABLE_DUMP");
    const bool dumpThis = dump != nullptr && (row.id == dump || family + "/" + row.id == dump);
    for (int i = 0; i < n; ++i) {
      const size_t at = row.storeSize * static_cast<size_t>(i);
      if (std::memcmp(&got[at], &recorded[at], row.storeSize) != 0) {
        if (first < 0) first = i;
        if (dumpThis && mismatches < 40) {
          const uint64_t want = wordAt(recorded, at, row.storeSize), have = wordAt(got, at, row.storeSize);
          std::printf("%s #%d:", row.id.c_str(), i);
          for (int k = 0; k < row.arity; ++k)
            std::printf(" %#llx", static_cast<unsigned long long>(args[k][static_cast<size_t>(i)]));
          std::printf(" -> device %#llx loom %#llx\n", static_cast<unsigned long long>(want),
                      static_cast<unsigned long long>(have));
        }
        ++mismatches;
      }
    }
    inputs += n;
    exactInputs += n - mismatches;
    if (report || mismatches != 0) {
      std::printf("isa.%s %-26s %6.2f%% bit-exact (%ld of %d differ)\n", family.c_str(),
                  row.id.c_str(), 100.0 * (n - mismatches) / n, mismatches, n);
    }
    if (mismatches != 0) {
      const size_t at = row.storeSize * static_cast<size_t>(first);
      const uint64_t want = wordAt(recorded, at, row.storeSize), have = wordAt(got, at, row.storeSize);
      std::ostringstream where;
      where << "first difference at input " << first << ": args";
      for (int k = 0; k < row.arity; ++k) where << " 0x" << std::hex << args[k][first];
      where << " device 0x" << std::hex << want << " loom 0x" << have;
      INFO(where.str());
      const auto allowed = known.find("isa." + family + "/" + row.id);
      CHECK(mismatches <= (allowed == known.end() ? 0 : allowed->second));
    }
  }
  std::printf("isa.%s: %ld rows, %.4f%% of %ld inputs bit-exact\n", family.c_str(), rows,
              100.0 * static_cast<double>(exactInputs) / static_cast<double>(inputs ? inputs : 1),
              inputs);
  CHECK(rows > 0);
}

}  // namespace

TEST_CASE("isa table: integer intrinsics match the H100 bit for bit", "[isa][table]") {
  checkFamily("int");
}
TEST_CASE("isa table: SIMD video intrinsics match the H100 bit for bit", "[isa][table]") {
  checkFamily("simd");
}
TEST_CASE("isa table: DPX intrinsics match the H100 bit for bit", "[isa][table]") {
  checkFamily("dpx");
}
TEST_CASE("isa table: rounding-mode float/double intrinsics match the H100", "[isa][table]") {
  checkFamily("float_round");
}
TEST_CASE("isa table: conversions match the H100 bit for bit", "[isa][table]") {
  checkFamily("convert");
}
TEST_CASE("isa table: float intrinsics under -ftz=true match the H100", "[isa][table]") {
  checkFamily("float_round.ftz");
}
TEST_CASE("isa table: conversions under -ftz=true match the H100", "[isa][table]") {
  checkFamily("convert.ftz");
}
TEST_CASE("isa table: cuda_fp16.h operations match the H100 bit for bit", "[isa][table]") {
  checkFamily("half");
}
TEST_CASE("isa table: cuda_bf16.h operations match the H100 bit for bit", "[isa][table]") {
  checkFamily("bfloat16");
}
