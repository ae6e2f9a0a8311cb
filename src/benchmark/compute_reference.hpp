// benchmark/compute_reference: the host's side of the compute kernel in
// kernels/compute.cl: start values, constants, and the output each work-item
// must produce, recomputed on the host so that a kernel whose work was
// deleted or folded by a compiler is caught instead of reported.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/vocabulary.hpp"

namespace roofline {

enum class ChainShape { Affine, Square, Step, Pair };

std::string shape_name(ChainShape s);         // "affine", ...
std::string shape_formula(ChainShape s);      // "x = a*x + b", ...
int ops_per_step(ChainShape s);               // per lane and chain
std::vector<ChainShape> shapes_for(Op op, DataType type);

// Everything that fixes a compute kernel's output.
struct ChainSetup {
  DataType type = DataType::float32;
  ChainShape shape = ChainShape::Affine;
  int width = 1, chains = 1, patterns = 4;
  std::uint64_t steps = 0;  // steps per chain: iters x 8
};

struct ChainInputs {
  std::vector<unsigned char> start;  // patterns x chains scalars (one per chain, broadcast to its lanes), device layout
  std::vector<unsigned char> a, b;   // one scalar each, device layout
};

ChainInputs make_inputs(const ChainSetup& s, std::uint64_t seed);

// Expected output of pattern p (work-item g uses pattern g % patterns), as a double
// (integers are exact: uint32 values fit a double).
std::vector<double> expected_outputs(const ChainSetup& s, const ChainInputs& in);

// Checks the device's output buffer (`n` scalars, device layout) against the
// expectation. Returns an empty string when every work-item matches, otherwise
// a message naming the first mismatch.
std::string check_outputs(const ChainSetup& s, const std::vector<double>& expected, const void* out, std::size_t n);


}  // namespace roofline
