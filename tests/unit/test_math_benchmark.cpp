// The math-function benchmark: the host's check of every function of the
// table in every type and form (a correct result passes, one outside the
// bound and a NaN do not), the host's run of the chains, and measure_math on
// the PoCL CPU device with a tiny plan, with kernels that cheat rejected.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <string>

#include "benchmark/math_benchmark.hpp"
#include "benchmark/math_reference.hpp"
#include "benchmark/plan.hpp"
#include "benchmark/program_cache.hpp"
#include "benchmark/session.hpp"
#include "cpu_device.hpp"
#include "device/device.hpp"
#include "device/half_float.hpp"
#include "measurement/progress.hpp"

using namespace roofline;
namespace fs = std::filesystem;

namespace {

long double round_to(long double v, DataType t) {
  switch (t) {
    case DataType::float64: return double(v);
    case DataType::float16: return half_to_float(float_to_half(float(v)));
    case DataType::int32: return v;
    default: return float(v);
  }
}

// `k` units in the last place of `t` above v (v a value of t).
long double ulps_above(long double v, DataType t, double k) {
  const int digits = t == DataType::float64 ? 53 : t == DataType::float16 ? 11 : 24;
  return v + k * std::ldexp(1.0L, std::ilogb(v == 0 ? 1.0L : v) - digits + 1);
}

// Every call the full plan could hold: every function, type and form.
std::vector<MathCall> every_call() {
  return math_calls({DataType::int32, DataType::float32, DataType::float64, DataType::float16}, false);
}

// What a correct device stores: the argument rounded to the type, each output
// the reference rounded to the type.
DeviceCall correct_call(const MathCall& call, const MathArguments& args) {
  DeviceCall dc;
  dc.argument = round_to(args.b, call.type);
  const MathOutputs want = math_reference(call, args, dc.argument);
  dc.got = {round_to(want.value, call.type), round_to(want.second, call.type), want.integer};
  // Integer mul's kernel stores the other operand of its pair beside the product.
  if (kernel_shape(call) == MathKernelShape::int_mul) dc.got.second = args.c;
  return dc;
}

}  // namespace

TEST_CASE("the math check passes every function's correct result and rejects wrong ones") {
  const std::vector<MathCall> calls = every_call();
  // 67 functions: 66 on float (13 with native_ and half_ forms), double and
  // half, and integer mul, div and mod.
  CHECK(calls.size() == 66 * 3 + 13 * 2 + 3);
  for (const MathCall& call : calls) {
    INFO(call.label());
    const MathArguments args = math_arguments(call);
    const DeviceCall good = correct_call(call, args);
    double max_ulp = 0;
    CHECK(check_call(call, args, good, max_ulp) == "");
    CHECK(max_ulp <= 0.5);
    CHECK(std::isfinite(double(good.got.value)));

    const double bound = ulp_bound(call);
    DeviceCall off = good;
    off.got.value = call.type == DataType::int32 ? good.got.value + 1 : ulps_above(good.got.value, call.type, bound + 3);
    const std::string err = check_call(call, args, off, max_ulp);
    CHECK(err.find(call.label()) == 0);
    CHECK(err.find("expected") != std::string::npos);

    if (call.type != DataType::int32) {
      DeviceCall nan = good;
      nan.got.value = std::numeric_limits<long double>::quiet_NaN();
      CHECK(check_call(call, args, nan, max_ulp) != "");
    }
    if (call.function == MathFunction::sincos || call.function == MathFunction::fract ||
        call.function == MathFunction::modf) {
      DeviceCall second = good;
      second.got.second = ulps_above(good.got.second == 0 ? 1 : good.got.second, call.type, bound + 3);
      CHECK(check_call(call, args, second, max_ulp) != "");
    }
    if (call.function == MathFunction::frexp || call.function == MathFunction::remquo) {
      DeviceCall integer = good;
      integer.got.integer += 1;
      CHECK(check_call(call, args, integer, max_ulp) != "");
    }
  }
}

