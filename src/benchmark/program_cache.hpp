// benchmark/program_cache: kernel sources are read from the kernels/ folder and
// each (file, build options) pair is built once per run. A step may ask for
// its programs ahead (prefetch): they are built on a thread of their own, in
// order, while the device measures with those built before. On a fresh
// machine the driver's compiler is most of a GPU's quick compute step (134
// programs, 13-17 s on an H200 with an empty compiler cache, 0.2 s with a
// warm one: roofs/raw/compile-cost-h200); overlapped with the measuring, it
// costs what it takes beyond the measuring. Never on a CPU device: the
// compiler would take the cores the measurement runs on.
#pragma once
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <vector>
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
  ~ProgramCache();  // stops the prefetching thread after the build in progress
  ProgramCache(const ProgramCache&) = delete;
  ProgramCache& operator=(const ProgramCache&) = delete;
  // The built program of `file` (relative to the kernel folder) with
  // `options`; one being prefetched is waited for. Throws KernelBuildError
  // (device/program) when it does not build, a prefetched one too.
  const cl::Program& get(const std::string& file, const std::string& options);
  // Builds these (file, options) programs, in this order, on a thread of
  // their own (one at a time: a later call waits for the earlier ones).
  void prefetch(const std::vector<std::pair<std::string, std::string>>& programs);
  std::size_t size() const { return programs_.size(); }
  const std::string& kernel_dir() const { return dir_; }
  // Programs built, and the seconds their builds took (prefetched ones too:
  // on their thread, in parallel with the measuring).
  std::size_t built() const;
  double build_seconds() const;

 private:
  using Key = std::pair<std::string, std::string>;
  void build_ahead(std::vector<std::pair<Key, std::string>> jobs);
  cl::Program timed_build(const std::string& file, const std::string& source, const std::string& options);
  const std::string& source(const std::string& file);
  void dump_binary(const cl::Program& program, const std::string& file, const std::string& options);
  int dumped_ = 0;
  cl::Context context_;
  cl::Device device_;
  std::string dir_;
  std::map<std::string, std::string> sources_;
  std::map<Key, cl::Program> programs_;
  // Prefetching: what is still to come, what came (a build's failure kept
  // for get() to throw), guarded by mutex_.
  mutable std::mutex mutex_;
  std::condition_variable built_;
  std::map<Key, bool> pending_;
  std::map<Key, cl::Program> prefetched_;
  std::map<Key, std::exception_ptr> failed_;
  bool stop_ = false;
  std::size_t built_count_ = 0;
  double build_seconds_ = 0;
  std::thread thread_;
};

}  // namespace roofline
