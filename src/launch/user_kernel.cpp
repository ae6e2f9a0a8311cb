#include "launch/user_kernel.hpp"

#include <algorithm>
#include <chrono>
#include <set>
#include <sstream>

#include "launch/kernel_args.hpp"
#include "device/program.hpp"
#include "measurement/interrupt.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\0')) s.pop_back();
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  return s;
}

}  // namespace

std::vector<std::string> program_kernel_names(const cl::Program& program) {
  std::vector<std::string> names;
  std::istringstream in(program.getInfo<CL_PROGRAM_KERNEL_NAMES>());
  for (std::string n; std::getline(in, n, ';');)
    if (!trim(n).empty()) names.push_back(trim(n));
  return names;
}

namespace {

// An argument as the kernel declares it, its type resolved through typedefs.
struct DeclaredArg {
  std::string name;
  std::string written;  // the type as the kernel names it
  std::string type;     // the element type, typedefs resolved, without '*'
  bool pointer = false;
  bool trusted = false;  // a type roofline cannot resolve, taken as its spec says
  cl_kernel_arg_address_qualifier address = CL_KERNEL_ARG_ADDRESS_PRIVATE;
};

std::string arg_type_name(const cl::Kernel& k, cl_uint i) { return trim(k.getArgInfo<CL_KERNEL_ARG_TYPE_NAME>(i)); }

// The argument's element type seen through the file's typedefs: a typedef of
// an OpenCL type (which the spec may name, or it by its typedef name), or an
// unresolved type, then trusted.
DeclaredArg declared_arg(const cl::Kernel& k, cl_uint i, const std::map<std::string, std::string>& typedef_of) {
  DeclaredArg d;
  d.name = trim(k.getArgInfo<CL_KERNEL_ARG_NAME>(i));
  d.written = arg_type_name(k, i);
  d.address = k.getArgInfo<CL_KERNEL_ARG_ADDRESS_QUALIFIER>(i);
  d.type = d.written;
  d.pointer = !d.type.empty() && d.type.back() == '*';
  if (d.pointer) d.type = trim(d.type.substr(0, d.type.size() - 1));
  if (d.type == "void" || is_element_type(d.type)) return d;
  const auto it = typedef_of.find(d.type);
  std::string real = it == typedef_of.end() ? "" : it->second;
  const bool real_pointer = !real.empty() && real.back() == '*';
  if (real_pointer) real.pop_back();
  if (!real.empty() && !(d.pointer && real_pointer) && is_element_type(real)) {
    d.type = real;
    d.pointer |= real_pointer;
  } else {
    d.trusted = true;
  }
  return d;
}

std::string where(const DeclaredArg& d, const std::string& kernel) {
  return "argument '" + d.name + "' of " + kernel + " is ";
}

// The spec of a trusted argument, refused with what to write instead where
// the spec does not parse.
ArgSpec trusted_spec(const LaunchSpec& spec, const DeclaredArg& d, const std::string& kernel) {
  try {
    return spec.arg(d.name);
  } catch (const LaunchSpecError& e) {
    throw LaunchError(where(d, kernel) + "of type " + d.written +
                      ", which roofline cannot resolve to an OpenCL scalar or vector type (it sees through typedefs with "
                      "Clang, or through `typedef T name;` lines without it); write the spec with the underlying OpenCL "
                      "type instead, e.g. --arg " + d.name + "=" +
                      (d.pointer ? "float[COUNT] for a buffer of float" : "int:VALUE for an int") + ", taken on trust (" +
                      e.what() + ")");
  }
}

// The spec's kind and type must be what the kernel declares.
void check_spec_matches(const ArgSpec& a, const DeclaredArg& d, const std::string& kernel) {
  const std::string w = where(d, kernel);
  if (d.address == CL_KERNEL_ARG_ADDRESS_LOCAL) {
    if (a.kind != ArgSpec::Kind::Local)
      throw LaunchError(w + "__local " + d.type + "*; its spec must be local:" + d.type + "[COUNT], not " + a.text);
  } else if (d.pointer) {
    if (a.kind != ArgSpec::Kind::Buffer)
      throw LaunchError(w + "a buffer of " + d.type + "; its spec must be " + d.type + "[COUNT]:INIT, not " + a.text);
  } else if (a.kind != ArgSpec::Kind::Scalar) {
    throw LaunchError(w + "a scalar " + d.type + "; its spec must be " + d.type + ":VALUE, not " + a.text);
  }
  if (a.type.name != d.type && !(d.pointer && d.type == "void")) {
    const std::string as_written = d.type + (d.pointer ? "*" : "");
    throw LaunchError(w + "of type " + d.written + (d.written == as_written ? "" : ", a typedef of " + as_written) +
                      ", the spec " + a.text + " says " + a.type.name);
  }
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s.empty() ? "none" : s;
}

}  // namespace

