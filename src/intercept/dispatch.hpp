// intercept/dispatch: the table every call is forwarded through, and the
// layer's own table of wrappers.
//
// The wrappers are the cl* functions themselves (wrappers.cpp), defined once
// for both libraries: the preload exports them under their names, the layer
// keeps them local (version scripts) and hands them to the loader in a
// dispatch table. They forward through next(): the table the loader gave the
// layer, or, in the preload, the next library's cl* functions found with
// dlsym(RTLD_NEXT), resolved on first use.
#pragma once
#include "intercept/opencl.hpp"

namespace roofline::intercept {

// The table calls go on through; entries the next library lacks are null.
const cl_icd_dispatch& next();
// The layer: the loader's table (kept by the caller for the process's life).
void use_next(const cl_icd_dispatch* table);
// The preload: a function that builds the table on first use.
void use_next_resolver(const cl_icd_dispatch* (*resolve)());

// `target`'s first `entries` entries, with every entry the capture
// intercepts replaced by its wrapper where `target` has that entry.
void make_layer_table(cl_icd_dispatch& out, const cl_icd_dispatch& target, cl_uint entries);

}  // namespace roofline::intercept
