// benchmark/program_cache: kernel sources are read from the kernels/ folder and
// each (file, build options) pair is built once per run. A build may ask for
// its programs ahead (prefetch): they are built on two threads of their own,
// in order, while the device measures with those built before. On a fresh
// machine the driver's compiler is most of a GPU's quick compute step (134
// programs, 13-17 s on an H200 with an empty compiler cache, 0.2 s with a
// warm one: roofs/raw/compile-cost-h200); overlapped with the measuring, it
// costs what it takes beyond the measuring. The build prefetches on GPUs
// only: on a CPU device the compiler would take the cores the measurement
// runs on.
#pragma once
#include <condition_variable>
#include <deque>
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

// A program: its file (relative to the kernel folder) and build options.
using ProgramKey = std::pair<std::string, std::string>;
using ProgramList = std::vector<ProgramKey>;

class ProgramCache {
 public:
  ProgramCache(cl::Context context, cl::Device device, std::string kernel_dir);
  ~ProgramCache();  // stops the builders after the builds in progress
  ProgramCache(const ProgramCache&) = delete;
  ProgramCache& operator=(const ProgramCache&) = delete;
  // The built program of `file` (relative to the kernel folder) with
  // `options`; one being prefetched is waited for. Throws KernelBuildError
  // (device/program) when it does not build, a prefetched one too.
  const cl::Program& get(const std::string& file, const std::string& options);
  // Builds these (file, options) programs, in this order, after any asked
  // for before, on kBuilders threads of their own.
  void prefetch(const ProgramList& programs);
  std::size_t size() const { return programs_.size(); }
  const std::string& kernel_dir() const { return dir_; }
  // Programs built, and the seconds their builds took (prefetched ones too:
  // on their threads, in parallel with the measuring and each other).
  std::size_t built() const;
  double build_seconds() const;
  // Of those, the ones built on the prefetching thread; and the prefetched
  // programs nobody has asked for (yet).
  std::size_t built_ahead() const;
  std::size_t never_asked() const;

 private:
  using Key = ProgramKey;
  // Two builders: the driver serializes most of a build, yet two threads
  // build a list faster than one (16 threads built 134 programs 25% faster
  // than one on an H200: roofs/raw/compile-cost-h200).
  static constexpr std::size_t kBuilders = 2;
  void build_ahead();
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
  std::deque<std::pair<Key, std::string>> queue_;  // programs to build ahead, with their source
  bool stop_ = false;
  std::size_t built_count_ = 0, built_ahead_ = 0;
  double build_seconds_ = 0;
  std::vector<std::thread> builders_;  // every builder started, joined at the end
  std::size_t active_ = 0;             // builders still taking jobs
};

}  // namespace roofline
