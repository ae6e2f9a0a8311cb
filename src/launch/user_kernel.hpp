// launch/user_kernel: runs a user's kernel as its launch spec says. Builds
// the source on the device (the build log comes with a failure), checks every
// argument against the kernel's own argument info (names, types, address
// spaces), makes the buffers, then either times the original kernel (warm-up,
// repeated runs with profiling events) or runs an instrumented copy of it once
// (count/instrument.hpp) on fresh copies of the buffers and reads its counters.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <CL/opencl.hpp>

#include "launch/launch_spec.hpp"
#include "device/command_timer.hpp"
#include "device/device.hpp"
#include "measurement/sampler.hpp"
#include "model/access_trace.hpp"
#include "model/op_counts.hpp"

namespace roofline {

// The launch cannot run on this device: an unknown kernel (the message lists
// the file's kernels), a missing, unknown or mistyped argument, a buffer too
// large for the device, a bad NDRange.
struct LaunchError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An address-recording copy of the kernel (count/instrument.hpp, "Address
// records") and what to sample with it.
struct AddressRecording {
  std::string source;
  RecordedLayout layout;
  std::vector<TraceSite> sites;
  TraceSample sample;                             // the sampled groups (groups_total and group_size: trace_layout's)
  std::uint64_t records_per_item = 4096;          // the first cap; raised to what an item made when it was cut
  std::uint64_t batch_bytes = std::uint64_t(256) << 20;  // the record buffer of one launch
};

// The kernel file's typedef names of OpenCL types ("real" -> "float", "fptr"
// -> "float*"), asked for once, when an argument's type is no OpenCL type.
using TypedefTable = std::function<std::map<std::string, std::string>()>;

class UserKernel {
 public:
  // Builds `source` with the spec's options (+ -cl-kernel-arg-info, and -I for
  // `include_dir`, the .cl file's folder, when not empty) and checks the
  // arguments; `typedefs` sees through typedef'd argument types, whose specs
  // (of any argument) may then name either type. Throws KernelBuildError, LaunchError, LaunchSpecError.
  UserKernel(const DeviceEntry& device, const std::string& source, const LaunchSpec& spec, const std::string& include_dir = "",
             const TypedefTable& typedefs = {});

  const std::string& kernel_name() const { return name_; }
  const std::vector<std::string>& kernels() const { return kernels_; }
  std::uint64_t work_items() const;
  // Bytes of its buffer arguments (global and constant): the most data it can touch.
  std::uint64_t buffer_bytes() const { return buffer_bytes_; }
  const std::vector<std::uint64_t>& global() const { return global_; }
  const std::vector<std::uint64_t>& local() const { return local_; }
  // What the launch takes on trust (an argument type it could not resolve, taken as its spec says), and
  // what the device is known to get wrong (device.hpp, known_loop_limit).
  const std::vector<std::string>& warnings() const { return warnings_; }
  // Empty when runs are timed by the driver's profiling stamps; otherwise why
  // they are timed on the host (device/command_timer.hpp).
  const std::string& timing_note() const { return timer_.why_host_timed(); }

  // Runs once untimed, warms up for `warmup_s`, then samples as `policy` says;
  // returns the seconds of every timed run.
  std::vector<double> time(const SamplingPolicy& policy, double warmup_s);

  // Enqueues `n` launches of the original kernel back to back on the timed
  // runs' buffers and waits for the last (a power reading keeps the device
  // busy without a host round trip between launches).
  void launch_batch(int n);

  // The work-group size the recording runs with: the launch's, or, when it
  // leaves it to the implementation, the largest power of two up to 256 that
  // divides the first dimension (1 in the others).
  std::vector<std::uint64_t> recorded_local() const;
  std::uint64_t recorded_group_size() const;  // items of such a group
  // Work-groups of the recording's launch.
  std::uint64_t work_groups() const;

  // Builds the recording copy and runs it on fresh buffers over the sampled
  // groups, in batches that fit batch_bytes; hands each group's accesses to
  // `each` in sample order (its addresses made offsets into regions), and
  // returns the layout. An item whose records exceed what one batch can hold
  // keeps its first ones (TracedItem::truncated).
  TraceLayout record(const AddressRecording& recording, const std::function<void(TracedGroup)>& each);
  // Runs the recording copy over the sampled groups keeping no record, only
  // each item's number of records: the exact records the recording would
  // make (every group of the launch: what deciding to record it whole needs).
  struct RecordTotals {
    std::uint64_t records = 0;   // summed over the items
    std::uint64_t most = 0;      // of one item
  };
  RecordTotals count_records(const AddressRecording& recording);
  // The layout record() returns, before it runs (the regions' local offsets
  // are known only after).
  TraceLayout trace_layout(const AddressRecording& recording) const;

  // Builds the instrumented source and runs it once on fresh buffers; returns
  // the counts summed over all work-items; `seconds` gets the run's device time.
  // math_slots: the instrumenter's math-call slots (InstrumentResult), read
  // after the fixed counters into OpCounts::math (calls never made left out).
  OpCounts count(const std::string& instrumented_source, const std::vector<MathCall>& math_slots, double& seconds);

 private:
  struct Arg {
    std::string name;
    cl_kernel_arg_address_qualifier address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
    ArgSpec spec;
    std::vector<unsigned char> data;  // buffers: initial data; scalars: value bytes
  };
  struct ArgTotals {
    std::uint64_t global = 0, local = 0;  // bytes of the buffers, of local memory
  };
  void check_ndrange() const;
  void pick_kernel(const cl::Program& program);
  std::map<std::string, std::string> typedef_names(const TypedefTable& typedefs);
  void prepare_args(const TypedefTable& typedefs);
  void account(const Arg& a, const std::string& name, ArgTotals& totals) const;
  void check_totals(const ArgTotals& totals) const;
  void set_args(cl::Kernel& k, std::vector<cl::Buffer>& keep);
  void enqueue(cl::Kernel& k, cl::Event* ev);
  double run(cl::Kernel& k);
  // Where one batch's record buffer keeps what (count/instrument.hpp,
  // "Address records"): `header` words, then per group its local regions'
  // addresses, then its items' record counts, then their records.
  struct RecordWords {
    std::uint64_t header, regions, items, cap;
    std::uint64_t per_group() const { return regions + items + 2 * items * cap; }
    std::uint64_t counts(std::uint64_t groups) const { return header + groups * regions; }
    std::uint64_t records(std::uint64_t groups) const { return counts(groups) + groups * items; }
  };
  cl::Kernel recording_kernel(const AddressRecording& r);
  RecordWords record_words(const AddressRecording& r, std::uint64_t cap) const;
  // One launch of the recording copy over `groups` groups from the `done`-th
  // of the sample, on fresh buffers; its record buffer read back.
  std::vector<std::uint64_t> record_batch(cl::Kernel& k, const AddressRecording& r, const RecordWords& at, std::uint64_t done,
                                          std::uint64_t groups);
  void decode_batch(const std::vector<std::uint64_t>& words, const AddressRecording& r, const RecordWords& at, std::uint64_t batch_first,
                    std::uint64_t groups, TraceLayout& layout, const std::function<void(TracedGroup)>& each) const;
  void set_timed_args();

  const DeviceEntry& device_;
  LaunchSpec spec_;
  std::string name_, options_;
  std::vector<std::string> kernels_, warnings_;
  std::vector<std::uint64_t> global_, local_;
  std::vector<Arg> args_;
  std::string recording_source_;  // the recording copy built last, kept for record() after count_records()
  cl::Program recording_program_;
  cl::Context context_;
  cl::CommandQueue queue_;
  CommandTimer timer_;
  cl::Kernel kernel_;
  std::vector<cl::Buffer> timed_buffers_;  // the original kernel's arguments, set once
  bool timed_args_set_ = false;
  std::uint64_t buffer_bytes_ = 0;
};

// The names of a built program's kernels.
std::vector<std::string> program_kernel_names(const cl::Program& program);

}  // namespace roofline
