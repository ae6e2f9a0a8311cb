// analysis/target_architecture: the device the access analysis models (the
// target), from its roofs file: its compute units, cache line and detected
// cache capacities, and a small table of what the roofs cannot say (sub-group
// width, local-memory banks, how work-groups share a compute unit), by device
// family. The sources of the table are in target_architecture.cpp.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/roofs.hpp"

namespace roofline {

struct TargetArchitecture {
  std::string family;                 // the table row that matched: "NVIDIA GPU", "AMD GPU", "Intel GPU", "CPU", "GPU"
  std::uint32_t sub_group = 32;       // work-items that access memory in one step
  std::uint32_t request_bytes = 128;  // the line one request step reads whole (the roofs file's cache line)
  std::uint32_t sector_bytes = 32;    // what a miss moves between levels
  std::uint32_t banks = 32, bank_bytes = 4;  // local memory; banks 0: local memory is cached memory like global
  bool local_on_l1_path = true;       // local and L1 accesses share one data path: their times add
  bool groups_in_lockstep = true;     // resident groups advance together (a GPU); see analysis/access_walk.hpp
  bool l1_write_through = true;
  // A GPU's coalescer serves a sub-group step's accesses to one line with one
  // request. A CPU's lanes load alone unless PoCL vectorized the loop, so its
  // first level serves at least the bytes asked in each step.
  bool lanes_share_requests = true;
  std::uint32_t compute_units = 1;
  std::uint32_t resident_groups = 1;  // groups one compute unit runs at once
  struct Cache {
    std::string name;                 // the roofs' level name
    double capacity_bytes = 0;
    bool shared = false;
  };
  std::vector<Cache> caches;          // nearest first; DRAM is past the last
};

// The target of `roofs`' device, for groups of `group_size` items that use
// `local_bytes` of local memory each (which limits the resident groups).
TargetArchitecture target_architecture(const RoofsDocument& roofs, std::uint64_t group_size, std::uint64_t local_bytes);

}  // namespace roofline
