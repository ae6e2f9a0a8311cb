#include "device/theory.hpp"

#include <fstream>
#include <sstream>

namespace roofline {
namespace {

bool has_flag(const std::string& flags, const std::string& f) {
  std::istringstream in(flags);
  for (std::string x; in >> x;)
    if (x == f) return true;
  return false;
}

struct CpuInfo {
  std::string vendor, flags;
  int family = -1, model = -1;
};

CpuInfo read_cpuinfo() {
  CpuInfo c;
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.pop_back();
    std::string val = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "vendor_id" && c.vendor.empty()) c.vendor = val;
    else if (key == "cpu family" && c.family < 0) c.family = std::atoi(val.c_str());
    else if (key == "model" && c.model < 0) c.model = std::atoi(val.c_str());
    else if (key == "flags" && c.flags.empty()) c.flags = val;
  }
  return c;
}

// Sets float/double lanes from FP32 FMA lanes per clock and FP32 add lanes,
// and the L1's load bandwidth: two loads per clock, each as wide as the two
// FMA pipes' vectors (AMD's Zen and Intel's optimization guides: Zen 2-4 and
// AVX2 cores 2 x 32 B, AVX-512 cores and full-width Zen 5 2 x 64 B).
void set_fp(PeakModel& m, double fma32, double add32) {
  m.mad_lanes[DataType::float32] = fma32;
  m.mad_lanes[DataType::float64] = fma32 / 2;
  m.add_lanes[DataType::float32] = add32;
  m.add_lanes[DataType::float64] = add32 / 2;
  m.load_bytes_per_clock = 2 * (fma32 / 2) * 4;
}

}  // namespace

PeakModel cpu_peak_model(const std::string& vendor, int family, int model, const std::string& flags, int cores) {
  PeakModel m;
  m.units = cores;
  m.basis = std::to_string(cores) + " physical cores";
  // FP32 lanes per core per clock [spec]: FMA pipes x vector width; AMD Zen has
  // separate FADD pipes, Intel adds on its FMA ports.
  if (vendor == "AuthenticAMD" || vendor == "HygonGenuine") {
    if (family == 0x17 && model < 0x30) { m.architecture = "AMD Zen 1"; set_fp(m, 8, 8); }
    else if (family == 0x17) { m.architecture = "AMD Zen 2"; set_fp(m, 16, 16); }
    else if (family == 0x19 && ((model >= 0x10 && model <= 0x1f) || (model >= 0x60 && model <= 0x7f) || (model >= 0xa0 && model <= 0xaf))) {
      m.architecture = "AMD Zen 4";  // AVX-512 on 2 x 256-bit FMA pipes
      set_fp(m, 16, 16);
    } else if (family == 0x19) { m.architecture = "AMD Zen 3"; set_fp(m, 16, 16); }
    else if (family == 0x1a) {
      // Zen 5 desktop/server has 512-bit datapaths; the mobile parts keep 256-bit.
      bool full = has_flag(flags, "avx512f") && (model < 0x20 || (model >= 0x40 && model <= 0x4f));
      m.architecture = full ? "AMD Zen 5" : "AMD Zen 5 (256-bit)";
      set_fp(m, full ? 32 : 16, full ? 32 : 16);
    }
  } else if (vendor == "GenuineIntel" && family == 6) {
    if (has_flag(flags, "avx512f")) { m.architecture = "Intel AVX-512 (2 FMA units)"; set_fp(m, 32, 32); }
    else if (has_flag(flags, "fma")) { m.architecture = "Intel AVX2 (2 FMA units)"; set_fp(m, 16, 16); }
  }
  if (m.mad_lanes.empty()) m.units = 0;
  return m;
}

PeakModel nvidia_peak_model(int major, int minor, int sms) {
  PeakModel m;
  m.units = sms;
  m.basis = std::to_string(sms) + " SMs";
  m.architecture = "NVIDIA CC " + std::to_string(major) + "." + std::to_string(minor);
  // Lanes per SM per clock [spec, CUDA programming guide throughput table]:
  // fp32, fp64, int32 multiply-add, int32 add, fp16 (HFMA2 counts two lanes).
  // CC 9.0 int32 add is 128, not the table's 64: ptxas issues half of a chain
  // of adds as IADD3 on the integer pipe and half as IMAD.IADD on the FMA pipe,
  // 64 lanes each (SASS of kernels/compute.cl read on an H200; roofs/README.md).
  // Caches [the Volta, Turing, Ampere and Hopper tuning guides and
  // whitepapers]: combined L1 and shared memory per SM in KiB, and the L2 in
  // MiB of the parts the compute capability names (V100 6, T4 4, A100 40,
  // GA10x 6, H100 and H200 50); 0 where parts of one capability differ too
  // much for one figure (Ada's L2: 24 to 96 MiB).
  struct Row { int major, minor; double f32, f64, imad, iadd, f16, l1_kib, l2_mib; };
  static const Row rows[] = {
      {7, 0, 64, 32, 64, 64, 128, 128, 6},
      {7, 5, 64, 2, 64, 64, 128, 96, 4},    {8, 0, 64, 32, 64, 64, 256, 192, 40},  {8, 6, 128, 2, 64, 64, 128, 128, 6},
      {8, 9, 128, 2, 64, 64, 128, 128, 0},   {9, 0, 128, 64, 64, 128, 256, 256, 50},
  };
  for (const auto& r : rows) {
    if (r.major != major || r.minor != minor) continue;
    // L1 and shared memory deliver 128 B per SM per clock from Volta on (the
    // Volta, Ampere and Hopper whitepapers; Turing, 7.5, is not in the table),
    // and the L1 writes stores through to the L2.
    if (major >= 7 && !(major == 7 && minor == 5)) m.load_bytes_per_clock = m.local_bytes_per_clock = 128;
    m.write_through_first_level = true;
    m.mad_lanes = {{DataType::float32, r.f32}, {DataType::float64, r.f64}, {DataType::int32, r.imad}, {DataType::float16, r.f16}};
    m.add_lanes = {{DataType::float32, r.f32}, {DataType::float64, r.f64}, {DataType::int32, r.iadd}, {DataType::float16, r.f16}};
    m.cache_bytes = {r.l1_kib * 1024};
    if (r.l2_mib > 0) m.cache_bytes.push_back(r.l2_mib * 1024 * 1024);
    return m;
  }
  m.units = 0;
  return m;
}

