// End-to-end: `roofline count` on PoCL gives the analytic counts of every
// example (small sizes) and of hand-counted kernels exercising each counting
// rule (tests/e2e/kernels/counting.cl).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <map>
#include <thread>
#include <nlohmann/json.hpp>

#include "run_binary.hpp"
#include "schema_check.hpp"

namespace fs = std::filesystem;

namespace {

using Counters = std::map<std::string, double>;

// Runs `roofline count ARGS -o tmp` and returns the counters of the file.
Counters count(const std::string& args) {
  const auto dir = fs::temp_directory_path();
  static int n = 0;
  const auto out = dir / ("roofline-e2e-count-" + std::to_string(++n) + ".json");
  const RunResult r = run_roofline("count " + args + " -q -o '" + out.string() + "'");
  INFO("roofline count " << args << "\n" << r.err);
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(slurp(out));
  CHECK(schema_problem_of(out, roofline::DocumentKind::counts) == "");
  fs::remove(out);
  Counters c;
  for (const auto& [k, v] : j.at("counters").items()) c[k] = v.get<double>();
  c["work_items"] = j.at("work_items").get<double>();
  return c;
}

std::string example(const std::string& name) { return "'" + std::string(ROOFLINE_SOURCE_DIR) + "/examples/" + name + "'"; }
std::string test_kernels() { return "'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/counting.cl'"; }
std::string macro_kernels() { return "'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/counting_macros.cl'"; }

void check(const Counters& c, const Counters& expected) {
  for (const auto& [k, v] : expected) {
    CAPTURE(k);
    CHECK(c.at(k) == v);
  }
}

}  // namespace

#ifdef ROOFLINE_HAVE_CLANG

TEST_CASE("matmul examples count 2 N^3 FLOPs and the loads their source performs") {
  const double N = 64, T = 16, N3 = N * N * N, N2 = N * N;
  // simple: each of N^2 work-items loads a row of A and a column of B.
  check(count(example("matmul_simple.cl") + " -D DIM=64"),
        {{"flop_float", 2 * N3}, {"global_load", 8 * N3}, {"global_store", 4 * N2}, {"local_load", 0}, {"local_store", 0}});
  // coalescedA: A through local tiles (one element per work-item and tile), B from global memory.
  check(count(example("matmul_coalescedA.cl") + " -D DIM=64"),
        {{"flop_float", 2 * N3}, {"global_load", 4 * N3 / T + 4 * N3}, {"global_store", 4 * N2},
         {"local_store", 4 * N3 / T}, {"local_load", 4 * N3}});
  for (const char* f : {"matmul_coalescedAB.cl", "matmul_coalescedABT.cl", "matmul_alignedABT.cl"}) {
    CAPTURE(f);
    check(count(example(f) + " -D DIM=64"),
          {{"flop_float", 2 * N3}, {"global_load", 8 * N3 / T}, {"global_store", 4 * N2}, {"local_store", 8 * N3 / T},
           {"local_load", 8 * N3}, {"flop_double", 0}, {"private_load", 0}});
  }
}

TEST_CASE("the other examples count as their comments derive") {
  const double n = 4096;
  check(count(example("triad.cl") + " -D ELEMS=4096"), {{"flop_float", 2 * n}, {"global_load", 8 * n}, {"global_store", 4 * n}});
  const double p = 64 * 64;  // interior points of a 66 x 66 grid
  check(count(example("stencil2d.cl") + " -D W=66 -D INNER=64"),
        {{"flop_float", 6 * p}, {"global_load", 20 * p}, {"global_store", 4 * p}});
  const double L = 64, G = n / L;
  check(count(example("reduction.cl") + " -D ELEMS=4096 -D LOCAL=64"),
        {{"flop_float", G * (L - 1)}, {"global_load", 4 * n}, {"global_store", 4 * G}, {"local_store", 4 * n + 4 * G * (L - 1)},
         {"local_load", 8 * G * (L - 1) + 4 * G}});
  const double b = 256;
  check(count(example("nbody.cl") + " -D BODIES=256"),
        {{"flop_float", 19 * b * b + 12 * b}, {"global_load", 16 * b * b + 32 * b}, {"global_store", 32 * b}});
  for (int mads : {1, 4, 16, 64, 256, 1024}) {
    CAPTURE(mads);
    // 256 work-items, each 4 elements at once for 16 rounds: 16384 elements.
    const auto c = count(example("mixed.cl") + " -D MADS=" + std::to_string(mads) + " -D ELEMS=256");
    check(c, {{"flop_float", 8.0 * mads * 16384}, {"global_load", 16 * 16384}, {"global_store", 16 * 16384}});
  }
}

