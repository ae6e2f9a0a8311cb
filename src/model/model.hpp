// model: the vocabulary every layer speaks and the documents roofline reads
// and writes, with their JSON forms: the roofs document, placements, counts,
// captures. Plain data and the arithmetic that defines a document (roof and
// ridge, what makes a roofs file physically possible), no OpenCL and no
// analysis: everything can be tested on synthetic data. It uses files/ to
// read and check its documents; every layer above uses it.
//
//   vocabulary.hpp        the domain as enums (ceiling kind, op, data type, level...), names only at the edges
//   stats.hpp             median, extremes and spread, kept with every figure
//   units.hpp             rates and sizes written for people
//   device_identity.hpp   what a device tells about itself, as result files record it
//   launch_shape.hpp      a benchmark's NDRange (global and local size)
//   roofs.hpp             the roofs document (schemas/roofs.schema.json)
//   roofline.hpp          attainable = min(B x I, F), ridge points
//   memory_model.hpp      curves, detected levels and transfer fits in the document
//   level_consistency.hpp a nearer level never slower than a farther one, unless flagged
//   document_rules.hpp    what makes a schema-valid roofs or placement file impossible
//   energy.hpp            the power, energy and energy-efficiency CARM arithmetic and its document part
//   suite.hpp             the micro-benchmark suite's sections: the math roofs and the benchmarks' series
//   series.hpp            a suite benchmark's result: a measured series of points (x, y with its runs)
//   suite_table.hpp       the suite benchmarks as rows: kernel, step, section and field names, chart, table
//   math_functions.hpp    OpenCL C's math functions, the math category's words
//   op_counts.hpp         what one launch of a user kernel executes (counter slots)
//   counts_file.hpp       counts travelling from a machine with Clang to a device machine
//   placement.hpp         a user kernel placed on the roofs (placement files)
//   fleet.hpp             many devices' roofs compared: groups by model, ratios to the median, outliers
//   access_trace.hpp      the address records of a kernel's recording copy
//   capture_format.hpp    the words of a capture (src/intercept/ writes them, header only)
//   capture_manifest.hpp  a capture's manifest as types, and their JSON (src/intercept/ writes with it, header only)
//   capture.hpp           a traced application's capture, read back (manifest, sources, copies)
//   json_fields.hpp       optional and enum fields of the documents' JSON
//   source_hash.hpp       a kernel source's identity
#pragma once

#include "model/access_trace.hpp"
#include "model/capture.hpp"
#include "model/capture_format.hpp"
#include "model/capture_manifest.hpp"
#include "model/counts_file.hpp"
#include "model/device_identity.hpp"
#include "model/document_rules.hpp"
#include "model/energy.hpp"
#include "model/fleet.hpp"
#include "model/launch_shape.hpp"
#include "model/level_consistency.hpp"
#include "model/math_functions.hpp"
#include "model/memory_model.hpp"
#include "model/op_counts.hpp"
#include "model/placement.hpp"
#include "model/roofline.hpp"
#include "model/roofs.hpp"
#include "model/series.hpp"
#include "model/source_hash.hpp"
#include "model/stats.hpp"
#include "model/suite.hpp"
#include "model/suite_table.hpp"
#include "model/units.hpp"
#include "model/vocabulary.hpp"
