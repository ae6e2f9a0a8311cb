// analysis: what roofline concludes from the documents. Cache levels found on
// measured curves, the transfer and power fits, the address analysis of a
// recorded kernel, the a-priori time and the roof a placed kernel attains.
// Arithmetic over the model's documents, no OpenCL: everything can be tested
// on synthetic data. Uses the model (and files/ for the level-override file).
//
//   levels.hpp           plateaus and cliffs of the bandwidth and latency curves
//   transfer_fit.hpp     time = latency + bytes / bandwidth (weighted least squares)
//   energy_fit.hpp       P_c, P_phi and P_beta per level fitted to measured power
//   power_model.hpp      a document's power model assembled from its ceilings and mixed kernels
//   access_analysis.hpp  why a recorded kernel sits below its roof: the result, and AccessAnalyzer, which runs
//                        the observers below over one walk of the recorded groups (as Oclgrind's plugins)
//   target_architecture.hpp  the device the analysis models: the roofs' caches and a table by device family
//   access_observer.hpp  the observers' interface: callbacks per group, sub-group step, access in execution order
//   access_walk.hpp      the walk: sub-group steps, and the order the target runs the accesses in
//   step_observers.hpp   per sub-group step: site counts, coalescing, local memory and bank conflicts, atomics,
//                        branch divergence
//   aiwc_observer.hpp    the AIWC metrics (seed 002)
//   cache_model.hpp      an LRU model of the target's caches: the bytes of the levels past the first, and DRAM
//   prediction.hpp       the time predicted a priori from counts, footprint and roofs (never the measurement)
//   prediction_terms.hpp its terms beyond bytes and operations: occupancy, dependent-load latency, contended
//                        atomics, launch overhead
//   math_time.hpp        a kernel's math calls timed at their math roofs (the math-bound rule and term)
//   placement_bound.hpp  the roof a placed kernel attains (post hoc), and its prediction filled in
#pragma once

#include "analysis/access_analysis.hpp"
#include "analysis/access_observer.hpp"
#include "analysis/access_walk.hpp"
#include "analysis/aiwc_observer.hpp"
#include "analysis/cache_model.hpp"
#include "analysis/energy_fit.hpp"
#include "analysis/levels.hpp"
#include "analysis/math_time.hpp"
#include "analysis/placement_bound.hpp"
#include "analysis/power_model.hpp"
#include "analysis/prediction.hpp"
#include "analysis/prediction_terms.hpp"
#include "analysis/step_observers.hpp"
#include "analysis/target_architecture.hpp"
#include "analysis/transfer_fit.hpp"