TEST_CASE("short-circuit and ternary operators charge only the evaluated side") {
  // 64 work-items, a[i] = i. `i % 2`: 64 INTOPs; `a[i] > 0.5f` only for the 32
  // even i: 128 B. Ternary: 16 work-items load a[i] once and multiply (16
  // FLOPs, 64 B); 48 load it twice, add and multiply (96 FLOPs, 384 B). Stores 256 B.
  check(count(test_kernels() + " --kernel short_circuit --global 64 --local 16 --arg a=float[64]:iota --arg out=float[64]"),
        {{"flop_float", 112}, {"intop", 64}, {"global_load", 576}, {"global_store", 256}});
}

TEST_CASE("data-dependent loops, continue, break, while, do and early returns count per executed iteration") {
  // Work-items 60..63 return at once. For n = trips[i] = i (i < 60): the for
  // increment runs min(n, 7) times (392 in all); the add runs for k < min(n, 7)
  // except k = 5 (338); the while loop runs ceil(n / 2) times (900 INTOPs); the
  // do body once (60 FLOPs). One 4-byte load and store per work-item.
  check(count(test_kernels() + " --kernel loops --global 64 --local 16 --arg trips=int[64]:iota --arg out=float[64]"),
        {{"flop_float", 338 + 60}, {"intop", 392 + 900}, {"global_load", 240}, {"global_store", 240}});
}

TEST_CASE("builtins, vectors, vload/vstore, atomics, doubles, macros and user functions follow the cost table") {
  // Per work-item: x * 2 + 1 on float4 (8), dot of 4 lanes (7), cross (9), mad
  // (2), c + y (4), += (1), twice_plus (2): 33 FLOPs; SQUARE(d[i]) + 1.0: 2
  // double FLOPs and two 8-byte loads (the macro reads d[i] twice); atomic_add:
  // 4 B loaded and stored and 1 INTOP; i * 4: 1 INTOP. Loads 16 + 16 + 4 + 4,
  // stores 16 + 16 + 8 + 4 + 4 bytes.
  check(count(test_kernels() +
              " --kernel builtins --global 64 --local 16 --arg a=float[256]:random --arg v4=float4[64] "
              "--arg d=double[64]:ones --arg counter=int[1] --arg out=float[256]"),
        {{"flop_float", 33 * 64}, {"flop_double", 2 * 64}, {"intop", 2 * 64}, {"global_load", 40 * 64}, {"global_store", 48 * 64}});
}

TEST_CASE("local memory declared in the kernel, private arrays and switch") {
  // Per work-item: 4 B global load and store, 4 B local store; the loop: 4
  // iterations of 16 B local loads and private stores and 3 INTOPs (+, %, ++);
  // switch (l % 3): 1 INTOP. Per group of 16: case 0 for 6 work-items (4 B private),
  // case 1 for 5 (8 B, 1 FLOP), default for 5 (4 B).
  check(count(test_kernels() + " --kernel local_private --global 64 --local 16 --arg a=float[64]:random --arg out=float[64]"),
        {{"flop_float", 20}, {"intop", 64 * 13}, {"global_load", 256}, {"global_store", 256}, {"local_store", 256},
         {"local_load", 1024}, {"private_store", 1024}, {"private_load", 4 * 84}});
}