UserKernel::UserKernel(const DeviceEntry& device, const std::string& source, const LaunchSpec& spec, const std::string& include_dir,
                       const TypedefTable& typedefs)
    : device_(device), spec_(spec), context_(device.device), queue_(context_, device.device, CL_QUEUE_PROFILING_ENABLE),
      timer_(context_, queue_) {
  global_ = spec.global();
  local_ = spec.local();
  check_ndrange();
  options_ = spec.full_build_options();
  if (!include_dir.empty()) options_ += " -I " + include_dir;
  const cl::Program program = build_program(context_, device.device, source, options_ + " -cl-kernel-arg-info", "the kernel source");
  pick_kernel(program);
  kernel_ = cl::Kernel(program, name_.c_str());
  prepare_args(typedefs);
  if (std::string limit = known_loop_limit(device.identity); !limit.empty()) warnings_.push_back(std::move(limit));
}

void UserKernel::check_ndrange() const {
  if (global_.empty()) throw LaunchError("no --global size (give --global X[,Y[,Z]] or a // roofline: line)");
  if (!local_.empty() && local_.size() != global_.size())
    throw LaunchError("--global has " + std::to_string(global_.size()) + " dimensions, --local " + std::to_string(local_.size()));
  for (std::size_t i = 0; i < local_.size(); ++i)
    if (global_[i] % local_[i])
      throw LaunchError("--global " + std::to_string(global_[i]) + " is not a multiple of --local " + std::to_string(local_[i]) +
                        " in dimension " + std::to_string(i));
}

// The kernel the spec names, or the file's only one.
void UserKernel::pick_kernel(const cl::Program& program) {
  kernels_ = program_kernel_names(program);
  name_ = spec_.kernel;
  if (name_.empty()) {
    if (kernels_.empty()) throw LaunchError("the file defines no __kernel function");
    if (kernels_.size() != 1)
      throw LaunchError("the file defines " + std::to_string(kernels_.size()) + " kernels (" + join(kernels_) + "); pick one with --kernel");
    name_ = kernels_[0];
  }
  if (std::find(kernels_.begin(), kernels_.end(), name_) == kernels_.end())
    throw LaunchError("no kernel named '" + name_ + "'; the file's kernels: " + join(kernels_));
}

// The file's typedef names, asked for only when an argument's type is no
// OpenCL type. They are resolved before any spec is read: a spec may name a
// typedef that only a later argument is declared with.
std::map<std::string, std::string> UserKernel::typedef_names(const TypedefTable& typedefs) {
  const cl_uint n = kernel_.getInfo<CL_KERNEL_NUM_ARGS>();
  std::map<std::string, std::string> typedef_of;
  for (cl_uint i = 0; i < n && typedefs && typedef_of.empty(); ++i) {
    std::string t = arg_type_name(kernel_, i);
    if (!t.empty() && t.back() == '*') t = trim(t.substr(0, t.size() - 1));
    if (t != "void" && !is_element_type(t)) typedef_of = typedefs();
  }
  for (const auto& [name, real] : typedef_of)
    if (real.back() != '*') spec_.typedefs[name] = real;
  return typedef_of;
}

