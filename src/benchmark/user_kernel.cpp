#include "benchmark/user_kernel.hpp"

#include <chrono>
#include <set>
#include <sstream>

#include "benchmark/kernel_args.hpp"
#include "benchmark/program_cache.hpp"  // KernelBuildError
#include "measurement/interrupt.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s.empty() ? "none" : s;
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\0')) s.pop_back();
  while (!s.empty() && s.front() == ' ') s.erase(s.begin());
  return s;
}

cl::Program build(const cl::Context& ctx, const cl::Device& dev, const std::string& source, const std::string& options,
                  const std::string& what) {
  cl::Program p(ctx, source);
  try {
    p.build({dev}, options.c_str());
  } catch (const cl::Error&) {
    std::string log;
    try {
      log = p.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev);
    } catch (const cl::Error&) {
      log = "(no build log)";
    }
    throw KernelBuildError(what + " failed to build with options '" + options + "'", log);
  }
  return p;
}

}  // namespace

std::vector<std::string> program_kernel_names(const cl::Program& program) {
  std::vector<std::string> names;
  std::istringstream in(program.getInfo<CL_PROGRAM_KERNEL_NAMES>());
  for (std::string n; std::getline(in, n, ';');)
    if (!trim(n).empty()) names.push_back(trim(n));
  return names;
}