TEST_CASE("macros as the bodies of if, else, for, while and do keep the source's semantics") {
  // 64 work-items, out zeros. if/else: one add each (64 FLOPs, 4 B loaded and
  // stored). ADD_BLOCK, two adds, only for the 16 with i % 4 == 0 (32 FLOPs; 64
  // INTOPs for the %). The for loop runs n = i % 3 times, 63 in all: 63 adds
  // and increments, i % 3 on each of its 127 tests. The while test loads once
  // (64 loads), its body never runs; do: 64 adds and 64 loads for its test.
  check(count(test_kernels() + " --kernel macro_bodies --global 64 --local 16 --arg out=float[64]"),
        {{"flop_float", 64 + 32 + 63 + 64}, {"intop", 64 + 127 + 63}, {"global_load", 4 * (64 + 32 + 63 + 64 + 64 + 64)},
         {"global_store", 4 * (64 + 32 + 63 + 64)}});
  // A macro of two statements as an if body: only the first is conditional,
  // which braces at file level cannot express, so it is refused by name.
  const auto dir = scratch_dir("macro-body");
  std::ofstream(dir / "step.cl") << "#define STEP o[i] += 1.0f; o[i] += 2.0f\n"
                                    "__kernel void k(__global float* a, __global float* o){ int i=get_global_id(0); if (i < 16) STEP; }\n"
                                    "// roofline: --global 64 --arg a=float[64]:iota --arg o=float[64]:zeros\n";
  const auto r = run_roofline("count '" + (dir / "step.cl").string() + "'");
  CHECK(r.exit_code == 4);
  CHECK(r.err.find("step.cl:2: the body of this if statement comes from macro STEP, which expands to more than that body; it "
                   "cannot be counted exactly") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("a conditional inside a macro argument expanded twice is charged once per evaluated copy") {
  // 16 work-items, a = iota, b = ones. SQ(i < 8 ? a[i] : b[i]): each of the
  // two copies loads a[i] or b[i] (8 B per work-item, 128 B; once 256, each
  // copy charging both copies' loads), 1 FLOP, 4 B stored. out[i] +=
  // TWICE(i < 4 || b[i] > 2.0f): out[i] loaded and stored (4 B each), the int
  // sum 1 INTOP, the float add 1 FLOP; b[i] only for the 12 with i >= 4, in
  // both copies: 96 B.
  check(count(macro_kernels() + " --kernel macro_arg_conditionals --global 16 --local 16 --arg a=float[16]:iota --arg b=float[16]:ones "
                                "--arg out=float[16]"),
        {{"flop_float", 32}, {"intop", 16}, {"global_load", 128 + 64 + 96}, {"global_store", 128}});
}

TEST_CASE("a conditional inside a macro body charges only the evaluated side, with no warning") {
  // 16 work-items, a = iota, b = ones. PICK(i < 4, a[i] * 2.0f, b[i] + b[i]):
  // 4 work-items load a[i] (16 B), 12 load b[i] twice (96 B); 1 FLOP each; 64
  // B stored. BOTH(a[i], b[i]): a[i] for all (64 B), b[i] only where a[i] > 0,
  // i >= 1 (60 B); the 15 then store 1.0f (60 B). Once both arms were charged
  // always (192 B and 32 FLOPs for PICK, 64 B for BOTH's b[i]).
  const std::string file = (scratch_dir("macro-body-conditionals") / "counts.json").string();
  const RunResult r = run_roofline("count " + macro_kernels() +
                                   " --kernel macro_body_conditionals --global 16 --local 16 --arg a=float[16]:iota "
                                   "--arg b=float[16]:ones --arg out=float[16] -o '" + file + "'");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.find("warning") == std::string::npos);
  const auto j = nlohmann::json::parse(slurp(file));
  CHECK(j.at("warnings").empty());
  Counters c;
  for (const auto& [k, v] : j.at("counters").items()) c[k] = v.get<double>();
  check(c, {{"flop_float", 16}, {"intop", 0}, {"global_load", 16 + 96 + 64 + 60}, {"global_store", 64 + 60}});
  fs::remove_all(fs::path(file).parent_path());
}

TEST_CASE("calls of counted functions inside macros are counted") {
  // 16 work-items. get() loads 4 B. GET(i) + GETI + SQ(get(a, i)): four calls
  // (16 B), 2 adds and a product (3 FLOPs), 4 B stored. out[i] += PICK(i < 4,
  // GET(i), 0.0f): out[i] loaded and stored, 1 FLOP, and the call for the 4
  // with i < 4 (16 B). out[i] += add2(a[i], i < 4 ? a[i] : 0.0f): out[i]
  // loaded and stored, 2 FLOPs, a[i] (64 B), the arm for 4 (16 B). Each once
  // failed to build (exit 4, "a bug of the instrumenter"): the last one put
  // the counters inside the conditional's parentheses.
  check(count(macro_kernels() + " --kernel macro_calls --global 16 --local 16 --arg a=float[16]:iota --arg out=float[16]"),
        {{"flop_float", 96}, {"intop", 0}, {"global_load", 256 + 64 + 16 + 64 + 64 + 16}, {"global_store", 192}});
}

TEST_CASE("a kernel with a prior prototype is counted") {
  // Once "conflicting types" in the counting build (exit 4): the prototype
  // stayed beside the wrapper's two more parameters.
  check(count(macro_kernels() + " --kernel prototyped --global 16 --local 16 --arg out=float[16]"),
        {{"flop_float", 0}, {"global_load", 0}, {"global_store", 64}});
}

TEST_CASE("__local scalars are counted like __local arrays, and a __local array keeps its size") {
  // One group of 16. Per work-item: tile[l] = a[...]: 4 B global load, 4 B
  // local store; BUMP(&cnt), an atomic_inc on a __local int: 4 B local load and
  // store, 1 INTOP; the loop runs sizeof(tile) / sizeof(tile[0]) / 4 = 4 times
  // (with tile a pointer it would run once): 5 tests of 1 INTOP (the /), 4
  // increments, 4 bodies of 1 FLOP, 2 INTOPs and a 4 B local load; s * CNT: 1
  // FLOP, 4 B local load, 4 B global store. cnt = 0 for l == 0 only: 4 B.
  check(count(macro_kernels() + " --kernel local_scalar --global 16 --local 16 --arg a=float[16]:iota --arg out=float[16]"),
        {{"flop_float", 16 * 5}, {"intop", 16 * 18}, {"global_load", 64}, {"global_store", 64}, {"local_store", 16 * 8 + 4},
         {"local_load", 16 * 24}});
}

TEST_CASE("helper functions defined in included files are counted where they run") {
  // scaled() (counting_helpers.h, included twice, the guard skipping the
  // second) loads p[k] twice and does 3 FLOPs, through half_of()
  // (counting_inner.h, #pragma once, included by both files); half_of(1.0f)
  // 1 FLOP; the sum 1 FLOP; 4 B stored. Per work-item 5 FLOPs, 8 B loaded;
  // once 1 FLOP and no loads, with no warning.
  check(count(macro_kernels() + " --kernel included_helpers --global 16 --local 16 --arg a=float[16]:iota --arg out=float[16]"),
        {{"flop_float", 80}, {"global_load", 128}, {"global_store", 64}});
}

TEST_CASE("builtins that return a value through a pointer are charged a store of the pointee in its space") {
  // Per work-item: sincos(a[i], &c[i]): 1 FLOP, a[i] loaded, o[i] and c[i]
  // stored. fract into a private float: += is 1 FLOP, a[i] and o[i] loaded,
  // o[i] stored, 4 B private store. frexp into e[i]: the same with a 4 B global
  // store. remquo (1) into a private int: 2 FLOPs. lgamma_r (1) of a[i] + 1.0f:
  // 3 FLOPs. modf of a float4 into a private float4, plus whole: 4 FLOPs, 16 B
  // loaded and stored, 16 B private store. sincos into local t[l]: 1 FLOP, a
  // local store. In all 13 FLOPs, 56 B global loads, 44 B global stores, 28 B
  // private stores, 4 B local stores.
  check(count(test_kernels() +
              " --kernel pointer_outputs --global 64 --local 16 --arg a=float[64]:iota --arg o=float[64] --arg c=float[64] "
              "--arg e=int[64] --arg v=float4[64]:random"),
        {{"flop_float", 13 * 64}, {"intop", 0}, {"global_load", 56 * 64}, {"global_store", 44 * 64}, {"private_store", 28 * 64},
         {"private_load", 0}, {"local_store", 4 * 64}, {"local_load", 0}});
}

TEST_CASE("arguments of typedef'd types take specs of the underlying type or of the typedef") {
  // Per work-item: a[i] * 2.0f + n, 2 FLOPs (n converted: 0); v[i] * 2.0f on
  // float4, 4 FLOPs. Loads and stores of 4 + 16 bytes.
  const Counters expected{{"flop_float", 6 * 64}, {"global_load", 20 * 64}, {"global_store", 20 * 64}};
  const std::string launch = test_kernels() + " --kernel typedef_args --global 64 --local 16 ";
  check(count(launch + "--arg a=float[64] --arg v=float4[64] --arg n=uint:3"), expected);
  check(count(launch + "--arg a=real[64] --arg v=vec_t[64] --arg n=count_t:3"), expected);
  // Through Clang, with the build's -D: vec_t is float8 here, so float4 is refused.
  auto r = run_roofline("count " + launch + "-D WIDE_VEC --arg a=real[64] --arg v=float4[64] --arg n=count_t:3");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("argument 'v' of typedef_args is of type vec_t*, a typedef of float8*, the spec float4[64] says float4") !=
        std::string::npos);
  r = run_roofline("count " + launch + "--arg a=real[64] --arg v=vec_t[64] --arg n=count_t:-1");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("bad --arg n=count_t:-1: '-1' is out of range for uint") != std::string::npos);
  // A type that is no OpenCL type (a struct): its spec must name one, taken on trust with a warning.
  const auto dir = scratch_dir("typedef-struct");
  std::ofstream(dir / "pair.cl") << "typedef struct { float x, y; } pair;\n"
                                    "__kernel void s(__global pair* p) { p[get_global_id(0)].x += 1.0f; }\n"
                                    "// roofline: --global 64\n";
  r = run_roofline("count '" + (dir / "pair.cl").string() + "' --arg p=pair[64]");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("argument 'p' of s is of type pair*, which roofline cannot resolve to an OpenCL scalar or vector type") !=
        std::string::npos);
  CHECK(r.err.find("write the spec with the underlying OpenCL type instead, e.g. --arg p=float[COUNT]") != std::string::npos);
  r = run_roofline("count '" + (dir / "pair.cl").string() + "' --arg p=float2[64] -q");
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("warning: ") != std::string::npos);
  CHECK(r.err.find("taken as float2* as its spec float2[64] says") != std::string::npos);
  // A typedef name serves every argument's spec, also one declared before the argument that uses the typedef.
  std::ofstream(dir / "order.cl") << "typedef float real;\n"
                                     "__kernel void o(__global float* a, __global real* b) { b[get_global_id(0)] = a[0]; }\n"
                                     "// roofline: --global 64\n";
  r = run_roofline("count '" + (dir / "order.cl").string() + "' --arg a=real[64] --arg b=real[64] -q");
  CHECK(r.exit_code == 0);
  fs::remove_all(dir);
}

