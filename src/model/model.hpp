// model: the vocabulary every layer speaks and the cache-aware roofline
// model itself: the roofs document and its JSON form, roof and ridge
// arithmetic, cache levels found on measured curves, the transfer and power
// models and their fits, placed kernels and their bounds. Plain data and
// arithmetic, no OpenCL: everything can be tested on synthetic data. It
// uses no other layer; every other layer uses it.
//
//   vocabulary.hpp       the domain as enums (ceiling kind, op, data type, level...), names only at the edges
//   stats.hpp            median, extremes and spread, kept with every figure
//   device_identity.hpp  what a device tells about itself, as result files record it
//   roofs.hpp            the roofs document (schema in the README)
//   roofline.hpp         attainable = min(B x I, F), ridge points
//   levels.hpp           plateaus and cliffs of the bandwidth and latency curves
//   memory_model.hpp     curves, detected levels and transfer fits in the document
//   transfer_fit.hpp     time = latency + bytes / bandwidth (weighted least squares)
//   energy.hpp           the power, energy and energy-efficiency CARM arithmetic
//   energy_fit.hpp       P_c, P_phi and P_beta per level fitted to measured power
//   power_model.hpp      a document's power model assembled from its ceilings and mixed kernels
//   op_counts.hpp        what one launch of a user kernel executes (counter slots)
//   counts_file.hpp      counts travelling from a machine with Clang to a device machine
//   capture_format.hpp   the words of a capture (src/intercept/ writes them, header only)
//   capture.hpp          a traced application's capture, read back (manifest, sources, copies)
//   placement.hpp        a user kernel placed on the roofs (placement files)
//   placement_bound.hpp  the roof a placed kernel attains (post hoc), and its prediction filled in
//   prediction.hpp       the time predicted a priori from counts, footprint and roofs (never the measurement)
//   math_time.hpp        a kernel's math calls timed at their math roofs (the math-bound rule and term)
//   schema.hpp           the files' JSON Schemas (schemas/, compiled in) and the check against them
//   json_input.hpp       a JSON input parsed and checked by its schema, errors naming the file and the field
//   atomic_file.hpp      result files written whole or not at all
//   file_errors.hpp      an input that cannot be read, an output that cannot be written
//   input_file.hpp       a file the user names, read whole up to a cap on its size
//   units.hpp            rates and sizes written for people
#pragma once

#include "model/atomic_file.hpp"
#include "model/capture.hpp"
#include "model/capture_format.hpp"
#include "model/counts_file.hpp"
#include "model/device_identity.hpp"
#include "model/energy.hpp"
#include "model/energy_fit.hpp"
#include "model/file_errors.hpp"
#include "model/input_file.hpp"
#include "model/json_input.hpp"
#include "model/levels.hpp"
#include "model/memory_model.hpp"
#include "model/op_counts.hpp"
#include "model/placement.hpp"
#include "model/placement_bound.hpp"
#include "model/prediction.hpp"
#include "model/math_time.hpp"
#include "model/power_model.hpp"
#include "model/roofline.hpp"
#include "model/roofs.hpp"
#include "model/schema.hpp"
#include "model/stats.hpp"
#include "model/transfer_fit.hpp"
#include "model/units.hpp"
#include "model/vocabulary.hpp"
