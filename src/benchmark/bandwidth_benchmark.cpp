#include "benchmark/bandwidth_benchmark.hpp"

#include <cstring>
#include <sstream>

#include "benchmark/random_fill.hpp"
#include "measurement/interrupt.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {



// The device buffers and the host's copy of the source data.
struct DramBuffers {
  std::vector<std::uint32_t> host;  // the random source words
  cl::Buffer src, dst, sums;
};

// Expected per-work-item sums of the read kernel: integer adds wrap, so the
// order the device adds in does not matter.
std::vector<std::uint32_t> expected_sums(const std::vector<std::uint32_t>& words, std::uint64_t global,
                                         std::uint64_t per_item, int width, bool chunked) {
  // One pass in memory order (a strided pass over gigabytes would take minutes):
  // element e belongs to work-item e / per_item (chunks) or e % global (grid-stride).
  std::vector<std::uint32_t> sums(global, 0);
  const std::uint64_t elements = global * per_item;
  for (std::uint64_t e = 0; e < elements; ++e) {
    std::uint32_t s = 0;
    for (int l = 0; l < width; ++l) s += words[e * width + l];
    sums[chunked ? e / per_item : e % global] += s;
  }
  return sums;
}

}  // namespace

std::vector<Ceiling> measure_dram(Session& s, std::vector<ReplayAt>* replays) {
  const Plan& plan = s.plan;
  const std::uint64_t bytes = plan.bandwidth_bytes & ~std::uint64_t(255);
  DramBuffers b;
  std::uint64_t max_global = 0;
  for (auto g : plan.bandwidth_globals) max_global = std::max(max_global, g);
  s.progress.detail("filling " + format_bytes(double(bytes)) + " with random data");
  try {
    b.host.resize(bytes / 4);
  } catch (const std::bad_alloc&) {
    throw std::runtime_error("cannot allocate " + format_bytes(double(bytes)) + " of host memory for the DRAM test");
  }
  fill_random(b.host.data(), b.host.size(), 42);
  try {
    b.src = cl::Buffer(s.context, CL_MEM_READ_ONLY, bytes);
    b.dst = cl::Buffer(s.context, CL_MEM_READ_WRITE, bytes);
    b.sums = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, max_global * 4);
    s.queue.enqueueWriteBuffer(b.src, CL_TRUE, 0, bytes, b.host.data());
  } catch (const cl::Error& e) {
    throw std::runtime_error("cannot allocate two buffers of " + format_bytes(double(bytes)) + " on the device (OpenCL error " +
                             std::to_string(e.err()) + ")");
  }

  const int loads = plan.loads_in_flight;
  auto items_per_work_item = [bytes, loads](std::uint64_t global, int width) {
    return bytes / (4ull * width) / global / loads * loads;
  };
  // The kernel of `op` at `width` for `global` work-items, its arguments set.
  auto make_kernel = [&s, &plan, loads, items_per_work_item, src = b.src, dst = b.dst, sums = b.sums](
                         const std::string& op, int width, std::uint64_t global) {
    std::ostringstream o;
    o << "-cl-std=CL1.2 -DVT=" << (width == 1 ? "uint" : "uint" + std::to_string(width)) << " -DW=" << width
      << " -DCHUNKED=" << (plan.chunked ? 1 : 0) << " -DLOADS=" << loads;
    cl::Kernel k(s.programs.get("bandwidth.cl", o.str()), op == "read" ? "read_bw" : "copy_bw");
    k.setArg(0, src);
    k.setArg(1, op == "read" ? sums : dst);
    k.setArg(2, cl_uint(items_per_work_item(global, width)));
    return k;
  };

  std::vector<Ceiling> out;
  for (const std::string op : {"read", "copy"}) {
    Ceiling c;
    c.kind = "memory";
    c.op = op;
    c.type = "int";
    c.level = "DRAM";
    c.unit = "B/s";
    std::vector<SweepPoint> best_sweep;
    for (int width : plan.bandwidth_widths) {
      std::vector<SweepPoint> sweep;
      for (std::uint64_t global : plan.bandwidth_globals) {
        throw_if_interrupted();
        const std::uint64_t per_item = items_per_work_item(global, width);
        if (per_item == 0 || global % plan.bandwidth_local) continue;
        cl::Kernel k = make_kernel(op, width, global);
        const LaunchShape shape{global, plan.bandwidth_local};
        const std::uint64_t used = per_item * global * 4ull * width;  // bytes of source touched
        s.progress.detail("DRAM " + op + " uint" + std::to_string(width) + ", " + std::to_string(global) + " work-items");

        // A first, checked launch: every work-item's sum, or the copied bytes.
        if (op == "copy") s.queue.enqueueFillBuffer(b.dst, cl_uint(0), 0, used);
        s.run_timed(k, shape);
        if (op == "read") {
          std::vector<std::uint32_t> got(global);
          s.queue.enqueueReadBuffer(b.sums, CL_TRUE, 0, global * 4, got.data());
          if (got != expected_sums(b.host, global, per_item, width, plan.chunked))
            throw WrongResult("wrong sums from the DRAM read kernel (uint" + std::to_string(width) + ")");
        } else {
          std::vector<std::uint32_t> got(used / 4);
          s.queue.enqueueReadBuffer(b.dst, CL_TRUE, 0, used, got.data());
          if (std::memcmp(got.data(), b.host.data(), used) != 0)
            throw WrongResult("the DRAM copy kernel's destination differs from its source (uint" +
                                     std::to_string(width) + ")");
        }
        const double moved = double(used) * (op == "copy" ? 2 : 1);
        SweepPoint p{shape, rate_stats(sample([&] { return s.run_timed(k, shape); }, plan.sweep), moved), std::nullopt};
        sweep.push_back(p);
        if (p.stats.median > c.value) {
          c.value = p.stats.median;
          c.stats = p.stats;
          c.launch = shape;
          c.width = width;
          c.variant = std::string(plan.chunked ? "contiguous chunk per work-item" : "grid-stride (coalesced)") + ", " +
                      std::to_string(loads) + " loads in flight, " + format_bytes(double(used)) + " per buffer";
          best_sweep = sweep;
        }
      }
      if (c.width == width) best_sweep = sweep;
    }
    c.sweep_wg_count = best_sweep;
    out.push_back(c);
    if (replays)
      replays->push_back([make_kernel, items_per_work_item, &s, op, width = c.width](const LaunchShape& shape) {
        cl::Kernel k = make_kernel(op, width, shape.global);
        const double moved = double(items_per_work_item(shape.global, width) * shape.global * 4ull * width) *
                             (op == "copy" ? 2 : 1);
        return Replay{[&s, k, shape] { return s.run_timed(k, shape); }, moved};
      });
  }
  return out;
}

}  // namespace roofline
