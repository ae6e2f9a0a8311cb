#include "cli/kernel_launch.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "benchmark/program_cache.hpp"  // KernelBuildError
#include "cli/cli_support.hpp"
#include "cli/exit_codes.hpp"
#include "benchmark/source_typedefs.hpp"
#include "count/instrument.hpp"
#include "count/typedefs.hpp"
#include "model/units.hpp"
#include "version.hpp"

namespace roofline {

CountedLaunch PreparedKernel::launch() const {
  CountedLaunch l;
  l.kernel = kernel->kernel_name();
  l.source_hash = source_hash(source);
  l.build_options = spec.full_build_options();
  l.global = kernel->global();
  l.local = kernel->local();
  l.args = spec.arg_text;
  return l;
}

namespace {

// How Clang must parse the file to see what the device build sees (the kernel name left to the caller).
InstrumentRequest clang_request(const KernelOptions& o, const std::string& source, const LaunchSpec& spec, const DeviceEntry& device) {
  InstrumentRequest req;
  req.source = source;
  req.file_name = std::filesystem::absolute(o.file).string();
  req.clang_args = clang_args_from_build_options(spec.full_build_options());
  req.clang_args.push_back("-I" + std::filesystem::absolute(o.file).parent_path().string());
  req.address_bits_32 = device.device.getInfo<CL_DEVICE_ADDRESS_BITS>() == 32;
  const std::string cv = device.identity.opencl_c_version;  // "OpenCL C 1.2 pocl"
  bool has_std = false;
  for (const auto& a : req.clang_args) has_std |= a.rfind("-cl-std=", 0) == 0;
  if (!has_std && cv.size() > 11 && cv.compare(0, 9, "OpenCL C ") == 0) {
    const std::string v = cv.substr(9, 3);
    // CL3.0 needs every optional feature declared; CL1.2 parses the same kernels.
    if (v == "1.0" || v == "1.1" || v == "1.2" || v == "2.0") req.clang_args.push_back("-cl-std=CL" + v);
  }
  if (!device.has_extension("cl_khr_fp64")) req.clang_args.push_back("-Xclang"), req.clang_args.push_back("-cl-ext=-cl_khr_fp64");
  if (!device.has_extension("cl_khr_fp16")) req.clang_args.push_back("-Xclang"), req.clang_args.push_back("-cl-ext=-cl_khr_fp16");
  return req;
}

// The file's typedefs: through Clang, which sees the build's -D values and the
// file's headers; in a build without it, the source's simple typedef lines. A
// file Clang cannot parse (the device built it) has none: its typedef'd
// arguments are then taken as their specs say, with a warning.
TypedefTable typedef_table(const KernelOptions& o, const PreparedKernel& k) {
  return [&o, &k]() -> std::map<std::string, std::string> {
    if (!counting_available()) return scan_typedefs(k.source);
    try {
      return resolve_typedefs(clang_request(o, k.source, k.spec, *k.device));
    } catch (const InstrumentError& e) {
      print_warning(o.file + ": typedefs not resolved: " + e.what());
      return {};
    }
  };
}

}  // namespace

int prepare_kernel(const KernelOptions& o, PreparedKernel& k) {
  // A directory opens as a stream on Linux and reads as empty: ask first.
  std::error_code ec;
  if (std::filesystem::is_directory(o.file, ec)) {
    print_error("cannot read kernel file " + o.file + ": is a directory");
    return exit_code::usage;
  }
  std::ifstream in(o.file);
  std::ostringstream s;
  if (in) s << in.rdbuf();  // an empty file is read as empty, not refused
  if (!in.is_open() || in.bad()) {
    print_error("cannot read kernel file " + o.file + ": " + std::strerror(errno));
    return exit_code::usage;
  }
  k.source = s.str();
  try {
    std::vector<std::string> words;
    if (!o.kernel.empty()) words.insert(words.end(), {"--kernel", o.kernel});
    if (!o.global.empty()) words.insert(words.end(), {"--global", o.global});
    if (!o.local.empty()) words.insert(words.end(), {"--local", o.local});
    for (const auto& a : o.args) words.insert(words.end(), {"--arg", a});
    for (const auto& d : o.defines) words.insert(words.end(), {"-D", d});
    if (!o.build_options.empty()) words.insert(words.end(), {"--build-options", o.build_options});
    k.spec = parse_launch_words(words);
    k.spec.merge_over(parse_source_launch_spec(k.source));
    k.spec.global();  // sizes resolve now, so a bad one is a usage error
    k.spec.local();
  } catch (const LaunchSpecError& e) {
    print_error(e.what());
    return exit_code::usage;
  }
  if (int rc = pick_device(o.device, k.devices, k.device)) return rc;
  try {
    k.kernel = std::make_unique<UserKernel>(*k.device, k.source, k.spec,
                                             std::filesystem::absolute(o.file).parent_path().string(), typedef_table(o, k));
    for (const auto& w : k.kernel->warnings()) print_warning(o.file + ": " + w);
  } catch (const KernelBuildError& e) {
    print_error(o.file + ": " + e.what() + "; build log:\n" + e.log());
    return exit_code::kernel_build;
  } catch (const LaunchError& e) {
    print_error(o.file + ": " + e.what());
    return exit_code::usage;
  } catch (const LaunchSpecError& e) {
    print_error(o.file + ": " + e.what());
    return exit_code::usage;
  } catch (const cl::Error& e) {
    print_error(std::string("OpenCL error ") + std::to_string(e.err()) + " in " + e.what() + " while preparing " + o.file);
    return exit_code::failure;
  }
  return exit_code::ok;
}

int count_kernel(const KernelOptions& o, PreparedKernel& k, CountsFile& c) {
  if (!counting_available()) {
    print_error("counting is unavailable in this build (built without Clang): run `roofline count " + o.file +
                " -o COUNTS.json` with a build that has it, then pass --counts COUNTS.json");
    return exit_code::failure;
  }
  InstrumentRequest req = clang_request(o, k.source, k.spec, *k.device);
  req.kernel = k.kernel->kernel_name();
  InstrumentResult inst;
  try {
    inst = instrument_kernel(req);
  } catch (const InstrumentError& e) {
    print_error(o.file + ": cannot instrument " + req.kernel + " for counting: " + e.what());
    return exit_code::kernel_build;
  }
  try {
    c.counts = k.kernel->count(inst.source, c.instrumented_seconds);
  } catch (const KernelBuildError& e) {
    print_error(o.file + ": " + e.what() + " (a bug of the instrumenter; please report it); build log:\n" + e.log());
    return exit_code::kernel_build;
  } catch (const cl::Error& e) {
    print_error(std::string("OpenCL error ") + std::to_string(e.err()) + " in " + e.what() + " while counting " + o.file);
    return exit_code::failure;
  }
  c.launch = k.launch();
  c.source = o.file;
  c.device = k.device->identity.name;
  c.tool_version = ROOFLINE_VERSION;
  c.git_revision = ROOFLINE_GIT_REVISION;
  c.date = utc_now_iso();
  c.work_items = k.kernel->work_items();
  c.warnings = inst.warnings;
  return exit_code::ok;
}

std::string format_counts(const CountsFile& c) {
  std::ostringstream o;
  auto n = [](double v) {
    char b[64];
    std::snprintf(b, sizeof b, "%.0f", v);
    return std::string(b);
  };
  const OpCounts& k = c.counts;
  o << "kernel " << c.launch.kernel << " (" << c.source << "), " << c.work_items << " work-items, counted on " << c.device << "\n";
  o << "  FLOPs    " << n(k.flops()) << "  (half " << n(double(k.slot[kFlopHalf])) << ", float " << n(double(k.slot[kFlopFloat]))
    << ", double " << n(double(k.slot[kFlopDouble])) << ")\n";
  o << "  INTOPs   " << n(k.intops()) << "\n";
  o << "  bytes    " << n(k.carm_bytes()) << "  (CARM traffic: global, constant and local)\n";
  o << "    global    load " << n(double(k.slot[kGlobalLoad])) << "  store " << n(double(k.slot[kGlobalStore])) << "\n";
  o << "    constant  load " << n(double(k.slot[kConstantLoad])) << "\n";
  o << "    local     load " << n(double(k.slot[kLocalLoad])) << "  store " << n(double(k.slot[kLocalStore])) << "\n";
  o << "    private   load " << n(double(k.slot[kPrivateLoad])) << "  store " << n(double(k.slot[kPrivateStore]))
    << "  (not CARM traffic)\n";
  const double ops = k.flops() > 0 ? k.flops() : k.intops();
  if (k.carm_bytes() > 0) {
    char b[64];
    std::snprintf(b, sizeof b, "%.4g", ops / k.carm_bytes());
    o << "  AI       " << b << (k.flops() > 0 ? " FLOP/byte" : " INTOP/byte") << "\n";
  }
  for (const auto& w : c.warnings) o << "  warning: " << w << "\n";
  return o.str();
}

}  // namespace roofline
