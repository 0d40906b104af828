// racecheck's global-memory detector (check/sanitizer/global_races.h) driven with hand-made
// access sequences: which cross-block pairs fences, atomics and kernel boundaries order.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <thread>

#include "check/sanitizer/global_races.h"
#include "report.h"
#include "verdict.h"

using namespace loom::check::sanitizer;

namespace {

// Distinct code addresses to stand for the source sites of the accesses.
void siteA() {}
void siteB() {}
void siteC() {}
const void* const kWriteSite = reinterpret_cast<const void*>(&siteA);
const void* const kReadSite = reinterpret_cast<const void*>(&siteB);
const void* const kAtomicSite = reinterpret_cast<const void*>(&siteC);

struct Launch {
  GlobalRaceDetector detector;
  alignas(64) std::array<std::uint32_t, 64> memory{};
  BlockClock block[4];

  Launch() {
    REQUIRE(detector.watch(reinterpret_cast<std::uintptr_t>(memory.data()), sizeof memory));
    begin();
  }
  void begin() {
    detector.beginLaunch(uint3{4, 1, 1});
    for (std::uint32_t b = 0; b < 4; ++b) block[b].begin(b);
  }
  std::uintptr_t at(int word) { return reinterpret_cast<std::uintptr_t>(&memory[static_cast<std::size_t>(word)]); }
  void write(int b, int word) { detector.access(block[b], at(word), 4, true, kWriteSite, uint3{0, 0, 0}); }
  void read(int b, int word) { detector.access(block[b], at(word), 4, false, kReadSite, uint3{0, 0, 0}); }
  void fence(int b) { detector.fence(block[b]); }
  // Volatile accesses: the PTX model's strong relaxed ones.
  void volatileWrite(int b, int word) {
    detector.access(block[b], at(word), 4, true, kAtomicSite, uint3{0, 0, 0}, true);
  }
  void volatileRead(int b, int word) {
    detector.access(block[b], at(word), 4, false, kReadSite, uint3{0, 0, 0}, true);
  }
  void atomic(int b, int word) {
    bool released = detector.atomicBefore(block[b], at(word), 4, false);
    detector.atomicAfter(block[b], at(word), true, released, kAtomicSite, uint3{0, 0, 0});
  }
  // "first kind|second kind" of each finding, and its hazard count.
  std::multiset<std::string> races(std::vector<std::uint64_t>* counts = nullptr) {
    std::multiset<std::string> kinds;
    for (const Finding& f : detector.endLaunch("k")) {
      CHECK(f.kind == "race_global");
      CHECK(f.space == "global");
      auto second = f.detail.find('|', f.detail.find('|') + 1);
      kinds.insert(f.detail.substr(0, second));
      if (counts) {
        auto countBegin = f.detail.find('|', second + 1) + 1;
        counts->push_back(std::stoull(f.detail.substr(countBegin, f.detail.find('|', countBegin) - countBegin)));
      }
    }
    return kinds;
  }
};

}  // namespace

TEST_CASE("global races: an unordered write and read of two blocks race, whichever ran first", "[sanitizer][racecheck]") {
  Launch serial;  // block 0 runs to its end, then block 1: ordered in time, not by the program
  serial.write(0, 3);
  serial.read(1, 3);
  CHECK(serial.races() == std::multiset<std::string>{"Write|Read"});

  Launch reversed;
  reversed.read(1, 3);
  reversed.write(0, 3);
  CHECK(reversed.races() == std::multiset<std::string>{"Read|Write"});

  Launch sameBlock;  // within a block, program and barrier order are assumed
  sameBlock.write(2, 3);
  sameBlock.read(2, 3);
  sameBlock.write(2, 3);
  CHECK(sameBlock.races().empty());

  Launch readers;  // reads never race with reads
  readers.read(0, 3);
  readers.read(1, 3);
  readers.read(2, 3);
  CHECK(readers.races().empty());
}