TEST_CASE("the math error bounds are OpenCL C's, and roofline's where it gives none") {
  CHECK(ulp_bound({MathFunction::sin, MathForm::precise, DataType::float32}) == 4);
  CHECK(ulp_bound({MathFunction::sin, MathForm::precise, DataType::float16}) == 2);
  CHECK(ulp_bound({MathFunction::div, MathForm::precise, DataType::float32}) == 2.5);
  CHECK(ulp_bound({MathFunction::div, MathForm::precise, DataType::float64}) == 0);
  CHECK(ulp_bound({MathFunction::sqrt, MathForm::precise, DataType::float32}) == 3);
  CHECK(ulp_bound({MathFunction::tgamma, MathForm::precise, DataType::float64}) == 16);
  CHECK(ulp_bound({MathFunction::lgamma, MathForm::precise, DataType::float32}) == 16);
  CHECK(ulp_bound({MathFunction::ceil, MathForm::precise, DataType::float32}) == 0);
  CHECK(ulp_bound({MathFunction::exp, MathForm::half, DataType::float32}) == 8192);
  CHECK(ulp_bound({MathFunction::exp, MathForm::native, DataType::float32}) == 8192);
  CHECK(ulp_bound({MathFunction::div, MathForm::precise, DataType::int32}) == 0);
  // An error of 1 ulp in float at 1.0 is 2^-23.
  CHECK(ulp_error(1 + std::ldexp(1.0L, -23), 1, DataType::float32) == doctest::Approx(1));
  CHECK(std::isinf(ulp_error(std::numeric_limits<long double>::infinity(), 1, DataType::float32)));
}

TEST_CASE("the host runs the math chains to where the kernel's end") {
  const MathCall sin_f{MathFunction::sin, MathForm::precise, DataType::float32};
  const MathArguments a = math_arguments(sin_f);
  const long double x = chain_end(sin_f, a, a.start(0), 4000);
  CHECK(double(x) == doctest::Approx(a.b + a.a * std::sin(double(x))).epsilon(1e-15));
  CHECK(chain_end(sin_f, a, a.start(0), 0) == a.start(0));
  CHECK(std::fabs(double(a.start(0) - x)) > chain_tolerance(sin_f, a, 1));
  // The operators' pairs are exact: an even count ends where it started.
  const MathCall add_h{MathFunction::add, MathForm::precise, DataType::float16};
  const MathArguments h = math_arguments(add_h);
  CHECK(chain_end(add_h, h, h.start(1), 1 << 20) == h.start(1));
  CHECK(chain_end(add_h, h, h.start(1), 3) == h.start(1) + h.c);
  // Integer x / 3 + 1000 climbs from 1201 to its fixed point 1499; x % 7 + 1001 ends in [1001, 1007].
  const MathCall div_i{MathFunction::div, MathForm::precise, DataType::int32};
  CHECK(chain_end(div_i, math_arguments(div_i), 1201, 1 << 24) == 1499);
  const MathCall mod_i{MathFunction::mod, MathForm::precise, DataType::int32};
  const long double m = chain_end(mod_i, math_arguments(mod_i), 2001, 1 << 24);
  CHECK(m >= 1001);
  CHECK(m <= 1007);
  // Integer mul's pair x = x * w, w = w * x from w = c, modulo 2^32: 7c, then w = 7c^2, then x = 49c^3.
  const MathCall mul_i{MathFunction::mul, MathForm::precise, DataType::int32};
  const MathArguments mi = math_arguments(mul_i);
  const std::uint32_t c = std::uint32_t(mi.c);
  CHECK(chain_end(mul_i, mi, 7, 3) == std::uint32_t(49u * c * c * c));
  CHECK(chain_end(mul_i, mi, 7, 3) != std::uint32_t(7u * c * c * c));
  // Its chains start odd and stay odd, so where one ends still depends on how
  // many steps ran (from an even start the pair is 0 modulo 2^32 within 32 steps).
  for (int k = 0; k < 4; ++k) {
    INFO("chain " << k);
    CHECK(std::uint64_t(mi.start(k)) % 2 == 1);
    const long double end = chain_end(mul_i, mi, mi.start(k), 800);
    CHECK(end != 0);
    CHECK(end != chain_end(mul_i, mi, mi.start(k), 400));
  }
}