// Every argument, by the kernel's own names and types: its spec checked
// against the declaration and the device's limits, and its data made.
void UserKernel::prepare_args(const TypedefTable& typedefs) {
  const std::map<std::string, std::string> typedef_of = typedef_names(typedefs);
  const cl_uint n = kernel_.getInfo<CL_KERNEL_NUM_ARGS>();
  std::set<std::string> names;
  ArgTotals totals;
  for (cl_uint i = 0; i < n; ++i) {
    const DeclaredArg d = declared_arg(kernel_, i, typedef_of);
    names.insert(d.name);
    if (!spec_.arg_text.count(d.name))
      throw LaunchError("argument '" + d.name + "' (" + d.written + ") of " + name_ + " has no spec; give --arg " + d.name + "=SPEC");
    Arg a{d.name, d.address, d.trusted ? trusted_spec(spec_, d, name_) : spec_.arg(d.name), {}};
    if (d.trusted)
      warnings_.push_back(where(d, name_) + "of type " + d.written + ", which roofline cannot resolve to an OpenCL type; taken as " +
                          a.spec.type.name + (d.pointer ? "*" : "") + " as its spec " + a.spec.text + " says");
    DeclaredArg as_spec = d;
    if (d.trusted) as_spec.type = a.spec.type.name;
    check_spec_matches(a.spec, as_spec, name_);
    account(a, d.name, totals);
    args_.push_back(std::move(a));
  }
  for (const auto& [k, v] : spec_.arg_text)
    if (!names.count(k)) throw LaunchError("--arg " + k + "=" + v + ": kernel " + name_ + " has no argument named '" + k + "'");
  check_totals(totals);
  buffer_bytes_ = totals.global;
  // Only now, every size known to fit: the data of a launch the device cannot
  // hold would cost host memory and minutes before the refusal.
  for (Arg& a : args_) {
    if (a.spec.kind == ArgSpec::Kind::Buffer) a.data = make_buffer_data(a.spec);
    else if (a.spec.kind == ArgSpec::Kind::Scalar) a.data = make_scalar_bytes(a.spec);
  }
}

// Adds an argument's memory to the totals, each argument checked alone first,
// so that the sum of a few cannot wrap past the checks.
void UserKernel::account(const Arg& a, const std::string& name, ArgTotals& totals) const {
  const DeviceIdentity& id = device_.identity;
  if (a.spec.kind == ArgSpec::Kind::Local) {
    if (a.spec.bytes() > id.local_mem_bytes)
      throw LaunchError("local memory '" + name + "' (" + a.spec.text + ") needs " + format_bytes(double(a.spec.bytes())) +
                        ", more than the device's " + format_bytes(double(id.local_mem_bytes)));
    totals.local += a.spec.bytes();
  } else if (a.spec.kind == ArgSpec::Kind::Buffer) {
    if (a.spec.bytes() > id.max_alloc_bytes)
      throw LaunchError("buffer '" + name + "' (" + a.spec.text + ") needs " + format_bytes(double(a.spec.bytes())) +
                        ", more than the device's largest allocation, " + format_bytes(double(id.max_alloc_bytes)));
    totals.global += a.spec.bytes();
  }
}

void UserKernel::check_totals(const ArgTotals& totals) const {
  const DeviceIdentity& id = device_.identity;
  if (totals.global > id.global_mem_bytes)
    throw LaunchError("the buffers need " + format_bytes(double(totals.global)) + " together, more than the device's global memory, " +
                      format_bytes(double(id.global_mem_bytes)));
  if (totals.local > id.local_mem_bytes)
    throw LaunchError("the local-memory arguments need " + format_bytes(double(totals.local)) + ", more than the device's " +
                      format_bytes(double(id.local_mem_bytes)));
}

std::uint64_t UserKernel::work_items() const {
  std::uint64_t n = 1;
  for (auto g : global_) n *= g;
  return n;
}

void UserKernel::set_args(cl::Kernel& k, std::vector<cl::Buffer>& keep) {
  for (cl_uint i = 0; i < args_.size(); ++i) {
    Arg& a = args_[i];
    if (a.spec.kind == ArgSpec::Kind::Buffer) {
      keep.emplace_back(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a.data.size(), a.data.data());
      k.setArg(i, keep.back());
    } else if (a.spec.kind == ArgSpec::Kind::Local) {
      k.setArg(i, cl::Local(std::size_t(a.spec.bytes())));
    } else {
      clSetKernelArg(k(), i, a.data.size(), a.data.data());
    }
  }
}

namespace {
cl::NDRange ndrange(const std::vector<std::uint64_t>& d) {
  if (d.empty()) return cl::NullRange;
  if (d.size() == 1) return cl::NDRange(d[0]);
  if (d.size() == 2) return cl::NDRange(d[0], d[1]);
  return cl::NDRange(d[0], d[1], d[2]);
}
}  // namespace

void UserKernel::enqueue(cl::Kernel& k, cl::Event* ev) {
  queue_.enqueueNDRangeKernel(k, cl::NullRange, ndrange(global_), ndrange(local_), nullptr, ev);
}