PeakModel peak_model(const DeviceEntry& e) {
  if (e.is_cpu()) {
    CpuInfo c = read_cpuinfo();
    int cores = e.identity.physical_cores > 0 ? e.identity.physical_cores : int(e.identity.compute_units);
    return cpu_peak_model(c.vendor, c.family, c.model, c.flags, cores);
  }
  if (e.has_extension("cl_nv_device_attribute_query")) {
    cl_uint major = 0, minor = 0;
    clGetDeviceInfo(e.device(), 0x4000 /* CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV */, sizeof major, &major, nullptr);
    clGetDeviceInfo(e.device(), 0x4001 /* CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV */, sizeof minor, &minor, nullptr);
    return nvidia_peak_model(int(major), int(minor), int(e.identity.compute_units));
  }
  if (e.has_extension("cl_intel_device_attribute_query") && e.is_gpu()) {
    cl_uint slices = 0, subslices = 0, eus = 0;
    clGetDeviceInfo(e.device(), 0x4252 /* CL_DEVICE_NUM_SLICES_INTEL */, sizeof slices, &slices, nullptr);
    clGetDeviceInfo(e.device(), 0x4253 /* CL_DEVICE_NUM_SUB_SLICES_PER_SLICE_INTEL */, sizeof subslices, &subslices, nullptr);
    clGetDeviceInfo(e.device(), 0x4254 /* CL_DEVICE_NUM_EUS_PER_SUB_SLICE_INTEL */, sizeof eus, &eus, nullptr);
    PeakModel m;
    m.units = slices * subslices * eus;
    if (m.units <= 0) m.units = e.identity.compute_units;
    m.basis = std::to_string(int(m.units)) + " EUs";
    m.architecture = "Intel Gen9/Xe EU";
    // 2 x SIMD4 FPUs per EU (thesis eq. 4.1-4.2); fp64 on one FPU at quarter rate where present.
    m.mad_lanes = {{DataType::float32, 8}, {DataType::float16, 16}};
    m.add_lanes = m.mad_lanes;
    if (e.has_extension("cl_khr_fp64")) m.mad_lanes[DataType::float64] = m.add_lanes[DataType::float64] = 2;
    return m;
  }
  return {};
}

std::optional<double> dram_peak(const DeviceIdentity& id) {
  if (!id.memory_clock_mhz || !id.memory_bus_width_bits) return std::nullopt;
  return double(id.memory_clock_mhz) * 1e6 * 2 * id.memory_bus_width_bits / 8;
}

std::optional<double> memory_peak(const PeakModel& m, const DeviceIdentity& id, const Ceiling& roof, bool first_level,
                                  double mhz) {
  if (!roof.is_memory() || !roof.level) return std::nullopt;
  if (roof.at(LevelKind::dram)) return dram_peak(id);
  double per_clock = 0;
  if (roof.at(LevelKind::local) && roof.op == Op::read) per_clock = m.local_bytes_per_clock;
  if (roof.at(LevelKind::cache) && first_level && (roof.op == Op::read || roof.op == Op::image))
    per_clock = m.load_bytes_per_clock;
  if (!(per_clock > 0) || !(m.units > 0) || !(mhz > 0)) return std::nullopt;
  return m.units * per_clock * mhz * 1e6;
}

std::optional<double> theoretical_peak(const PeakModel& m, Op op, DataType type, double mhz) {
  if (!m.known() || mhz <= 0 || !is_compute(op)) return std::nullopt;
  const auto& table = op == Op::mad ? m.mad_lanes : m.add_lanes;
  auto it = table.find(type);
  if (it == table.end() || it->second <= 0) return std::nullopt;
  return m.units * it->second * (op == Op::mad ? 2.0 : 1.0) * mhz * 1e6;
}

}  // namespace roofline
