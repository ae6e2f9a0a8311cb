// instrument/templates: the OpenCL C the instrumenter writes around a
// kernel, kept as readable .cl files in src/instrument/templates/ (each says
// what its @PLACEHOLDERS@ stand for) and compiled in by
// cmake/embed_templates.cmake, their notes (//! lines) left out.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace roofline {

namespace templates {
extern const char* const counting_wrapper;   // the counting copy's __kernel and __rl_add
extern const char* const work_group_sum;     // its sum of the charged slots over the work-group
extern const char* const once_per_item;      // its charges made once by every work-item
extern const char* const record_wrapper;     // the address-recording copy's __kernel
extern const char* const record_functions;   // __rl_note and __rl_br, which write the records
}  // namespace templates

// A template with every @NAME@ of `values` replaced. Throws std::logic_error
// when the template has a placeholder left (a defect of the instrumenter).
std::string filled(const char* text, const std::vector<std::pair<std::string, std::string>>& values);

}  // namespace roofline
