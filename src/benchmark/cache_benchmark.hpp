// benchmark/cache_benchmark: the memory hierarchy as CARM sees it, from
// kernels/memory.cl: a bandwidth curve over the working set (load-only), a
// pointer-chase latency curve, the levels detected on them, each level's
// read, store and load/store roofs, and local and constant memory roofs.
#pragma once
#include <functional>
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

// Told of each part of the hierarchy as soon as it is measured, so that the
// caller can keep it before the next part runs (an interrupted build saves
// it): `curves` once the curves are measured and their levels found, and
// again when the local-memory stride sweep is added to them; `ceiling` for
// each ceiling, in the order of MemoryHierarchy::ceilings.
struct HierarchySink {
  std::function<void(const MemoryCurves&)> curves;
  std::function<void(MeasuredCeiling)> ceiling;
};

// `override_path`: a level override file (see analysis/levels.hpp), empty for
// change-point detection. Throws WrongResult when a kernel's output is wrong
// (what `sink` was told by then stands).
// `with_replays`: each cache level's read roof comes with its replay (for power).
void measure_memory_hierarchy(Session& session, const std::string& override_path, bool with_replays,
                              const HierarchySink& sink);

// The same, the whole hierarchy handed back at the end.
MemoryHierarchy measure_memory_hierarchy(Session& session, const std::string& override_path, bool with_replays = false);

// The programs the memory hierarchy builds, in the order it asks for them:
// the sweep's working set, the pointer chase, the width sweep's working sets
// (a full build), the local- and constant-memory kernels.
ProgramList memory_programs(const Session& session);

}  // namespace roofline
