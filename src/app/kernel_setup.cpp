#include "app/kernel_setup.hpp"

#include <filesystem>
#include <map>
#include <sstream>
#include <string>

#include "app/errors.hpp"
#include "app/output_files.hpp"
#include "app/instrumenter.hpp"
#include "device/program.hpp"
#include "launch/source_typedefs.hpp"
#include "files/input_file.hpp"
#include "version.hpp"

namespace roofline {
namespace {

// The command line's launch words merged over the file's // roofline: lines,
// with the sizes resolved now, so that a bad one is a usage error.
LaunchSpec merged_spec(const KernelRequest& r, const std::string& source) {
  std::vector<std::string> words;
  if (!r.kernel.empty()) words.insert(words.end(), {"--kernel", r.kernel});
  if (!r.global.empty()) words.insert(words.end(), {"--global", r.global});
  if (!r.local.empty()) words.insert(words.end(), {"--local", r.local});
  for (const auto& a : r.args) words.insert(words.end(), {"--arg", a});
  for (const auto& d : r.defines) words.insert(words.end(), {"-D", d});
  if (!r.build_options.empty()) words.insert(words.end(), {"--build-options", r.build_options});
  LaunchSpec spec = parse_launch_words(words);
  spec.merge_over(parse_source_launch_spec(source));
  spec.global();
  spec.local();
  return spec;
}

std::string kernel_folder(const std::string& file) {
  return std::filesystem::absolute(file).parent_path().string();
}

}  // namespace

InstrumentRequest instrument_request(const PreparedKernel& k) {
  const DeviceEntry& device = *k.device;
  InstrumentRequest req;
  req.source = k.source;
  req.file_name = std::filesystem::absolute(k.file).string();
  req.clang_args = clang_args_from_build_options(k.spec.full_build_options());
  req.clang_args.push_back("-I" + kernel_folder(k.file));
  req.address_bits_32 = device.device.getInfo<CL_DEVICE_ADDRESS_BITS>() == 32;
  const std::string cv = device.identity.opencl_c_version;  // "OpenCL C 1.2 pocl"
  bool has_std = false;
  for (const auto& a : req.clang_args) has_std |= a.rfind("-cl-std=", 0) == 0;
  if (!has_std && cv.size() > 11 && cv.compare(0, 9, "OpenCL C ") == 0) {
    const std::string v = cv.substr(9, 3);
    // CL3.0 needs every optional feature declared; CL1.2 parses the same kernels.
    if (v == "1.0" || v == "1.1" || v == "1.2" || v == "2.0") req.clang_args.push_back("-cl-std=CL" + v);
  }
  for (const char* ext : {"cl_khr_fp64", "cl_khr_fp16"})
    if (!device.has_extension(ext)) req.clang_args.insert(req.clang_args.end(), {"-Xclang", std::string("-cl-ext=-") + ext});
  return req;
}

namespace {

// The file's typedefs: through Clang (the instrumenter), which sees the
// build's -D values and the file's headers; without the instrumenter, the
// source's simple typedef lines. A file Clang cannot parse (the device built
// it) has none: its typedef'd arguments are then taken as their specs say,
// with a warning; an instrumenter that fails otherwise (crashes, hangs)
// leaves the source's typedef lines, with a warning.
TypedefTable typedef_table(const KernelRequest& r, const PreparedKernel& k) {
  return [&r, &k]() -> std::map<std::string, std::string> {
    std::string looked;
    if (!find_instrumenter(looked)) return scan_typedefs(k.source);
    try {
      return resolve_typedefs(instrument_request(k), k.file + ": resolving its typedefs");
    } catch (const InstrumentError& e) {
      if (r.on_warning) r.on_warning(k.file + ": typedefs not resolved: " + e.what());
      return {};
    } catch (const CommandError& e) {
      if (r.on_warning) r.on_warning(std::string(e.what()) + "; the file's typedef lines are read instead");
      return scan_typedefs(k.source);
    }
  };
}

void build_kernel(PreparedKernel& k, const KernelRequest& r) {
  try {
    while_doing("preparing " + k.file, [&] {
      k.kernel = std::make_unique<UserKernel>(*k.device, k.source, k.spec, kernel_folder(k.file), typedef_table(r, k));
    });
  } catch (const KernelBuildError& e) {
    throw CommandError(Failure::kernel_build, k.file + ": " + e.what(), "build log:\n" + e.log());
  } catch (const LaunchError& e) {
    throw CommandError(Failure::usage, k.file + ": " + e.what());
  } catch (const LaunchSpecError& e) {
    throw CommandError(Failure::usage, k.file + ": " + e.what());
  }
  if (r.on_warning)
    for (const auto& w : k.kernel->warnings()) r.on_warning(k.file + ": " + w);
}

}  // namespace

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

std::string kernel_source_file(const std::string& file) {
  std::error_code ec;
  const std::filesystem::path in_bundle = std::filesystem::path(file) / "kernel.cl";
  return std::filesystem::is_directory(file, ec) && std::filesystem::is_regular_file(in_bundle, ec) ? in_bundle.string()
                                                                                                   : file;
}

PreparedKernel prepare_kernel(const KernelRequest& r) {
  PreparedKernel k;
  k.file = kernel_source_file(r.file);
  k.source = read_input_file(k.file, "kernel file", kSourceFileCap);
  k.spec = merged_spec(r, k.source);
  k.device = choose_device(r.device);
  build_kernel(k, r);
  return k;
}

InstrumentResult instrumented_copy(const PreparedKernel& k, const KernelRequest& r, bool record_addresses) {
  InstrumentRequest req = instrument_request(k);
  req.kernel = k.kernel->kernel_name();
  req.record_addresses = record_addresses;
  const std::string purpose = record_addresses ? " to record its addresses" : " for counting";
  InstrumentResult inst;
  try {
    inst = instrument_kernel(req, r.file + ": instrumenting kernel '" + req.kernel + "'" + purpose);
  } catch (const InstrumentError& e) {
    throw CommandError(Failure::kernel_build, r.file + ": cannot instrument " + req.kernel + purpose + ": " + e.what());
  }
  // Clang saw the file by its absolute path.
  for (TraceSite& site : inst.sites)
    if (site.where.rfind(req.file_name + ":", 0) == 0) site.where = k.file + site.where.substr(req.file_name.size());
  return inst;
}

namespace {

// Options that let the compiler reassociate floating-point adds may split a
// chain into partial sums that run side by side: its length then bounds
// nothing, and the counts keep none (0) and say why.
void forget_reassociable_chains(CountsFile& c) {
  if (c.counts.longest_chain == 0) return;
  std::istringstream options(c.launch.build_options);
  for (std::string word; options >> word;)
    if (word == "-cl-fast-relaxed-math" || word == "-cl-unsafe-math-optimizations") {
      c.counts.longest_chain = 0;
      c.counts.chain_links = 0;
      c.warnings.push_back(word + " lets the compiler reassociate floating-point adds: the dependent chains are not counted");
      return;
    }
}

}  // namespace

CountsFile count_kernel(PreparedKernel& k, const KernelRequest& r) {
  const InstrumentResult inst = instrumented_copy(k, r, false);
  CountsFile c;
  try {
    while_doing("counting " + r.file, [&] { c.counts = k.kernel->count(inst.source, inst.math_slots, c.instrumented_seconds); });
  } catch (const KernelBuildError& e) {
    throw CommandError(Failure::kernel_build, r.file + ": " + e.what() + " (a bug of the instrumenter; please report it)",
                       "build log:\n" + e.log());
  }
  c.launch = k.launch();
  c.source = r.file;
  c.device = k.device->identity.name;
  c.tool_version = ROOFLINE_VERSION;
  c.git_revision = ROOFLINE_GIT_REVISION;
  c.date = utc_now_iso();
  c.work_items = k.kernel->work_items();
  c.buffer_bytes = k.kernel->buffer_bytes();
  c.warnings = inst.warnings;
  forget_reassociable_chains(c);
  return c;
}

}  // namespace roofline
