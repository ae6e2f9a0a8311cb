// instrument/templates: the OpenCL C the instrumenter writes around a
// kernel, kept as readable .cl files in src/instrument/templates/ (each says
// what its @PLACEHOLDERS@ stand for) and compiled in by
// cmake/embed_files.cmake, their notes (//! lines) left out:
//   counting_wrapper.cl   the counting copy's __kernel and __rl_add
//   work_group_sum.cl     its sum of the charged slots over the work-group
//   once_per_item.cl      its charges made once by every work-item
//   record_wrapper.cl     the address-recording copy's __kernel
//   record_functions.cl   __rl_note and __rl_br, which write the records
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace roofline {

struct TemplateFile {
  const char* name;  // "counting_wrapper.cl"
  const char* text;
};

// Every template (generated at build time), by file name.
const std::vector<TemplateFile>& embedded_templates();

// The text of the template `name`; std::logic_error when there is none (a
// defect of the build).
const char* template_text(const std::string& name);

// A template with every @NAME@ of `values` replaced. Throws std::logic_error
// when the template has a placeholder left (a defect of the instrumenter).
std::string filled(const char* text, const std::vector<std::pair<std::string, std::string>>& values);

}  // namespace roofline
