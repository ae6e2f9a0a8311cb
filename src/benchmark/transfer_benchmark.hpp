// benchmark/transfer_benchmark: host-device transfers (write, read, map) over
// sizes from 4 KiB up, each fitted to time = latency + bytes / bandwidth, and
// kernel launch overhead, from kernels/empty.cl.
#pragma once
#include <cstdint>
#include <vector>

#include "benchmark/session.hpp"
#include "model/memory_model.hpp"

namespace roofline {

// The transfer sizes: 4 KiB times 4^k (quick: 16^k) up to 256 MiB (quick:
// 64 MiB) or max_alloc_bytes / 4, whichever is smaller (rounded down to
// 4 KiB); that cap is added as the last size when the steps fall short of it.
// Throws std::runtime_error when the cap is under 8 KiB (no two sizes).
std::vector<std::uint64_t> transfer_sizes(bool quick, std::uint64_t max_alloc_bytes);

// The "write" (clEnqueueWriteBuffer, host to device), "read"
// (clEnqueueReadBuffer, device to host) and "map" (clEnqueueMapBuffer for
// reading, then unmap: zero-copy on CPUs and integrated GPUs) fits, in that
// order. Every transfer is timed by its events' profiling START..END (map:
// the map's plus the unmap's), repeated by the plan's sweep policy; the
// points hold the seconds per size and the fit uses their medians
// (analysis/transfer_fit). The host side is pinned-friendly memory: a
// CL_MEM_ALLOC_HOST_PTR buffer mapped once for the whole run (as clpeak
// does), or a plain host vector when the runtime refuses one, with a note in
// session.notes. Its data are random. At each size a checked write, read back
// and map are compared with the source before the timings.
// A direction whose time does not grow measurably with size gets bandwidth 0
// and its mean time as latency (see fit_transfer) and a note in
// session.notes; so does a zero-copy map (CPUs, integrated GPUs), recognised
// by its largest size taking under a tenth of the read's time.
// Throws WrongResult when the data do not survive the round trip and
// std::runtime_error when the buffers cannot be allocated.
std::vector<TransferFit> measure_transfers(Session& session);

// An empty kernel launched over 1, 32, 1024, 32768 and 1M work-items (quick:
// 1, 1024, 1M), the work-group size left to the runtime: device_seconds from
// the event's START..END, host_seconds on the host's steady clock from the
// enqueue to the end of clFinish; one point per count, the count in `bytes`.
// Each count is launched once untimed first (PoCL compiles per launch shape).
LaunchOverhead measure_launch_overhead(Session& session);

// The program the launch overhead runs (kernels/empty.cl).
ProgramList transfer_programs();

}  // namespace roofline