double UserKernel::run(cl::Kernel& k) {
  return timer_.time([&] {
    cl::Event ev;
    enqueue(k, &ev);
    return ev;
  });
}

void UserKernel::set_timed_args() {
  if (timed_args_set_) return;
  set_args(kernel_, timed_buffers_);
  timed_args_set_ = true;
}

void UserKernel::launch_batch(int n) {
  set_timed_args();
  for (int i = 0; i < n; ++i) enqueue(kernel_, nullptr);
  queue_.finish();
}

std::vector<double> UserKernel::time(const SamplingPolicy& policy, double warmup_s) {
  set_timed_args();
  run(kernel_);  // untimed: first-launch costs (JIT, page faults)
  const auto t0 = std::chrono::steady_clock::now();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < warmup_s) {
    throw_if_interrupted();
    run(kernel_);
  }
  return sample([&] {
    throw_if_interrupted();
    return run(kernel_);
  }, policy);
}

OpCounts UserKernel::count(const std::string& instrumented_source, const std::vector<MathCall>& math_slots, double& seconds) {
  cl::Program p = build_program(context_, device_.device, instrumented_source, options_, "the instrumented (counting) kernel");
  cl::Kernel k(p, name_.c_str());
  std::vector<cl::Buffer> buffers;  // fresh copies: the timed runs' buffers are not touched
  set_args(k, buffers);
  std::uint64_t group = 1;
  for (auto l : local_) group *= l;
  if (local_.empty()) group = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_.device);
  std::vector<cl_uint> zero(2 * (kMathSlotBase + math_slots.size()), 0);
  cl::Buffer out(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, zero.size() * sizeof(cl_uint), zero.data());
  k.setArg(cl_uint(args_.size()), cl::Local(std::size_t(group) * sizeof(cl_ulong)));
  k.setArg(cl_uint(args_.size() + 1), out);
  seconds = run(k);
  queue_.enqueueReadBuffer(out, CL_TRUE, 0, zero.size() * sizeof(cl_uint), zero.data());
  OpCounts c;
  const auto word = [&](std::size_t i) { return std::uint64_t(zero[2 * i]) | (std::uint64_t(zero[2 * i + 1]) << 32); };
  for (int i = 0; i < kCounterSlots; ++i) c.slot[i] = word(std::size_t(i));
  c.longest_chain = word(kChainSlot);
  c.chain_links = word(kChainSumSlot);
  for (std::size_t m = 0; m < math_slots.size(); ++m)
    if (const std::uint64_t calls = word(kMathSlotBase + m)) c.math[math_slots[m]] += calls;
  return c;
}

}  // namespace roofline