TEST_CASE("counts files record the launch, and place refuses one made for another launch") {
  const auto dir = scratch_dir("counts");
  const std::string counts = (dir / "t.counts.json").string();
  auto r = run_roofline("count " + example("triad.cl") + " -D ELEMS=4096 -q -o '" + counts + "'");
  REQUIRE(r.exit_code == 0);
  const auto j = nlohmann::json::parse(slurp(counts));
  CHECK(schema_problem_of(counts, roofline::DocumentKind::counts) == "");
  CHECK(j.at("launch").at("global") == nlohmann::json::array({4096}));
  CHECK(j.at("launch").at("args").at("s") == "float:3.0");
  CHECK(j.at("buffer_bytes") == 3 * 4 * 4096);
  auto bad = run_roofline("place " + example("triad.cl") + " -D ELEMS=8192 --counts '" + counts + "' --runs 1 --warmup 0");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("made for another launch") != std::string::npos);
  auto good = run_roofline("place " + example("triad.cl") + " -D ELEMS=4096 --counts '" + counts + "' --runs 3 --warmup 0 --roofs '" +
                           std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json' -o '" + (dir / "p.json").string() +
                           "' --svg '" + (dir / "p.svg").string() + "'");
  INFO(good.err);
  REQUIRE(good.exit_code == 0);
  const auto p = nlohmann::json::parse(slurp(dir / "p.json"));
  CHECK(schema_problem_of(dir / "p.json", roofline::DocumentKind::placement) == "");
  CHECK(p.at("kernel") == "triad");
  CHECK(p.at("flops") == 2 * 4096.0);
  CHECK(p.at("bytes") == 12 * 4096.0);
  CHECK(p.at("ai").get<double>() == doctest::Approx(2.0 / 12));
  CHECK(p.at("seconds").get<double>() > 0);
  CHECK(p.at("time").at("samples") == 3);
  CHECK(p.at("performance").get<double>() == doctest::Approx(2 * 4096.0 / p.at("seconds").get<double>()));
  CHECK(!p.at("attained_roof").at("roof").get<std::string>().empty());
  CHECK(p.at("footprint_bytes") == 3 * 4 * 4096.0);  // a, b, c: 4096 floats each
  CHECK(p.at("predicted_seconds").get<double>() > 0);
  CHECK(p.at("predicted_seconds") == p.at("prediction").at("seconds"));
  CHECK(p.at("prediction").at("terms").size() >= 2);  // compute and global at least
  CHECK(p.at("bytes_by_space").at("global").at("load") == 8 * 4096.0);
  CHECK(p.at("flops_by_type").at("float") == 2 * 4096.0);
  CHECK(fs::exists(dir / "p.svg"));
}

