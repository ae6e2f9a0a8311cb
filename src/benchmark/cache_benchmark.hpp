// benchmark/cache_benchmark: the memory hierarchy as CARM sees it, from
// kernels/memory.cl: a bandwidth curve over the working set (load-only), a
// pointer-chase latency curve, the levels detected on them, each level's
// read, store and load/store roofs, and local and constant memory roofs.
#pragma once
#include <string>
#include <vector>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "model/roofs.hpp"

namespace roofline {

struct MemoryHierarchy {
  MemoryCurves curves;
  // Per cache level its read, store, copy (and image) roofs, then the first
  // level's read roof at every type and width, local and constant memory.
  std::vector<MeasuredCeiling> ceilings;
};

// `override_path`: a level override file (see model/levels.hpp), empty for
// change-point detection. Throws WrongResult when a kernel's output is wrong.
// `with_replays`: each cache level's read roof comes with its replay (for power).
MemoryHierarchy measure_memory_hierarchy(Session& session, const std::string& override_path, bool with_replays = false);

}  // namespace roofline
