#include "benchmark/working_set.hpp"

#include <algorithm>
#include <cstring>
#include <sstream>

#include "benchmark/random_fill.hpp"
#include "benchmark/suite_timing.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

constexpr std::uint32_t kLocalTile = 1024;  // uint4 words of memory.cl's local-memory tile (16 KiB)

// The largest prime <= n (n >= 2), or 1: block counts of scattered walks.
std::uint64_t prime_at_most(std::uint64_t n) {
  auto prime = [](std::uint64_t x) {
    if (x < 2) return false;
    for (std::uint64_t d = 2; d * d <= x; ++d)
      if (x % d == 0) return false;
    return true;
  };
  while (n > 1 && !prime(n)) --n;
  return n;
}

const char* kernel_name(Op op) {
  switch (op) {
    case Op::image: return "sweep_image";
    case Op::store: return "sweep_store";
    case Op::copy: return "sweep_copy";
    default: return "sweep_read";
  }
}

bool reads(Op op) { return op == Op::read || op == Op::image; }
double sides(Op op) { return op == Op::copy ? 2 : 1; }  // copy: the working set is source and destination

std::string accesses_of(Op op) {
  switch (op) {
    case Op::image: return "image reads (read_imageui, uint4 texels)";
    case Op::store: return "stores";
    case Op::copy: return "loads and stores (1:1)";
    default: return "loads";
  }
}

// Image reads need image support and 16-byte elements.
bool with_images(const Session& s, std::uint64_t element_bytes) {
  return element_bytes == 16 && s.device.device.getInfo<CL_DEVICE_IMAGE_SUPPORT>();
}

}  // namespace

std::string working_set_options(const Session& s, DataType type, int width, int loads) {
  const bool dbl = type == DataType::float64;
  const std::string w = width == 1 ? "" : std::to_string(width);
  const std::string ut = (dbl ? "ulong" : "uint") + w;
  std::ostringstream o;
  o << "-cl-std=CL1.2 -DT=" << str(type) << " -DVT=" << str(type) << w << " -DW=" << width << " -DUTV=" << ut
    << " -DSUT=" << (dbl ? "ulong" : "uint") << " -DU=" << loads << " -DLTILE=" << kLocalTile
    << " -DSCATTER=" << (s.plan.memory.scatter ? 1 : 0)
    << " -DHAS_IMAGES=" << (with_images(s, scalar_bytes(type) * std::uint64_t(width)) ? 1 : 0)
    << (dbl ? " -DUSE_FP64" : "");
  return o.str();
}

WorkingSet::WorkingSet(Session& s, DataType type, int width, int loads, std::uint64_t max_bytes, const LaunchShape& largest)
    : s_(s), type_(type), width_(width), loads_(loads), scatter_(s.plan.memory.scatter) {
  elem_ = scalar_bytes(type) * std::uint64_t(width);
  program_ = s_.programs.get("memory.cl", working_set_options(s, type, width, loads));
  bytes_ = max_bytes / (elem_ * 2) * elem_ * 2;
  host_.resize(bytes_ / 4);
  fill_random(host_.data(), host_.size(), 7 + width);
  try {
    data_ = s_.working_set_buffer(CL_MEM_READ_ONLY, bytes_);
    scratch_ = s_.working_set_buffer(CL_MEM_READ_WRITE, bytes_);
    out_ = cl::Buffer(s_.context, CL_MEM_WRITE_ONLY, largest.global * 8);
    s_.queue.enqueueWriteBuffer(data_, CL_TRUE, 0, bytes_, host_.data());
    if (images()) {
      const std::uint64_t texels =
          std::min<std::uint64_t>(bytes_ / 16, s_.device.device.getInfo<CL_DEVICE_IMAGE_MAX_BUFFER_SIZE>());
      image_ = cl::Image1DBuffer(s_.context, CL_MEM_READ_ONLY, cl::ImageFormat(CL_RGBA, CL_UNSIGNED_INT32), texels, data_);
      image_bytes_ = texels * 16;
    }
  } catch (const cl::Error& e) {
    throw std::runtime_error("cannot allocate two buffers of " + format_bytes(double(bytes_)) +
                             " for the memory sweep (OpenCL error " + std::to_string(e.err()) + ")");
  }
}

std::uint64_t WorkingSet::step_bytes(const LaunchShape& l) const { return l.local * loads_ * elem_; }

std::uint64_t WorkingSet::min_bytes(Op op, const LaunchShape& l) const {
  return step_bytes(l) * (reads(op) ? 1 : l.work_groups()) * std::uint64_t(sides(op));
}

bool WorkingSet::images() const { return with_images(s_, elem_); }

