// chart/carm_roofs: what the CARM chart draws and where, shared by its
// drawing (carm_chart) and its labels (carm_roof_labels): the roofs of each
// document, the bounding roofs of placed kernels, the scales, each roof's
// segment in pixels, and which roofs coincide on screen.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "chart/axes.hpp"
#include "chart/page.hpp"
#include "chart/svg.hpp"
#include "model/placement.hpp"

namespace roofline {
struct Ceiling;
struct RoofsDocument;
}  // namespace roofline

namespace roofline::chart::carm {

constexpr double kGiga = 1e9;  // the document holds ops/s; the y axis shows Gops/s

struct Roof {
  const Ceiling* ceiling = nullptr;
  std::size_t doc = 0;  // index of the document it comes from
  bool memory = false;
  bool bound = false;  // not a default roof: the bounding roof of a placed kernel (a level's copy or store)
  double value = 0;    // ops/s or bytes/s, as in the document
  std::string name;    // "float MAD", "DRAM read"
  std::string label;   // name, rate and warning: "float MAD 65.0 TFLOP/s"
  std::string color;
  // Roofs drawn within a couple of pixels of each other share the line: each
  // shows in turn along it (group_size dashes), so none hides another.
  int group_size = 1, group_index = 0;
};

// The roofs of one document: each list sorted highest first.
struct RoofSet {
  const RoofsDocument* doc = nullptr;
  std::vector<Roof> compute, memory;
  std::vector<Roof> bounds;  // memory roofs that bound placed kernels, beyond the best of their level
  const Roof* top_compute() const { return compute.empty() ? nullptr : &compute.front(); }
  const Roof* top_memory() const { return memory.empty() ? nullptr : &memory.front(); }
  bool empty() const { return compute.empty() && memory.empty(); }
};

// Whether a roof counts integer ops (INTOP/s) rather than FLOPs or bytes.
bool counts_integer_ops(const Roof& r);

// The document a dot ran on: the one whose device name it carries; the only
// one when there is one; else none.
std::optional<std::size_t> dot_document(const Placement& p, const std::vector<const RoofsDocument*>& docs);

// The picked compute roofs, the best ceiling of each memory level and the
// bounding roofs of the dots not among them. One document: each roof in its
// fixed color (chart/roof_colors). Several: a color per document.
std::vector<RoofSet> choose_roofs(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt,
                                  const std::vector<Placement>& dots);

struct Scales {
  LogAxis x, y;
  Point at(double ai, double gops) const { return {x.to_pixel(ai), y.to_pixel(gops)}; }
};

Scales choose_scales(const std::vector<RoofSet>& sets, const std::vector<Placement>& dots, const Rect& plot);

// The room choose_scales leaves around a dot: a quarter to four times its AI
// (half to twice a level dot's), a third of its performance below, the
// decade above it (or twice it) on top.
constexpr double kDotAiMargin = 4, kLevelAiMargin = 2, kDotBelow = 3, kDotAbove = 10;

// Why a dot the chart draws (a positive, finite AI and performance) cannot
// be: with that room around it, its scale leaves a double's range. Empty when
// it can.
std::string off_scale(const Placement& p);

// A roof's line in pixels, none where it misses the plot. A compute roof runs
// from its ridge with the top memory roof to the right edge; a memory roof
// from the left edge to its ridge with the top compute roof.
std::optional<Segment> roof_segment(const Roof& r, const RoofSet& set, const Scales& s);
std::optional<Segment> memory_segment(double value, const Roof* top_compute, const Scales& s);

// Roofs closer than this on screen coincide: one line, one label.
constexpr double kCoincidentPixels = 2.5;

// Where a roof is across the lines of its kind: a compute roof's height, a
// memory roof's height at the left edge (memory roofs are parallel), in pixels.
double roof_height(const Roof& r, const Scales& s);

// Groups of roofs of one kind (memory or compute), across all documents, that
// lie within kCoincidentPixels of each other, highest first.
std::vector<std::vector<const Roof*>> coincident_groups(const std::vector<RoofSet>& sets, const Scales& s, bool memory);

// Sets group_size and group_index of each roof from coincident_groups.
void mark_coincident_roofs(std::vector<RoofSet>& sets, const Scales& s);

// How a roof's line is drawn, on the chart and in its legend: compute solid,
// memory dashed, a kernel's bounding roof dotted and thinner.
struct RoofStroke {
  std::string dash;  // stroke-dasharray, empty: solid
  double width;
};
RoofStroke roof_stroke(const Roof& r);

// The stroke-dasharray (and offset) attributes of a roof: its own pattern,
// or for roofs that coincide, one dash of each in turn along the line.
std::string roof_dash(const Roof& r);

// Every roof of a set that is drawn: compute, memory, bounds.
std::vector<const Roof*> drawn_roofs(const RoofSet& set);

}  // namespace roofline::chart::carm
