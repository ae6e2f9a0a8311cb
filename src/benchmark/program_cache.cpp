#include "benchmark/program_cache.hpp"

#include <chrono>
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

ProgramCache::~ProgramCache() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  for (std::thread& t : builders_) t.join();
}

cl::Program ProgramCache::timed_build(const std::string& file, const std::string& source, const std::string& options) {
  const auto start = std::chrono::steady_clock::now();
  cl::Program program = build_program(context_, device_, source, options, "kernel " + (fs::path(dir_) / file).string());
  std::lock_guard<std::mutex> lock(mutex_);
  ++built_count_;
  build_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return program;
}

void ProgramCache::prefetch(const ProgramList& programs) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const Key& key : programs)
    if (!programs_.count(key) && !pending_.count(key)) {
      pending_[key] = true;
      queue_.push_back({key, source(key.first)});  // read here: source() is not for two threads
    }
  while (active_ < std::min<std::size_t>(kBuilders, queue_.size())) {
    ++active_;
    builders_.emplace_back([this] { build_ahead(); });
  }
}

// A builder: the queue's programs in order, until it is empty or the cache stops.
void ProgramCache::build_ahead() {
  for (;;) {
    std::pair<Key, std::string> job;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stop_ || queue_.empty()) {
        if (stop_) {
          for (auto& left : queue_) pending_.erase(left.first);
          queue_.clear();
        }
        --active_;
        built_.notify_all();
        return;
      }
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    std::exception_ptr error;
    cl::Program program;
    try {
      program = timed_build(job.first.first, job.second, job.first.second);
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    pending_.erase(job.first);
    if (error) failed_[job.first] = error;
    else prefetched_[job.first] = std::move(program), ++built_ahead_;
    built_.notify_all();
  }
}

const cl::Program& ProgramCache::get(const std::string& file, const std::string& options) {
  const Key key(file, options);
  auto it = programs_.find(key);
  if (it != programs_.end()) return it->second;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    built_.wait(lock, [&] { return !pending_.count(key); });
    if (auto f = failed_.find(key); f != failed_.end()) {
      const std::exception_ptr error = f->second;
      failed_.erase(f);
      std::rethrow_exception(error);
    }
    if (auto p = prefetched_.find(key); p != prefetched_.end()) {
      cl::Program program = std::move(p->second);
      prefetched_.erase(p);
      lock.unlock();
      dump_binary(program, file, options);
      return programs_.emplace(key, std::move(program)).first->second;
    }
  }
  cl::Program program = timed_build(file, source(file), options);
  dump_binary(program, file, options);
  return programs_.emplace(key, std::move(program)).first->second;
}

std::size_t ProgramCache::built_ahead() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return built_ahead_;
}

std::size_t ProgramCache::never_asked() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return prefetched_.size() + pending_.size();
}

std::size_t ProgramCache::built() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return built_count_;
}

double ProgramCache::build_seconds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return build_seconds_;
}

}  // namespace roofline
