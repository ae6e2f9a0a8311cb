// benchmark/program_cache: kernel sources are read from the kernels/ folder and
// each (file, build options) pair is built once per run.
#pragma once
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include <CL/opencl.hpp>

#include "device/program.hpp"

namespace roofline {

// Where the .cl files are: an explicit folder (--kernels) wins, then
// $ROOFLINE_KERNELS, then kernels/ beside or above the executable, then where
// `cmake --install` puts them beside an installed binary
// (bin/../share/roofline/kernels), then the source tree the binary was built
// from. Throws when none holds compute.cl.
std::string find_kernel_dir(const std::string& override_dir);

class ProgramCache {
 public:
  ProgramCache(cl::Context context, cl::Device device, std::string kernel_dir);
  // The built program of `file` (relative to the kernel folder) with `options`.
  const cl::Program& get(const std::string& file, const std::string& options);
  std::size_t size() const { return programs_.size(); }
  const std::string& kernel_dir() const { return dir_; }

 private:
  const std::string& source(const std::string& file);
  void dump_binary(const cl::Program& program, const std::string& file, const std::string& options);
  int dumped_ = 0;
  cl::Context context_;
  cl::Device device_;
  std::string dir_;
  std::map<std::string, std::string> sources_;
  std::map<std::pair<std::string, std::string>, cl::Program> programs_;
};

}  // namespace roofline