std::string WorkingSet::describe(Op op, const LaunchShape& l) const {
  const std::string pattern = reads(op) ? std::string("every work-group walking the whole working set") +
                                              (scatter_ ? " in its own block order" : " from its own offset")
                                        : "each work-group storing to its own slice of the working set";
  return accesses_of(op) + " of " + str(type_) + (width_ > 1 ? std::to_string(width_) : "") + ", " +
         std::to_string(loads_) + " accesses in flight per work-item, " + std::to_string(l.work_groups()) + " x " +
         std::to_string(l.local) + " work-items, " + pattern;
}

// Blocks of the walk: whole blocks of `ws`; for GPU loads a prime number of
// them (every scattered stride then visits every block); for stores and
// copies a multiple of the work-group count, each work-group's slice whole.
std::uint64_t WorkingSet::blocks_for(Op op, std::uint64_t ws, const LaunchShape& l) const {
  const std::uint64_t step = l.local * std::uint64_t(loads_);
  std::uint64_t nblocks = ws / std::uint64_t(sides(op)) / elem_ / step;
  if (reads(op)) {
    if (nblocks == 0) throw std::invalid_argument("working set smaller than one step of the walk");
    return scatter_ ? prime_at_most(nblocks) : nblocks;
  }
  const std::uint64_t groups = l.work_groups();
  if (nblocks < groups) throw std::invalid_argument("working set smaller than a block per work-group");
  return nblocks / groups * groups;
}

// Sets the walk's arguments but the element count: what it walks, where read
// sums go, the block count. Returns the count's argument index.
int WorkingSet::set_walk_args(cl::Kernel& k, Op op, std::uint64_t nblocks) const {
  int arg = 0;
  if (op == Op::image) k.setArg(arg++, image_);
  else k.setArg(arg++, op == Op::read ? data_ : scratch_);
  if (reads(op)) k.setArg(arg++, out_);
  k.setArg(arg++, cl_uint(nblocks));
  return arg;
}

// Elements per work-group and launch so that one launch takes about
// `target_s`, within the driver's loop budget (a loop of count / step per work-item).
std::uint64_t WorkingSet::calibrate(cl::Kernel& k, int count_arg, const LaunchShape& l, std::uint64_t count, double target_s) {
  const std::uint64_t step = l.local * std::uint64_t(loads_);
  const std::uint64_t most = std::min<std::uint64_t>(1ull << 31, within_loop_budget(s_.loop_budget, 1u << 31) * step);
  count = std::min(count, most);
  auto run = [&] {
    k.setArg(count_arg, cl_uint(count));
    return s_.run_timed(k, l);
  };
  run();  // the first launch may include the driver's lazy compilation
  for (int i = 0; i < 8; ++i) {
    const double t = run();
    if (t >= target_s / 2 || count >= most) break;
    count = std::min<std::uint64_t>(most, std::uint64_t(double(count) * std::min(16.0, target_s / std::max(t, 1e-7))));
    count = std::min(most / step * step, (count + step - 1) / step * step);
  }
  k.setArg(count_arg, cl_uint(count));
  return count;
}

Walk WorkingSet::prepare(Op op, std::uint64_t ws, const LaunchShape& asked, double target_s) {
  cl::Kernel kernel(program_, kernel_name(op));
  // Work-groups no larger than the kernel takes: a wide type's kernel may
  // hold too many registers for the largest groups (an H100 refused the
  // float16 L1 read at 1024 work-items a group: OpenCL error -5).
  const LaunchShape l = fit_to_kernel(asked, s_.max_local(kernel));
  const std::uint64_t step = l.local * std::uint64_t(loads_);
  const std::uint64_t nblocks = blocks_for(op, ws, l);
  const std::uint64_t n = nblocks * step;
  if (op == Op::image && n * elem_ > image_bytes_) throw std::invalid_argument("working set larger than the image");
  Walk w;
  w.op = op;
  w.launch = l;
  w.working_set = double(n * elem_) * sides(op);
  w.kernel = kernel;
  const int count_arg = set_walk_args(w.kernel, op, nblocks);
  // The first try moves the working set once in all (each work-group its
  // share): one whole pass per work-group over a DRAM-sized set would take seconds.
  const std::uint64_t count = calibrate(w.kernel, count_arg, l, std::max<std::uint64_t>(n / l.work_groups() / step * step, step), target_s);
  check(op, nblocks, count, l);
  w.moved = double(l.work_groups()) * double(count) * double(elem_) * sides(op);
  w.uses = {data_, scratch_, out_};
  if (op == Op::image) w.uses.push_back(image_);
  return w;
}

Stats WorkingSet::sample(const Walk& walk, const SamplingPolicy& policy) {
  s_.run_timed(walk.kernel, walk.launch);
  return rate_stats(roofline::sample([&] { return s_.run_timed(walk.kernel, walk.launch); }, policy), walk.moved);
}

