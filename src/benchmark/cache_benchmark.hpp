// benchmark/cache_benchmark: the memory hierarchy as CARM sees it, from
// kernels/memory.cl: a bandwidth curve over the working set (load-only), a
// pointer-chase latency curve, the levels detected on them, each level's
// read, store and load/store roofs, and local and constant memory roofs.
#pragma once
#include <string>
#include <vector>

#include "benchmark/session.hpp"
#include "model/roofs.hpp"

namespace roofline {

struct MemoryHierarchy {
  MemoryCurves curves;
  std::vector<Ceiling> ceilings;  // per cache level (read, store, copy), local, constant
};

// `override_path`: a level override file (see model/levels.hpp), empty for
// change-point detection. Throws WrongResult when a kernel's output is wrong.
MemoryHierarchy measure_memory_hierarchy(Session& session, const std::string& override_path);

}  // namespace roofline
