// count: exact operation and byte counts of a user's kernel, beside the
// launcher (launch/user_kernel runs what this produces). Uses: model only
// (and Clang). Rewrites the
// kernel's OpenCL C with Clang so that every work-item counts what it executes;
// the counts go into model/op_counts slots. Optional: a build without Clang
// (-DROOFLINE_WITH_CLANG=OFF) says counting is unavailable, and `place` then
// takes a counts file made elsewhere.
//
//   instrument.hpp   the instrumenter (LibTooling on the AST after macro expansion)
//   cost_table.hpp   what each OpenCL C builtin counts for (the README's counting rules)
//   typedefs.hpp     a kernel file's typedef names resolved to OpenCL types (argument checks)
#pragma once

#include "count/cost_table.hpp"
#include "count/instrument.hpp"
#include "count/typedefs.hpp"