Replay WorkingSet::replay(const Walk& walk) const {
  return Replay{[&s = s_, walk] { return s.run_timed(walk.kernel, walk.launch); }, walk.moved};
}

// The elements work-group g's work-item `lid` visits, in order (as kernels/memory.cl walks them when it loads).
template <typename F>
void WorkingSet::walk(std::uint64_t g, std::uint64_t groups, std::uint64_t lid, std::uint64_t nblocks, std::uint64_t count,
                      std::uint64_t local, F&& visit) const {
  const std::uint64_t step = local * loads_;
  const std::uint64_t stride = scatter_ && nblocks > 1 ? 1 + (g * 2654435761ull) % (nblocks - 1) : 1;
  std::uint64_t block = g * nblocks / groups;
  for (std::uint64_t j = 0; j < count; j += step) {
    for (int k = 0; k < loads_; ++k) visit(block * step + k * local + lid);
    block += stride;
    if (block >= nblocks) block -= nblocks;
  }
}

std::string WorkingSet::what(Op op) const {
  return "the " + str(op) + " sweep kernel (" + str(type_) + std::to_string(width_) + ")";
}

// Checks the first, a middle and the last work-group's load sums, or what the
// first work-group stored: enough to catch a compiler that dropped the
// accesses, cheap enough for every point.
void WorkingSet::check(Op op, std::uint64_t nblocks, std::uint64_t count, const LaunchShape& l) {
  if (reads(op)) check_sums(op, nblocks, count, l);
  else check_stores(op, nblocks, count, l);
}

void WorkingSet::check_sums(Op op, std::uint64_t nblocks, std::uint64_t count, const LaunchShape& l) {
  const std::uint64_t groups = l.work_groups();
  const bool dbl = type_ == DataType::float64;  // the image holds the same data as uint4 texels
  std::vector<std::uint64_t> got(l.global);
  if (dbl) {
    s_.queue.enqueueReadBuffer(out_, CL_TRUE, 0, l.global * 8, got.data());
  } else {
    std::vector<std::uint32_t> g32(l.global);
    s_.queue.enqueueReadBuffer(out_, CL_TRUE, 0, l.global * 4, g32.data());
    std::copy(g32.begin(), g32.end(), got.begin());
  }
  const std::uint64_t lanes = elem_ / (dbl ? 8 : 4);
  for (std::uint64_t g : {std::uint64_t(0), groups / 2, groups - 1})
    for (std::uint64_t lid = 0; lid < l.local; ++lid) {
      std::uint64_t sum = 0;
      walk(g, groups, lid, nblocks, count, l.local, [&](std::uint64_t e) {
        for (std::uint64_t x = 0; x < lanes; ++x) {
          if (dbl) {
            std::uint64_t v;
            std::memcpy(&v, &host_[(e * lanes + x) * 2], 8);
            sum += v;
          } else {
            sum += host_[e * lanes + x];
          }
        }
      });
      if (!dbl) sum &= 0xffffffffu;
      if (got[g * l.local + lid] != sum)
        throw WrongResult("wrong sum from " + what(op) + " in work-group " + std::to_string(g) + ", work-item " +
                          std::to_string(lid));
    }
}

// Work-group 0's slice starts at the first element: element e of it holds e
// (stores), or the source's element e (copies, whose destination is the
// second half).
void WorkingSet::check_stores(Op op, std::uint64_t nblocks, std::uint64_t count, const LaunchShape& l) {
  const std::uint64_t step = l.local * std::uint64_t(loads_);
  const std::uint64_t slice = nblocks / l.work_groups() * step;
  const std::uint64_t first = std::min(slice, count);
  std::vector<unsigned char> got(first * elem_);
  if (op == Op::store) {
    s_.queue.enqueueReadBuffer(scratch_, CL_TRUE, 0, got.size(), got.data());
    const std::uint64_t lanes = elem_ / scalar_bytes(type_);
    for (std::uint64_t e = 0; e < first; ++e)
      for (std::uint64_t x = 0; x < lanes; ++x) {
        std::uint64_t v = 0;
        std::memcpy(&v, &got[e * elem_ + x * (elem_ / lanes)], elem_ / lanes);
        if (v != e) throw WrongResult("element " + std::to_string(e) + " written by " + what(op) + " holds " + std::to_string(v));
      }
    return;
  }
  std::vector<unsigned char> src(got.size());
  s_.queue.enqueueReadBuffer(scratch_, CL_TRUE, 0, src.size(), src.data());
  s_.queue.enqueueReadBuffer(scratch_, CL_TRUE, nblocks * step * elem_, got.size(), got.data());
  if (src != got) throw WrongResult("the destination of " + what(op) + " differs from its source");
}

}  // namespace roofline
