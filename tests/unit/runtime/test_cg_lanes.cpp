// The lane arithmetic of Loom's cooperative groups (ranks within a lane mask, rank-indexed
// ballots, tiles and partitions of coalesced groups), worked out by hand.
#include <catch2/catch.hpp>

#include "loom/device/cooperative_groups/thread_group.h"

using namespace loom::device::cg;

TEST_CASE("ranks and lanes of a coalesced group") {
  const unsigned lanes = 0x49249249u;  // lanes 0, 3, ..., 30: 11 members
  CHECK(rankIn(lanes, 0) == 0);
  CHECK(rankIn(lanes, 9) == 3);
  CHECK(rankIn(lanes, 30) == 10);
  CHECK(laneOfRank(lanes, 4) == 12);
  CHECK(laneOfRank(lanes, 11) == -1);
  CHECK(laneOfRank(0xffffffffu, 31) == 31);
}

TEST_CASE("ballots are re-indexed by rank") {
  const unsigned lanes = 0x49249249u;
  CHECK(packToRanks(0x00000009u, lanes) == 0x3u);      // lanes 0 and 3: ranks 0 and 1
  CHECK(packToRanks(0xffffffffu, lanes) == 0x7ffu);
  CHECK(packToRanks(0x40000000u, lanes) == 0x400u);    // lane 30: rank 10
  CHECK(packToRanks(0x12345678u, 0xffffffffu) == 0x12345678u);
}

TEST_CASE("tile masks and partitions of coalesced groups") {
  CHECK(tileMask(8, 13) == 0x0000ff00u);
  CHECK(tileMask(1, 7) == 0x00000080u);
  CHECK(tileMask(32, 5) == 0xffffffffu);
  CHECK(validTileSize(16));
  CHECK_FALSE(validTileSize(12));
  CHECK_FALSE(validTileSize(64));
  using cooperative_groups::loom_detail::partitionLanes;
  const unsigned lanes = 0x49249249u;
  CHECK(partitionLanes(lanes, 5, 4) == ((1u << 12) | (1u << 15) | (1u << 18) | (1u << 21)));
  CHECK(partitionLanes(lanes, 9, 4) == ((1u << 24) | (1u << 27) | (1u << 30)));  // last, partial
}