namespace {
// The math calls of a counts file: "name (type)" -> calls.
std::map<std::string, double> math_calls_of(const nlohmann::json& counts) {
  std::map<std::string, double> calls;
  for (const auto& c : counts.at("math")) calls[c.at("name").get<std::string>() + " (" + c.at("type").get<std::string>() + ")"] += c.at("calls").get<double>();
  return calls;
}
}  // namespace

TEST_CASE("the math category counts calls of math builtins and of / and % per lane evaluated, not mad or fma") {
  const auto dir = scratch_dir("math-count");
  const std::string out = (dir / "m.counts.json").string();
  auto r = run_roofline("count '" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/math_calls.cl' --global 64 --local 16 " +
                        "--arg a=float4[64]:ones --arg d=double[64]:ones --arg n=uint[64]:iota --arg h=float2[64]:zeros -o '" + out + "'");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(schema_problem_of(out, roofline::DocumentKind::counts) == "");
  const auto calls = math_calls_of(nlohmann::json::parse(slurp(out)));
  // 64 work-items; exp on float2 by the 32 odd ones.
  const std::map<std::string, double> expected{{"rsqrt (float)", 4 * 64}, {"native_sin (float)", 3 * 64}, {"div (double)", 64},
                                               {"mod (int)", 64},           {"div (int)", 64},               {"exp (float)", 2 * 32}};
  CHECK(calls == expected);
  CHECK(r.out.find("math calls (one per lane; the FLOPs and INTOPs count them by their own rules)") != std::string::npos);
  CHECK(r.out.find("native_sin (float)") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("n-body counts one rsqrt per interaction and, against a slow rsqrt roof, is bound by the rsqrt roof") {
  const auto dir = scratch_dir("nbody-math");
  const double b = 256;
  const std::string counts = (dir / "n.counts.json").string();
  auto c = run_roofline("count " + example("nbody.cl") + " -D BODIES=256 -q -o '" + counts + "'");
  REQUIRE(c.exit_code == 0);
  CHECK(math_calls_of(nlohmann::json::parse(slurp(counts))) == std::map<std::string, double>{{"rsqrt (float)", b * b}});
  // The roofs of the repository's CPU file with a synthetic math roof: rsqrt
  // at 1e6 calls/s makes the 65536 calls take 65 ms, far beyond the kernel's
  // FLOPs and bytes at that CPU's roofs.
  auto roofs = nlohmann::json::parse(slurp(std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json"));
  roofs["schema_version"] = 2;
  roofs["math"] = nlohmann::json::array({{{"call", {{"function", "rsqrt"}, {"form", "precise"}, {"type", "float"}}},
                                          {"calls_per_s", {{"median", 1e6}, {"mean", 1e6}, {"min", 1e6}, {"max", 1e6}, {"samples", 3}}}}});
  std::ofstream(dir / "roofs.json") << roofs.dump();
  auto r = run_roofline("place " + example("nbody.cl") + " -D BODIES=256 --counts '" + counts + "' --runs 3 --warmup 0 --energy none --roofs '" +
                        (dir / "roofs.json").string() + "' -o '" + (dir / "p.json").string() + "' --svg '" + (dir / "p.svg").string() + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(schema_problem_of(dir / "p.json", roofline::DocumentKind::placement) == "");
  const auto p = nlohmann::json::parse(slurp(dir / "p.json"));
  CHECK(p.at("attained_roof").at("roof") == "rsqrt roof");
  CHECK(p.at("attained_roof").at("level") == "");
  const auto& math = p.at("math");
  CHECK(math.at("bound") == true);
  CHECK(math.at("roof") == "rsqrt roof");
  CHECK(math.at("seconds").get<double>() == doctest::Approx(b * b / 1e6));
  CHECK(math.at("roof_performance").get<double>() == doctest::Approx((19 * b * b + 12 * b) / (b * b / 1e6)));
  CHECK(math.at("calls").at(0).at("calls") == b * b);
  CHECK(p.at("prediction").at("limit").at("kind") == "math");
  CHECK(p.at("prediction").at("limit").at("roof") == "rsqrt roof");
  CHECK(r.out.find("attained rsqrt roof (math)") != std::string::npos);
  CHECK(r.out.find("math-bound: the math calls take") != std::string::npos);
  const std::string svg = slurp(dir / "p.svg");
  CHECK(svg.find("class=\"roof math\"") != std::string::npos);
  CHECK(svg.find(">rsqrt roof</text>") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("place warns, without refusing, when the roofs are of another device or from a noisy run") {
  const auto dir = scratch_dir("other-roofs");
  auto roofs = nlohmann::json::parse(slurp(std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json"));
  roofs["device"]["name"] = "Some Other Device";
  std::ofstream(dir / "other.json") << roofs.dump();
  auto place = [&](const std::string& roofs_file) {
    return run_roofline("place " + example("triad.cl") + " -D ELEMS=4096 --runs 1 --warmup 0 --energy none --roofs '" +
                        (dir / roofs_file).string() + "' -o '" + (dir / "p.json").string() + "'");
  };
  auto r = place("other.json");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto p = nlohmann::json::parse(slurp(dir / "p.json"));
  CHECK(schema_problem_of(dir / "p.json", roofline::DocumentKind::placement) == "");
  const std::string device = p.at("device");
  const std::string warning = "the roofs in " + (dir / "other.json").string() + " are of device 'Some Other Device', the kernel runs on '" +
                              device + "': the dot is placed among another device's roofs";
  CHECK(r.err.find("roofline: warning: " + warning + "\n") != std::string::npos);
  CHECK(p.at("note").get<std::string>().find(warning) != std::string::npos);
  CHECK(r.out.find("  note: " + warning) != std::string::npos);
  CHECK(!p.at("attained_roof").at("roof").get<std::string>().empty());  // placed all the same

  roofs["device"]["name"] = device;
  roofs["memory"]["point_spread"] = 0.012;  // a quiet run's
  std::ofstream(dir / "same.json") << roofs.dump();
  r = place("same.json");
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.find("warning") == std::string::npos);
  CHECK(nlohmann::json::parse(slurp(dir / "p.json")).at("note").get<std::string>().find("another device") == std::string::npos);

  // Roofs measured while other programs ran are warned about the same way.
  roofs["memory"]["point_spread"] = 0.076;
  std::ofstream(dir / "noisy.json") << roofs.dump();
  r = place("noisy.json");
  REQUIRE(r.exit_code == 0);
  const std::string noisy = "the roofs in " + (dir / "noisy.json").string() +
                            " come from a noisy run: the bandwidth curve's points vary by a median 7.6%";
  CHECK(r.err.find("roofline: warning: " + noisy) != std::string::npos);
  CHECK(nlohmann::json::parse(slurp(dir / "p.json")).at("note").get<std::string>().find(noisy) != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("place counts and times a kernel in one go") {
  auto r = run_roofline("place " + example("mixed.cl") + " -D MADS=16 -D ELEMS=1024 --runs 3 --warmup 0 --roofs '" +
                        std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json'");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("AI       4 FLOP/byte") != std::string::npos);
  CHECK(r.out.find("% reached") != std::string::npos);
  CHECK(r.out.find("predicted") != std::string::npos);
}

TEST_CASE("place reads the kernel's power from an energy counter, and a backend that cannot work stops it") {
  // A powercap tree whose counter a thread advances at 35 W, every millisecond.
  const auto dir = scratch_dir("place-energy");
  fs::create_directories(dir / "intel-rapl:0");
  std::ofstream(dir / "intel-rapl:0" / "name") << "package-0\n";
  std::ofstream(dir / "intel-rapl:0" / "max_energy_range_uj") << "262143328850\n";
  std::atomic<bool> stop{false};
  std::thread counter([&] {
    const auto t0 = std::chrono::steady_clock::now();
    while (!stop) {
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const auto tmp = dir / "intel-rapl:0" / "energy_uj.tmp";
      std::ofstream(tmp) << static_cast<long long>(1000 + 35e6 * s) << "\n";
      fs::rename(tmp, dir / "intel-rapl:0" / "energy_uj");
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  const auto out = dir / "p.json";
  // The roofs with a power model (the H200's: only the charts' wiring is under test here).
  auto r = run_roofline("place " + example("triad.cl") + " -D ELEMS=65536 --runs 3 --warmup 0 --device cpu --energy powercap -o '" +
                            out.string() + "' --svg '" + (dir / "p.svg").string() + "' --roofs '" + ROOFLINE_SOURCE_DIR +
                            "/roofs/nvidia-h200-20261122.json'",
                        "ROOFLINE_POWERCAP_ROOT='" + dir.string() + "'");
  stop = true;
  counter.join();
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("  power    ") != std::string::npos);
  for (const char* chart : {"p.svg", "p-power.svg", "p-efficiency.svg"}) {
    CAPTURE(chart);
    CHECK(slurp(dir / chart).find("class=\"dot\"") != std::string::npos);
  }
  const auto p = nlohmann::json::parse(slurp(out));
  CHECK(schema_problem_of(out, roofline::DocumentKind::placement) == "");
  // The counter runs on the wall clock, written by a thread of this process,
  // and the meter reads it from another: a window's edges are as late as the
  // scheduler makes them on a busy machine. The band tells watts from mW or
  // kW (a unit lost on the way), not the meter's precision, which the unit
  // tests check on a simulated clock (test_power_meter.cpp).
  CHECK(p.at("watts").get<double>() > 35 / 2.0);
  CHECK(p.at("watts").get<double>() < 35 * 2.0);
  CHECK(p.at("joules").get<double>() > 0);
  // FLOPs per joule: the launch's FLOPs over its energy.
  CHECK(p.at("efficiency").get<double>() == doctest::Approx(p.at("flops").get<double>() / p.at("joules").get<double>()).epsilon(0.01));
  fs::remove_all(dir);

  if (!fs::exists("/sys/bus/event_source/devices/power")) {
    auto papi = run_roofline("place " + example("triad.cl") + " -D ELEMS=4096 --device cpu --energy papi");
    CHECK(papi.exit_code == 1);
    CHECK(papi.err.rfind("roofline: --energy papi: ", 0) == 0);
    CHECK(papi.err.find("--energy papi", 20) == std::string::npos);  // said once
    CHECK(papi.out.empty());
  }
}

// count looks for its instrumenter before it reads the launch: a build
// without Clang answers every count with the line below.
TEST_CASE("bad kernel input gets a clear message and a non-zero exit") {
  const auto dir = scratch_dir("bad-kernels");
  std::ofstream(dir / "syntax.cl") << "// roofline: --global 64 --arg a=float[64]\n__kernel void k(__global float* a) { a[0] = ; }\n";
  auto r = run_roofline("count '" + (dir / "syntax.cl").string() + "'");
  CHECK(r.exit_code == 4);
  CHECK(r.err.find("failed to build") != std::string::npos);
  CHECK(r.err.find("build log:") != std::string::npos);
  CHECK(r.err.find("error") != std::string::npos);

  std::ofstream(dir / "none.cl") << "// roofline: --global 64\nfloat twice(float x) { return 2 * x; }\n";
  r = run_roofline("count '" + (dir / "none.cl").string() + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("the file defines no __kernel function") != std::string::npos);

  r = run_roofline("count " + example("triad.cl") + " --kernel nosuch -D ELEMS=64");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("no kernel named 'nosuch'; the file's kernels: triad") != std::string::npos);

  r = run_roofline("count " + example("triad.cl") + " -D ELEMS=64 --arg b=flot[64]:random");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("unknown element type 'flot'") != std::string::npos);

  r = run_roofline("count " + example("triad.cl") + " -D ELEMS=64 --arg b=int[64]:random");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("argument 'b' of triad is of type float*") != std::string::npos);

  r = run_roofline("count " + example("triad.cl") + " -D ELEMS=64 --arg q=float:1");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("kernel triad has no argument named 'q'") != std::string::npos);

  std::ofstream(dir / "missing.cl") << "// roofline: --global 64 --arg a=float[64]\n__kernel void k(__global float* a, int n) { a[0] = n; }\n";
  r = run_roofline("count '" + (dir / "missing.cl").string() + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("argument 'n' (int) of k has no spec") != std::string::npos);

  r = run_roofline("count " + example("triad.cl") + " -D ELEMS=64 --arg b=float[64]:rnadom");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("unknown initial data 'rnadom'") != std::string::npos);

  r = run_roofline("count " + example("triad.cl") + " -D ELEMS=64 --global NOPE");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("'NOPE'") != std::string::npos);

  // 2^40 floats: more than any buffer the device allows.
  r = run_roofline("count " + example("triad.cl") + " -D ELEMS=64 --arg a=float[1099511627776]");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("buffer 'a' (float[1099511627776]) needs 4 TiB, more than the device's largest allocation") != std::string::npos);

  // Sizes beyond 64 bits: once wrapped to 4 bytes (exit 0), a crash with
  // :ones, an uncaught std::out_of_range, "a buffer of 0 elements".
  std::ofstream(dir / "sizes.cl") << "// roofline: --global 64 --arg a=float[64] --arg n=char:1 --arg u=uint:1\n"
                                     "__kernel void k(__global float* a, __global int* c, char n, uint u) { a[0] = c[0] + n + u; }\n";
  const std::string sizes = "count '" + (dir / "sizes.cl").string() + "' ";
  for (const char* spec : {"int[4611686018427387905]:zeros", "int[4611686018427387905]:ones", "int[99999999999999999999]:zeros",
                           "int[4294967296*4294967296]"}) {
    CAPTURE(spec);
    r = run_roofline(sizes + "--arg 'c=" + spec + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("bad --arg c=" + std::string(spec) + ": ") != std::string::npos);
    CHECK((r.err.find("too large") != std::string::npos));
  }
  // Two local arguments of 2^63 bytes each: their sum wrapped to 0 and passed the device's limit.
  std::ofstream(dir / "local.cl") << "__kernel void k(__global float* a, __local float* t, __local float* u) { t[0] = a[0]; u[0] = t[0]; }\n";
  r = run_roofline("count '" + (dir / "local.cl").string() + "' --global 64 --arg a=float[64] --arg t=local:float[2305843009213693952] "
                   "--arg u=local:float[2305843009213693952]");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("local memory 't' (local:float[2305843009213693952]) needs 8 EiB, more than the device's") != std::string::npos);
  r = run_roofline(sizes + "--arg c=int[4] --global 4294967296,4294967296");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--global: the sizes' product is too large (overflows 64 bits)") != std::string::npos);
  // Scalars out of their type's range: once silently -24 and 0.
  r = run_roofline(sizes + "--arg c=int[4] --arg n=char:1000");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("bad --arg n=char:1000: '1000' is out of range for char (-128 to 127)") != std::string::npos);
  r = run_roofline(sizes + "--arg c=int[4] --arg u=uint:-1");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("bad --arg u=uint:-1: '-1' is out of range for uint (0 to 4294967295)") != std::string::npos);

  r = run_roofline("count '" + dir.string() + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: cannot read kernel file " + dir.string() + ": is a directory\n");
}

#else

TEST_CASE("a build without Clang has no instrumenter, and says counting needs it") {
  auto r = run_roofline("count " + example("triad.cl") + " -D ELEMS=4096", "env -u ROOFLINE_INSTRUMENT");
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("roofline: counting needs roofline-instrument, the Clang kernel instrumenter: $ROOFLINE_INSTRUMENT is unset, and it "
                   "is not in " + std::string(ROOFLINE_BUILD_DIR) + "/roofline-instrument or ") == 0);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  // Before anything runs: a launch it would refuse is not looked at.
  r = run_roofline("count " + example("triad.cl") + " --kernel nosuch", "env -u ROOFLINE_INSTRUMENT");
  CHECK(r.exit_code == 1);
  CHECK(r.err.rfind("roofline: counting needs roofline-instrument", 0) == 0);
}

#endif