TEST_CASE("global races: the verdict does not depend on how the blocks interleaved", "[sanitizer][racecheck]") {
  // Block 0 writes word 1 and releases through word 0; block 1 acquires, reads word 1 (ordered),
  // and writes word 2, which block 2 reads without any synchronisation (a race).
  auto block0 = [](Launch& l) {
    l.write(0, 1);
    l.fence(0);
    l.atomic(0, 0);
  };
  auto block1 = [](Launch& l) {
    l.atomic(1, 0);
    l.read(1, 1);
    l.write(1, 2);
  };
  auto block2 = [](Launch& l) { l.read(2, 2); };
  Launch serial;
  block0(serial);
  block1(serial);
  block2(serial);
  Launch parallel;  // block 2 first, then 0 and 1 interleaved as two workers might run them
  block2(parallel);
  parallel.write(0, 1);
  parallel.fence(0);
  parallel.atomic(0, 0);
  parallel.atomic(1, 0);
  parallel.read(1, 1);
  parallel.write(1, 2);
  // The same pair of accesses, found in the order each run met them.
  CHECK(serial.races() == std::multiset<std::string>{"Write|Read"});
  CHECK(parallel.races() == std::multiset<std::string>{"Read|Write"});
}

TEST_CASE("global races: a fence then an atomic releases what came before to an acquiring atomic", "[sanitizer][racecheck]") {
  Launch l;  // seed 000's last-block sum: partial, __threadfence, atomicInc; the last block reads all
  for (int b = 0; b < 3; ++b) {
    l.write(b, 8 + b);
    l.fence(b);
    l.atomic(b, 0);
  }
  l.atomic(3, 0);
  for (int b = 0; b < 3; ++b) l.read(3, 8 + b);
  l.write(3, 8);  // the total over the first partial: ordered after block 0's write too
  CHECK(l.races().empty());
}

TEST_CASE("global races: an atomic without a fence orders nothing", "[sanitizer][racecheck]") {
  Launch l;
  l.write(0, 5);
  l.atomic(0, 0);  // no __threadfence before it
  l.atomic(1, 0);
  l.read(1, 5);
  CHECK(l.races() == std::multiset<std::string>{"Write|Read"});
}