namespace {

// A plan of two small launches and two chains.
Plan tiny_math_plan(const DeviceEntry& dev) {
  Plan plan = make_plan(dev, /*quick=*/true);
  plan.math.chains = {2};
  plan.math.launches = {{4, 1}, {32, 16}};
  plan.math.target_s = 0.002;
  plan.math.sampling = {3, 5, 0.05, 0.02};
  plan.warmup_s = 0.01;
  return plan;
}

// A copy of kernels/ whose math.cl has `from` replaced by `to`.
fs::path edited_kernels(const std::string& name, const std::string& from, const std::string& to) {
  const fs::path dir = fs::temp_directory_path() / ("roofline-unit-math-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(find_kernel_dir(""), dir, fs::copy_options::recursive);
  std::ifstream in(dir / "math.cl");
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  std::ofstream(dir / "math.cl") << text;
  return dir;
}

}  // namespace

TEST_CASE("math roofs on the CPU device: checked, positive, and a cheating kernel rejected") {
  std::vector<DeviceEntry> devices = enumerate_devices();
  const DeviceEntry* dev = cpu_device(devices);
  if (!dev) return;
  const Plan plan = tiny_math_plan(*dev);
  Progress progress(1, false);
  {
    Session session(*dev, plan, find_kernel_dir(""), progress);
    for (const MathCall& call : {MathCall{MathFunction::sin, MathForm::precise, DataType::float32},
                                 MathCall{MathFunction::sin, MathForm::native, DataType::float32},
                                 MathCall{MathFunction::div, MathForm::precise, DataType::int32},
                                 MathCall{MathFunction::mul, MathForm::precise, DataType::int32}}) {
      INFO(call.label());
      const std::optional<MathRoof> measured = measure_math(session, call);
      REQUIRE(measured);
      const MathRoof& roof = *measured;
      MESSAGE(call.label() << ": " << roof.value() / 1e6 << " M calls/s, local " << roof.launch.local << ", max error "
                           << roof.max_ulp_error << " ulp");
      CHECK(roof.value() > 0);
      CHECK(roof.call == call);
      CHECK(roof.chains == 2);
      CHECK((roof.launch.local == 1 || roof.launch.local == 16));
      CHECK(roof.ulp_bound == ulp_bound(call));
      CHECK(roof.max_ulp_error <= std::max(roof.ulp_bound, 0.5));
      // Float results are rarely exact: a positive error shows the check compared them.
      if (call.type == DataType::float32) CHECK(roof.max_ulp_error > 0);
    }
  }
  const MathCall sin_f{MathFunction::sin, MathForm::precise, DataType::float32};
  SUBCASE("a plan whose work-groups the kernel cannot take: noted, no roof, nothing launched") {
    Plan big = plan;
    big.math.launches = {{1u << 20, 1u << 20}};  // beyond any CPU driver's work-group limit
    Session session(*dev, big, find_kernel_dir(""), progress);
    const std::size_t notes_before = session.notes.size();
    CHECK_FALSE(measure_math(session, sin_f));
    REQUIRE(session.notes.size() == notes_before + 1);
    CHECK(session.notes.back().find("omitted: the math roof of sin (float)") == 0);
    CHECK_FALSE(session.warmed);
  }
  SUBCASE("a kernel that skips its loop") {
    const fs::path dir = edited_kernels("skip", "i < iters;", "i < 0u;");
    Session session(*dev, plan, dir.string(), progress);
    CHECK_THROWS_AS(measure_math(session, sin_f), WrongResult);
    fs::remove_all(dir);
  }
  SUBCASE("a kernel whose results are off") {
    const fs::path dir = edited_kernels("off", "out[gid * 4 + 1] = y;", "out[gid * 4 + 1] = y * 1.001f;");
    Session session(*dev, plan, dir.string(), progress);
    CHECK_THROWS_AS(measure_math(session, sin_f), WrongResult);
    fs::remove_all(dir);
  }
}