UserKernel::UserKernel(const DeviceEntry& device, const std::string& source, const LaunchSpec& spec, const std::string& include_dir,
                       const TypedefTable& typedefs)
    : device_(device), spec_(spec), context_(device.device), queue_(context_, device.device, CL_QUEUE_PROFILING_ENABLE) {
  global_ = spec.global();
  local_ = spec.local();
  if (global_.empty()) throw LaunchError("no --global size (give --global X[,Y[,Z]] or a // roofline: line)");
  if (!local_.empty() && local_.size() != global_.size())
    throw LaunchError("--global has " + std::to_string(global_.size()) + " dimensions, --local " + std::to_string(local_.size()));
  for (std::size_t i = 0; i < local_.size(); ++i)
    if (global_[i] % local_[i])
      throw LaunchError("--global " + std::to_string(global_[i]) + " is not a multiple of --local " + std::to_string(local_[i]) +
                        " in dimension " + std::to_string(i));
  options_ = spec.full_build_options();
  if (!include_dir.empty()) options_ += " -I " + include_dir;
  cl::Program program = build(context_, device.device, source, options_ + " -cl-kernel-arg-info", "the kernel source");
  kernels_ = program_kernel_names(program);
  name_ = spec.kernel;
  if (name_.empty()) {
    if (kernels_.empty()) throw LaunchError("the file defines no __kernel function");
    if (kernels_.size() != 1)
      throw LaunchError("the file defines " + std::to_string(kernels_.size()) + " kernels (" + join(kernels_) + "); pick one with --kernel");
    name_ = kernels_[0];
  }
  if (std::find(kernels_.begin(), kernels_.end(), name_) == kernels_.end())
    throw LaunchError("no kernel named '" + name_ + "'; the file's kernels: " + join(kernels_));
  kernel_ = cl::Kernel(program, name_.c_str());

  // Every argument, by the kernel's own names and types. Typedef names are
  // resolved before any spec is read: a spec may name a typedef that only a
  // later argument is declared with.
  const cl_uint n = kernel_.getInfo<CL_KERNEL_NUM_ARGS>();
  std::map<std::string, std::string> typedef_of;
  for (cl_uint i = 0; i < n && typedefs && typedef_of.empty(); ++i) {
    std::string t = trim(kernel_.getArgInfo<CL_KERNEL_ARG_TYPE_NAME>(i));
    if (!t.empty() && t.back() == '*') t = trim(t.substr(0, t.size() - 1));
    if (t != "void" && !is_element_type(t)) typedef_of = typedefs();
  }
  for (const auto& [name, real] : typedef_of)
    if (real.back() != '*') spec_.typedefs[name] = real;
  std::set<std::string> names;
  std::uint64_t total = 0, local_total = 0;
  for (cl_uint i = 0; i < n; ++i) {
    const std::string an = trim(kernel_.getArgInfo<CL_KERNEL_ARG_NAME>(i));
    std::string type = trim(kernel_.getArgInfo<CL_KERNEL_ARG_TYPE_NAME>(i));
    const cl_kernel_arg_address_qualifier aq = kernel_.getArgInfo<CL_KERNEL_ARG_ADDRESS_QUALIFIER>(i);
    names.insert(an);
    if (!spec.arg_text.count(an))
      throw LaunchError("argument '" + an + "' (" + type + ") of " + name_ + " has no spec; give --arg " + an + "=SPEC");
    const std::string written = type;  // as the kernel names it
    bool pointer = !type.empty() && type.back() == '*';
    if (pointer) type = trim(type.substr(0, type.size() - 1));
    const std::string where = "argument '" + an + "' of " + name_ + " is ";
    bool trusted = false;  // an unresolved type, taken as the spec says
    if (type != "void" && !is_element_type(type)) {
      // A typedef: its OpenCL type, which the spec may name, or it by its typedef name.
      const auto it = typedef_of.find(type);
      std::string real = it == typedef_of.end() ? "" : it->second;
      const bool real_pointer = !real.empty() && real.back() == '*';
      if (real_pointer) real.pop_back();
      if (!real.empty() && !(pointer && real_pointer) && is_element_type(real)) {
        type = real;
        pointer |= real_pointer;
      } else {
        trusted = true;
      }
    }
    Arg a;
    try {
      a = Arg{spec_.arg(an), {}};
    } catch (const LaunchSpecError& e) {
      if (!trusted) throw;
      throw LaunchError(where + "of type " + written + ", which roofline cannot resolve to an OpenCL scalar or vector type "
                        "(it sees through typedefs with Clang, or through `typedef T name;` lines without it); write the "
                        "spec with the underlying OpenCL type instead, e.g. --arg " + an + "=" +
                        (pointer ? "float[COUNT] for a buffer of float" : "int:VALUE for an int") + ", taken on trust (" +
                        e.what() + ")");
    }
    if (trusted) {
      type = a.spec.type.name;
      warnings_.push_back(where + "of type " + written + ", which roofline cannot resolve to an OpenCL type; taken as " +
                          type + (pointer ? "*" : "") + " as its spec " + a.spec.text + " says");
    }
    if (aq == CL_KERNEL_ARG_ADDRESS_LOCAL) {
      if (a.spec.kind != ArgSpec::Kind::Local) throw LaunchError(where + "__local " + type + "*; its spec must be local:" + type + "[COUNT], not " + a.spec.text);
      // One at a time first, so the sum of a few cannot wrap past the check below.
      if (a.spec.bytes() > device.identity.local_mem_bytes)
        throw LaunchError("local memory '" + an + "' (" + a.spec.text + ") needs " + format_bytes(double(a.spec.bytes())) +
                          ", more than the device's " + format_bytes(double(device.identity.local_mem_bytes)));
      local_total += a.spec.bytes();
    } else if (pointer) {
      if (a.spec.kind != ArgSpec::Kind::Buffer) throw LaunchError(where + "a buffer of " + type + "; its spec must be " + type + "[COUNT]:INIT, not " + a.spec.text);
    } else if (a.spec.kind != ArgSpec::Kind::Scalar) {
      throw LaunchError(where + "a scalar " + type + "; its spec must be " + type + ":VALUE, not " + a.spec.text);
    }
    if (a.spec.type.name != type && !(pointer && type == "void"))
      throw LaunchError(where + "of type " + written + (written == type + (pointer ? "*" : "") ? "" : ", a typedef of " + type + (pointer ? "*" : "")) +
                        ", the spec " + a.spec.text + " says " + a.spec.type.name);
    if (a.spec.kind == ArgSpec::Kind::Buffer) {
      if (a.spec.bytes() > device.identity.max_alloc_bytes)
        throw LaunchError("buffer '" + an + "' (" + a.spec.text + ") needs " + format_bytes(double(a.spec.bytes())) +
                          ", more than the device's largest allocation, " + format_bytes(double(device.identity.max_alloc_bytes)));
      total += a.spec.bytes();
      a.data = make_buffer_data(a.spec);
    } else if (a.spec.kind == ArgSpec::Kind::Scalar) {
      a.data = make_scalar_bytes(a.spec);
    }
    args_.push_back(std::move(a));
  }
  for (const auto& [k, v] : spec.arg_text)
    if (!names.count(k)) throw LaunchError("--arg " + k + "=" + v + ": kernel " + name_ + " has no argument named '" + k + "'");
  if (total > device.identity.global_mem_bytes)
    throw LaunchError("the buffers need " + format_bytes(double(total)) + " together, more than the device's global memory, " +
                      format_bytes(double(device.identity.global_mem_bytes)));
  if (local_total > device.identity.local_mem_bytes)
    throw LaunchError("the local-memory arguments need " + format_bytes(double(local_total)) + ", more than the device's " +
                      format_bytes(double(device.identity.local_mem_bytes)));
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
  cl::Event ev;
  enqueue(k, &ev);
  ev.wait();
  return double(ev.getProfilingInfo<CL_PROFILING_COMMAND_END>() - ev.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
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

OpCounts UserKernel::count(const std::string& instrumented_source, double& seconds) {
  cl::Program p = build(context_, device_.device, instrumented_source, options_, "the instrumented (counting) kernel");
  cl::Kernel k(p, name_.c_str());
  std::vector<cl::Buffer> buffers;  // fresh copies: the timed runs' buffers are not touched
  set_args(k, buffers);
  std::uint64_t group = 1;
  for (auto l : local_) group *= l;
  if (local_.empty()) group = k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device_.device);
  std::vector<cl_uint> zero(2 * kCounterSlots, 0);
  cl::Buffer out(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, zero.size() * sizeof(cl_uint), zero.data());
  k.setArg(cl_uint(args_.size()), cl::Local(std::size_t(group) * sizeof(cl_ulong)));
  k.setArg(cl_uint(args_.size() + 1), out);
  seconds = run(k);
  queue_.enqueueReadBuffer(out, CL_TRUE, 0, zero.size() * sizeof(cl_uint), zero.data());
  OpCounts c;
  for (int i = 0; i < kCounterSlots; ++i) c.slot[i] = std::uint64_t(zero[2 * i]) | (std::uint64_t(zero[2 * i + 1]) << 32);
  return c;
}

}  // namespace roofline