namespace roofline {

std::vector<std::uint64_t> UserKernel::recorded_local() const {
  if (!local_.empty()) return local_;
  // The largest power of two up to 256 that divides the first dimension; 1 in the others.
  std::vector<std::uint64_t> l(global_.size(), 1);
  while (l[0] < 256 && global_[0] % (2 * l[0]) == 0) l[0] *= 2;
  return l;
}

std::uint64_t UserKernel::recorded_group_size() const {
  std::uint64_t n = 1;
  for (std::uint64_t l : recorded_local()) n *= l;
  return n;
}

std::uint64_t UserKernel::work_groups() const {
  const std::vector<std::uint64_t> local = recorded_local();
  std::uint64_t n = 1;
  for (std::size_t i = 0; i < global_.size(); ++i) n *= global_[i] / local[i];
  return n;
}

// Regions: each global or constant buffer argument, the local regions, then
// "other global" and "other local" for addresses that fall in none.
TraceLayout UserKernel::trace_layout(const AddressRecording& r) const {
  TraceLayout layout;
  layout.sample = r.sample;
  layout.sample.groups_total = work_groups();
  layout.sample.group_size = recorded_group_size();
  layout.sites = r.sites;
  std::vector<TraceRegion>& regions = layout.regions;
  for (const Arg& a : args_)
    regions.push_back({a.name, a.address == CL_KERNEL_ARG_ADDRESS_CONSTANT ? AddressSpace::constant : AddressSpace::global,
                       a.spec.kind == ArgSpec::Kind::Buffer ? a.spec.bytes() : 0});
  const RecordedLayout& recorded = r.layout;
  for (std::size_t m = 0; m < recorded.local_regions.size(); ++m) {
    std::uint64_t bytes = recorded.local_bytes[m];
    for (const Arg& a : args_)
      if (a.name == recorded.local_regions[m] && a.spec.kind == ArgSpec::Kind::Local) bytes = a.spec.bytes();
    regions.push_back({recorded.local_regions[m], AddressSpace::local, bytes});
  }
  regions.push_back({"other global", AddressSpace::global, 0});
  regions.push_back({"other local", AddressSpace::local, 0});
  return layout;
}

void UserKernel::decode_batch(const std::vector<std::uint64_t>& words, const AddressRecording& r, const RecordWords& at,
                              std::uint64_t batch_first, std::uint64_t groups, TraceLayout& layout,
                              const std::function<void(TracedGroup)>& each) const {
  const std::uint64_t n = at.items, cap = at.cap, params = args_.size(), regions = at.regions;
  if (words[0] != n)
    throw LaunchError("the address-recording kernel ran with work-groups of " + std::to_string(words[0]) + " items, not " +
                      std::to_string(n));
  const std::uint64_t header = at.header, counts = at.counts(groups), records = at.records(groups);
  const std::size_t other_global = layout.regions.size() - 2, other_local = layout.regions.size() - 1;
  const std::size_t first_local = params;
  std::vector<std::uint64_t> local_base(regions);
  // The region an address falls in, by its site's space: the group's local
  // regions, or the global and constant buffers (their addresses in the header).
  auto locate = [&](std::uint64_t address, TraceAccess& a) {
    const bool local = a.site < r.sites.size() && r.sites[a.site].space == AddressSpace::local;
    auto inside = [&](std::size_t region, std::uint64_t base) {
      const std::uint64_t bytes = layout.regions[region].bytes;
      if (address < base || (bytes && address - base >= bytes)) return false;
      a.region = std::uint32_t(region);
      a.offset = address - base;
      return true;
    };
    if (local) {
      for (std::uint64_t m = 0; m < regions; ++m)
        if (inside(first_local + m, local_base[m])) return;
      a.region = std::uint32_t(other_local);
    } else {
      for (std::size_t i = 0; i < params; ++i)
        if (args_[i].spec.kind == ArgSpec::Kind::Buffer && inside(i, words[kRecordHeaderWords + i])) return;
      a.region = std::uint32_t(other_global);
    }
    a.offset = address;
  };
  for (std::uint64_t j = 0; j < groups; ++j) {
    // This group's local regions, and their layout (from the first group decoded).
    for (std::uint64_t m = 0; m < regions; ++m) local_base[m] = words[header + j * regions + m];
    if (j == 0 && batch_first == 0 && regions) {
      const std::uint64_t lowest = *std::min_element(local_base.begin(), local_base.end());
      for (std::uint64_t m = 0; m < regions; ++m) layout.regions[first_local + m].local_offset = local_base[m] - lowest;
    }
    TracedGroup g;
    g.id = r.sample.group(batch_first + j);
    g.items.resize(n);
    for (std::uint64_t l = 0; l < n; ++l) {
      TracedItem& item = g.items[l];
      item.made = words[counts + j * n + l];
      const std::uint64_t kept = std::min(item.made, cap);
      item.accesses.reserve(kept);
      const std::uint64_t* rec = words.data() + records + 2 * (j * n + l) * cap;
      for (std::uint64_t k = 0; k < kept; ++k) {
        const std::uint64_t address = rec[2 * k], meta = rec[2 * k + 1];
        TraceAccess a;
        a.bytes = std::uint32_t(meta >> 32);
        a.site = std::uint32_t(meta & kRecordSiteMask);
        a.flags = std::uint8_t(((meta & kRecordLoad) ? kTraceLoad : 0) | ((meta & kRecordStore) ? kTraceStore : 0) |
                               ((meta & kRecordBarrier) ? kTraceBarrier : 0) | ((meta & kRecordBranch) ? kTraceBranch : 0));
        if (a.flags & kTraceBranch) a.offset = address;
        else if (a.memory()) locate(address, a);
        item.accesses.push_back(a);
      }
    }
    each(std::move(g));
  }
}

cl::Kernel UserKernel::recording_kernel(const AddressRecording& r) {
  if (recording_source_ != r.source || !recording_program_()) {
    recording_program_ = build_program(context_, device_.device, r.source, options_, "the instrumented (address-recording) kernel");
    recording_source_ = r.source;
  }
  return cl::Kernel(recording_program_, name_.c_str());
}

UserKernel::RecordWords UserKernel::record_words(const AddressRecording& r, std::uint64_t cap) const {
  return {kRecordHeaderWords + args_.size(), r.layout.local_regions.size(), recorded_group_size(), cap};
}

std::vector<std::uint64_t> UserKernel::record_batch(cl::Kernel& k, const AddressRecording& r, const RecordWords& at, std::uint64_t done,
                                                    std::uint64_t groups) {
  if (r.sample.window == 0 || r.sample.window > r.sample.stride)  // the wrapper's arithmetic needs it (count/instrument.hpp)
    throw LaunchError("a sample's windows (" + std::to_string(r.sample.window) + " groups) must be no longer than their spacing (" +
                      std::to_string(r.sample.stride) + ")");
  std::vector<std::uint64_t> words(at.header + groups * at.per_group(), 0);
  std::vector<cl::Buffer> buffers;  // fresh copies for every batch: a batch runs on the data the kernel started with
  set_args(k, buffers);
  cl::Buffer out(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, words.size() * 8, words.data());
  const cl_uint arg = cl_uint(args_.size());
  k.setArg(arg, out);
  k.setArg(arg + 1, cl_ulong(r.sample.first));
  k.setArg(arg + 2, cl_ulong(r.sample.stride));
  k.setArg(arg + 3, cl_ulong(r.sample.window));
  k.setArg(arg + 4, cl_ulong(done));
  k.setArg(arg + 5, cl_uint(groups));
  k.setArg(arg + 6, cl_uint(at.cap));
  queue_.enqueueNDRangeKernel(k, cl::NullRange, ndrange(global_), ndrange(recorded_local()));
  queue_.enqueueReadBuffer(out, CL_TRUE, 0, words.size() * 8, words.data());
  return words;
}

UserKernel::RecordTotals UserKernel::count_records(const AddressRecording& r) {
  cl::Kernel k = recording_kernel(r);
  const RecordWords at = record_words(r, 1);  // the smallest cap: the counts are what is read
  const std::uint64_t batch_words = std::max<std::uint64_t>(r.batch_bytes / 8, at.header + at.per_group()) - at.header;
  RecordTotals totals;
  for (std::uint64_t done = 0; done < r.sample.count;) {
    throw_if_interrupted();
    const std::uint64_t groups = std::max<std::uint64_t>(1, std::min(batch_words / at.per_group(), r.sample.count - done));
    const std::vector<std::uint64_t> words = record_batch(k, r, at, done, groups);
    const auto made = words.begin() + std::ptrdiff_t(at.counts(groups));
    for (auto it = made; it != made + std::ptrdiff_t(groups * at.items); ++it) {
      totals.records += *it;
      totals.most = std::max(totals.most, *it);
    }
    done += groups;
  }
  return totals;
}

TraceLayout UserKernel::record(const AddressRecording& r, const std::function<void(TracedGroup)>& each) {
  cl::Kernel k = recording_kernel(r);
  TraceLayout layout = trace_layout(r);
  RecordWords at = record_words(r, 1);
  const std::uint64_t batch_words = r.batch_bytes / 8 > at.header ? r.batch_bytes / 8 - at.header : 0;
  // One group's records must fit a batch: an item's cap is at most its share of it (and a uint).
  const std::uint64_t room = batch_words > at.regions + at.items ? batch_words - at.regions - at.items : 0;
  const std::uint64_t most_cap = std::clamp<std::uint64_t>(room / (2 * at.items), 1, 0xFFFFFFFFu);
  at.cap = std::clamp<std::uint64_t>(r.records_per_item, 1, most_cap);
  for (std::uint64_t done = 0; done < r.sample.count;) {
    throw_if_interrupted();
    const std::uint64_t groups = std::max<std::uint64_t>(1, std::min(batch_words / at.per_group(), r.sample.count - done));
    const std::vector<std::uint64_t> words = record_batch(k, r, at, done, groups);
    const auto made = words.begin() + std::ptrdiff_t(at.counts(groups));
    const std::uint64_t most = *std::max_element(made, made + std::ptrdiff_t(groups * at.items));
    // Cut items: once more with room for them, as much as one batch holds (past that, they stay cut).
    if (most > at.cap && at.cap < most_cap) {
      at.cap = std::min(most, most_cap);
      continue;
    }
    decode_batch(words, r, at, done, groups, layout, each);
    done += groups;
  }
  return layout;
}

}  // namespace roofline
