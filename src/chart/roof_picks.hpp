// chart/roof_picks: which compute roofs a chart shows. A device measures up to
// eight (ADD and MAD over half, float, double, int); a readable chart shows a
// few. The user picks them as "type:op", "type" or "all".
#pragma once
#include <string>
#include <vector>

namespace roofline {
struct Ceiling;
struct RoofsDocument;
}  // namespace roofline

namespace roofline::chart {

// Throws std::invalid_argument naming the first malformed pick: a type other
// than half, float, double, int, or an op other than add, mad.
void check_roof_picks(const std::vector<std::string>& picks);

// The first pick that names no compute roof of the document ("half:mad" of a
// device measured without half, "double" without fp64); empty when every
// pick names one. Picks as check_roof_picks accepts them.
std::string unmatched_roof_pick(const RoofsDocument& doc, const std::vector<std::string>& picks);

// The compute ceilings to draw, each the best of its (op, type), in the order
// picked. No picks: float MAD, float ADD, double MAD and the faster of int MAD
// and int ADD, those measured; a document with none of them shows all.
std::vector<const Ceiling*> pick_compute_roofs(const RoofsDocument& doc, const std::vector<std::string>& picks);

}  // namespace roofline::chart
