#include "benchmark/program_cache.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

namespace roofline {
namespace fs = std::filesystem;

static bool has_kernels(const fs::path& d) {
  std::error_code ec;
  return fs::is_regular_file(d / "compute.cl", ec);
}

std::string find_kernel_dir(const std::string& override_dir) {
  if (!override_dir.empty()) {
    if (!has_kernels(override_dir)) throw std::runtime_error("kernel folder " + override_dir + " holds no compute.cl");
    return override_dir;
  }
  if (const char* env = std::getenv("ROOFLINE_KERNELS"); env && *env) {
    if (!has_kernels(env)) throw std::runtime_error(std::string("$ROOFLINE_KERNELS=") + env + " holds no compute.cl");
    return env;
  }
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (fs::path p : {exe.parent_path() / "kernels", exe.parent_path() / ".." / "kernels",
                       exe.parent_path() / ROOFLINE_INSTALLED_KERNEL_DIR})
      if (has_kernels(p)) return fs::weakly_canonical(p).string();
  }
  if (has_kernels(ROOFLINE_SOURCE_KERNEL_DIR)) return ROOFLINE_SOURCE_KERNEL_DIR;
  throw std::runtime_error("cannot find the kernels/ folder; pass --kernels DIR or set ROOFLINE_KERNELS");
}

ProgramCache::ProgramCache(cl::Context context, cl::Device device, std::string dir)
    : context_(std::move(context)), device_(std::move(device)), dir_(std::move(dir)) {}

// Reads a kernel source with its `#include "name"` lines replaced by the named
// files of the kernel folder, so that no driver has to resolve include paths.
const std::string& ProgramCache::source(const std::string& file) {
  auto it = sources_.find(file);
  if (it != sources_.end()) return it->second;
  const std::string path = (fs::path(dir_) / file).string();
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read kernel source " + path);
  std::ostringstream s;
  int line_no = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_no;
    const auto at = line.find("#include \"");
    if (at != std::string::npos && line.find_first_not_of(" \t") == at) {
      const auto close = line.find('"', at + 10);
      if (close == std::string::npos) throw std::runtime_error(path + ":" + std::to_string(line_no) + ": malformed #include");
      const std::string name = line.substr(at + 10, close - at - 10);
      if (name == file) throw std::runtime_error(path + " includes itself");
      s << source(name) << "#line " << line_no + 1 << "\n";
      continue;
    }
    s << line << "\n";
  }
  return sources_[file] = s.str();
}

// With $ROOFLINE_DUMP_BINARIES=DIR every built program's binary is written to
// DIR (NVIDIA returns PTX, PoCL LLVM bitcode), preceded by its file name and
// options, so the generated code of each measured kernel can be read.
void ProgramCache::dump_binary(const cl::Program& program, const std::string& file, const std::string& options) {
  const char* dir = std::getenv("ROOFLINE_DUMP_BINARIES");
  if (!dir || !*dir) return;
  std::vector<std::vector<unsigned char>> bins;
  try {
    bins = program.getInfo<CL_PROGRAM_BINARIES>();
  } catch (const cl::Error&) {
    return;
  }
  if (bins.empty()) return;
  const std::string path = (fs::path(dir) / (fs::path(file).stem().string() + "-" + std::to_string(++dumped_) + ".bin")).string();
  std::ofstream out(path, std::ios::binary);
  out << "// " << file << " " << options << "\n";
  out.write(reinterpret_cast<const char*>(bins[0].data()), std::streamsize(bins[0].size()));
}

const cl::Program& ProgramCache::get(const std::string& file, const std::string& options) {
  auto key = std::make_pair(file, options);
  auto it = programs_.find(key);
  if (it != programs_.end()) return it->second;
  cl::Program program = build_program(context_, device_, source(file), options, "kernel " + (fs::path(dir_) / file).string());
  dump_binary(program, file, options);
  return programs_.emplace(key, std::move(program)).first->second;
}

}  // namespace roofline