TEST_CASE("global races: an atomic covers the word's earlier atomics, however two workers overlap them", "[sanitizer][racecheck]") {
  // Seed 000's last-block sum resets its counter with a plain store after its atomicInc saw the
  // last count: coherence orders every earlier atomicInc of the word before that store.
  Launch serial;
  serial.fence(0);
  serial.atomic(0, 0);
  serial.atomic(1, 0);
  serial.write(1, 0);  // count = 0
  CHECK(serial.races().empty());

  // On two workers, block 1's atomic may observe block 0's while block 0 is still between its
  // halves. Block 0 holds the word's shadow across its operation, so block 1's atomic waits
  // until block 0's shadow is written, and its store finds block 0's atomic before it (left
  // unlocked, the store would meet block 0's atomic written after it: a race depending on timing).
  Launch overlapped;
  overlapped.fence(0);
  bool released = overlapped.detector.atomicBefore(overlapped.block[0], overlapped.at(0), 4, false);
  std::thread block1([&] {
    overlapped.atomic(1, 0);
    overlapped.write(1, 0);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // block 1 reaches its atomic
  overlapped.detector.atomicAfter(overlapped.block[0], overlapped.at(0), true, released, kAtomicSite, uint3{0, 0, 0});
  block1.join();
  CHECK(overlapped.races().empty());

  // A fault between the halves abandons the block: its held shadow is let go, and the next
  // atomic of the word does not wait forever.
  Launch faulted;
  faulted.detector.atomicBefore(faulted.block[0], faulted.at(0), 8, false);  // two words
  CHECK(faulted.block[0].heldCount == 2);
  GlobalRaceDetector::releaseHeld(faulted.block[0]);
  CHECK(faulted.block[0].heldCount == 0);
  faulted.atomic(1, 1);
  faulted.write(1, 1);
  CHECK(faulted.races().empty());
}

TEST_CASE("global races: a release covers only what the block did before its fence", "[sanitizer][racecheck]") {
  Launch after;
  after.fence(0);
  after.atomic(0, 0);
  after.write(0, 6);  // after the release
  after.atomic(1, 0);
  after.read(1, 6);
  CHECK(after.races() == std::multiset<std::string>{"Write|Read"});

  // A spin lock whose unlock has no fence of its own: the fence after the lock's acquiring
  // atomicCAS does not release the critical section that follows it (seed 001 fences twice).
  Launch lock;
  lock.atomic(0, 0);  // acquire
  lock.fence(0);
  lock.write(0, 6);   // *pSum += ...
  lock.atomic(0, 0);  // release: atomicExch(lock, 0)
  lock.atomic(1, 0);
  lock.fence(1);
  lock.read(1, 6);
  CHECK(lock.races() == std::multiset<std::string>{"Write|Read"});

  Launch fenced;  // the same with the release fence
  fenced.atomic(0, 0);
  fenced.fence(0);
  fenced.write(0, 6);
  fenced.fence(0);
  fenced.atomic(0, 0);
  fenced.atomic(1, 0);
  fenced.fence(1);
  fenced.read(1, 6);
  fenced.write(1, 6);
  CHECK(fenced.races().empty());
}

TEST_CASE("global races: fence-fence synchronization through a volatile flag", "[sanitizer][racecheck]") {
  // The CUDA guide's message passing: the producer writes the data, __threadfence(), sets a
  // volatile flag; the consumer spins on the flag, __threadfence(), reads the data. The PTX model
  // orders the data by the two fences (the flag's accesses are strong, so they do not race).
  auto run = [](bool producerFence, bool consumerFence, bool consumerFirst) {
    Launch l;
    auto produce = [&] {
      l.write(0, 9);
      if (producerFence) l.fence(0);
      l.volatileWrite(0, 1);
    };
    if (!consumerFirst) produce();
    l.volatileRead(1, 1);  // the consumer's spin: reads before the flag is set take nothing
    if (consumerFirst) {
      produce();
      l.volatileRead(1, 1);
    }
    if (consumerFence) l.fence(1);
    l.read(1, 9);
    return l.races();
  };
  for (bool consumerFirst : {false, true}) {
    CHECK(run(true, true, consumerFirst).empty());
    // No producer fence: the flag is a plain write, data and flag race with their readers.
    CHECK(run(false, true, consumerFirst) == std::multiset<std::string>{"Write|Read", "Write|Read"});
    // No consumer fence: the flag's load observed the release, nothing acquired it.
    CHECK(run(true, false, consumerFirst) == std::multiset<std::string>{"Write|Read"});
  }

  // The load's hook runs before the load: a release between the two is what the load may read,
  // so the fence acquires the flag's clock as it is at the fence (two workers, racing).
  Launch window;
  window.volatileRead(1, 1);  // the consumer's hook
  window.write(0, 9);
  window.fence(0);
  window.volatileWrite(0, 1);  // the producer's release, before the consumer's load reads 1
  window.fence(1);
  window.read(1, 9);
  CHECK(window.races().empty());

  // The release covers what came before the fence only, and an atomic acquires it too.
  Launch late;
  late.fence(0);
  late.write(0, 9);  // after the fence
  late.volatileWrite(0, 1);
  late.atomic(1, 1);
  late.read(1, 9);
  CHECK(late.races() == std::multiset<std::string>{"Write|Read"});

  // A plain write still races with a volatile read, and a volatile write after a fence with a
  // plain read; volatile accesses of two blocks on their own never race.
  Launch mixed;
  mixed.write(0, 3);
  mixed.volatileRead(1, 3);
  mixed.fence(2);
  mixed.volatileWrite(2, 4);
  mixed.read(3, 4);
  mixed.fence(0);
  mixed.volatileWrite(0, 5);
  mixed.fence(1);
  mixed.volatileWrite(1, 5);
  mixed.volatileRead(2, 5);
  CHECK(mixed.races() == std::multiset<std::string>{"Write|Read", "Atomic|Read"});
}

TEST_CASE("global races: atomics never race with atomics, but with plain accesses", "[sanitizer][racecheck]") {
  Launch atomics;
  atomics.atomic(0, 4);
  atomics.atomic(1, 4);
  atomics.atomic(2, 4);
  CHECK(atomics.races().empty());

  Launch mixed;  // the seed 002 neighbour list's `d_NN[n1] = 0` against other blocks' atomicAdd
  mixed.atomic(0, 4);
  mixed.write(1, 4);
  CHECK(mixed.races() == std::multiset<std::string>{"Atomic|Write"});

  Launch lastWriter;  // the last block's reset after its own atomic observed every other one
  lastWriter.atomic(0, 4);
  lastWriter.atomic(1, 4);
  lastWriter.write(1, 4);
  CHECK(lastWriter.races().empty());
}

TEST_CASE("global races: a kernel boundary orders everything; a pair is reported once", "[sanitizer][racecheck]") {
  Launch l;
  l.write(0, 7);
  l.read(1, 7);
  l.read(2, 7);
  l.read(3, 7);
  std::vector<std::uint64_t> counts;
  CHECK(l.races(&counts) == std::multiset<std::string>{"Write|Read"});
  CHECK(counts == std::vector<std::uint64_t>{3});

  l.begin();  // the next launch: what the last one did is ordered before it
  l.read(1, 7);
  l.write(2, 7);
  CHECK(l.races() == std::multiset<std::string>{"Read|Write"});

  l.begin();  // the same pair of sites again: counted, not reported again
  l.write(0, 7);
  l.read(1, 7);
  CHECK(l.races().empty());
}

TEST_CASE("vector clock: join is the pointwise maximum", "[sanitizer][racecheck]") {
  VectorClock a, b;
  a.set(1, 5);
  a.set(7, 2);
  b.set(0, 3);
  b.set(7, 4);
  b.set(9, 1);
  a.join(b);
  CHECK(a.size() == 4);
  CHECK(a.get(0) == 3);
  CHECK(a.get(1) == 5);
  CHECK(a.get(7) == 4);
  CHECK(a.get(9) == 1);
  CHECK(a.get(2) == 0);
}

TEST_CASE("global races: printed as a race with a global-memory line, its own verdict class", "[sanitizer][racecheck]") {
  Finding global;
  global.kind = "race_global";
  global.kernel = "both(int*, int*)";
  global.location = "/src/race_global_raw.cu:9";
  global.space = "global";
  global.block = {0, 0, 0};
  global.address = 0x7f0000001000;
  global.detail = "Read|Write|/src/race_global_raw.cu:8|1|(1,0,0)";
  Finding shared;
  shared.kind = "race";
  shared.kernel = "k(int*)";
  shared.location = "/src/race_shared_raw.cu:7";
  shared.space = "shared";
  shared.detail = "Write|Read|/src/race_shared_raw.cu:8|32";
  loom::sanitizer::Options o;
  o.tool = "racecheck";
  auto r = loom::sanitizer::formatReport({nlohmann::json::parse(toJson(global)), nlohmann::json::parse(toJson(shared))}, o);
  CHECK(r.errors == 2);
  CHECK_THAT(r.text, Catch::Contains("========= Error: Race reported between Read access at both(int*, int*) in race_global_raw.cu:9\n"
                                     "=========     and Write access at both(int*, int*) in race_global_raw.cu:8 [1 hazards]\n"
                                     "=========     in global memory at 0x7f0000001000, between blocks (1,0,0) and (0,0,0)\n"));
  CHECK(loom::sanitizer::verdictClasses(r.text) ==
        std::set<std::string>{"Error: global race", "Error: race", "findings: some"});
}
