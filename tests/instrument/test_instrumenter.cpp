// The Clang instrumenter at the source level, in the instrumenter's own test
// program (it links Clang and loads no OpenCL): where it puts counter
// updates (braces around a macro body, counters passed through macro
// expansions, __local variables reached through pointers, included files
// written in place), which slots the wrapper sums or adds once per
// work-item, what it inserts for half precision (which the PoCL test device
// cannot run), the recording copy's sites, and the constructs it refuses by
// name. What the counts come to is checked on PoCL, by the real binary: the
// annotated kernels of tests/counted/ (e2e/test_counted_kernels.cpp) and
// e2e/test_count.cpp.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "instrument/instrumenter.hpp"
#include "instrument/typedefs.hpp"
#include "model/op_counts.hpp"

using namespace roofline;

namespace {
InstrumentResult instrument(const std::string& src, const std::string& kernel, bool record_addresses = false) {
  InstrumentRequest r;
  r.source = src;
  r.kernel = kernel;
  r.clang_args = {"-Xclang", "-cl-ext=+cl_khr_fp16"};
  r.record_addresses = record_addresses;
  return instrument_source(r);
}

const TraceSite* site_of(const InstrumentResult& r, const std::string& text) {
  for (const TraceSite& s : r.sites)
    if (s.text == text) return &s;
  return nullptr;
}

// A statement's counter updates as the counting copy writes them: "__rl_c[SLOT]+=NUL;" each.
std::string charges(std::initializer_list<std::pair<int, int>> slots) {
  std::string text;
  for (const auto& [slot, n] : slots) text += "__rl_c[" + std::to_string(slot) + "]+=" + std::to_string(n) + "UL;";
  return text;
}

// The counting wrapper's addition of a charge every work-item makes once.
std::string once_per_item(int slot, int n) {
  return "__rl_add(__rl_out, " + std::to_string(slot) + ", " + std::to_string(n) + "UL * __rl_items);";
}

// The slots the counting wrapper sums over the work-group.
std::string summed(std::initializer_list<int> slots) {
  std::string list;
  for (int slot : slots) list += (list.empty() ? "" : ", ") + std::to_string(slot);
  return "const int __rl_used[] = {" + list + "};";
}
}  // namespace

TEST_CASE("half-precision vectors are charged per lane in the half slot, vload/vstore by lanes") {
  const auto r = instrument(
      "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
      "__kernel void h(__global half* a) {\n"
      "  half4 x = vload4(0, a);\n"
      "  x = x * x + x;\n"
      "  vstore4(x, 1, a);\n"
      "}\n",
      "h");
  // Straight-line statements: charged once per work-item by the wrapper.
  CHECK(r.source.find(once_per_item(kGlobalLoad, 8)) != std::string::npos);  // 4 halves loaded
  CHECK(r.source.find(once_per_item(kFlopHalf, 8)) != std::string::npos);    // 4 mul + 4 add, half
  CHECK(r.source.find(once_per_item(kGlobalStore, 8)) != std::string::npos);  // 4 halves stored
  CHECK(r.source.find("__kernel void h(__global half* a, __local ulong *__rl_scratch, __global uint *__rl_out)") !=
        std::string::npos);
  CHECK(r.kernels == std::vector<std::string>{"h"});
}

TEST_CASE("the instrumenter names what it cannot count") {
  CHECK_THROWS_WITH(instrument("__kernel void a() {}\n__kernel void b() {}\n", "c"),
                    "no kernel named 'c' in the file; its kernels: a, b");
  CHECK_THROWS_WITH(instrument("#define LOOP(n) for (int i = 0; i < n; i++) p[i] = 0;\n"
                               "__kernel void k(__global int* p) { LOOP(4) }\n",
                               "k"),
                    doctest::Contains("a for loop written inside macro LOOP cannot be counted exactly"));
  CHECK_THROWS_WITH(instrument("__kernel void k(__global int* p) { p[0] = ; }\n", "k"), doctest::Contains("Clang could not parse"));
}

TEST_CASE("a macro that expands to a loop or if body and more statements is refused, never bracketed wrongly") {
  const std::string macros =
      "#define STEP p[i] += 1; p[i] += 2\n#define INC p[i] += 1\n#define STEP2 INC; INC\n#define ID(x) x\n"
      "#define ELSE_Y else p[i] += 1\n#define THEN p[i] += 1; else\n";
  const std::pair<const char*, const char*> cases[] = {
      {"if (i < 4) STEP;", "the body of this if statement comes from macro STEP"},
      {"if (i < 4) p[i] = 0; else STEP;", "the body of this else branch comes from macro STEP"},
      {"for (int k = 0; k < i; k++) STEP;", "the body of this for loop comes from macro STEP"},
      {"while (p[i] < 0) STEP;", "the body of this while loop comes from macro STEP"},
      {"if (i < 4) STEP2;", "the body of this if statement comes from macro STEP2"},
      {"if (i < 4) p[i] = ID(1; p[i] += 2);", "the body of this if statement comes from macro ID"},
      {"if (i < 4) p[i] = 0; ELSE_Y;", "the body of this else branch comes from macro ELSE_Y"},
      {"if (i < 4) THEN p[i] = 3;", "the body of this if statement comes from macro THEN"}};
  for (const auto& [code, message] : cases) {
    CAPTURE(code);
    const std::string expected = std::string("kernel.cl:7: ") + message + ", which expands to more than that body";
    CHECK_THROWS_WITH(instrument(macros + "__kernel void k(__global int* p) { int i = get_global_id(0); " + code + " }\n", "k"),
                      doctest::Contains(expected.c_str()));
  }
  // One statement (with or without its semicolon) or a braced block: the
  // braces enclose exactly the macro (its counts: tests/counted/macro_bodies.cl).
  const auto r = instrument(
      "#define ONE p[i] += 1\n#define ONE_STMT p[i] += 2;\n#define BLOCK { p[i] += 1; p[i] += 1; }\n"
      "__kernel void k(__global int* p) { int i = get_global_id(0); if (i < 4) ONE; else ONE_STMT if (i < 2) BLOCK }\n",
      "k");
  const std::string add = charges({{kIntop, 1}, {kGlobalLoad, 4}, {kGlobalStore, 4}});
  CHECK(r.source.find("if (i < 4) {" + add + "ONE;} else {" + add + "ONE_STMT}") != std::string::npos);
  CHECK(r.source.find("if (i < 2) {" + add + add + "BLOCK}") != std::string::npos);  // was "if (i < 2) add;add;BLOCK": all ran it
}

TEST_CASE("calls of counted functions inside macros get the counters") {
  const auto r = instrument(
      "float get(__global const float* p, int k) { return p[k]; }\n"
      "float add2(float x, float y) { return x + y; }\n"
      "#define GET(k) get(a, k)\n#define GETI get(a, i)\n#define SQ(e) ((e) * (e))\n"
      "__kernel void k(__global float* a) {\n  int i = get_global_id(0);\n"
      "  a[0] = GET(i) + GETI + SQ(get(a, i));\n  a[1] = add2(a[i], i < 4 ? a[i] : a[i + 1]);\n}\n",
      "k");
  CHECK(r.source.find("a[0] = get ( a , i , __rl_c) + get ( a , i , __rl_c) + ( ( get ( a , i , __rl_c) ) * ( get ( a , i , __rl_c) ) );") !=
        std::string::npos);
  // The counters after the conditional's parentheses, not inside them (its
  // counts: tests/counted/macro_calls.cl).
  CHECK(r.source.find("a[1] = add2(a[i], i < 4 ? (") != std::string::npos);
  CHECK(r.source.find("a[i + 1]), __rl_c);") != std::string::npos);
}

TEST_CASE("the counted kernel's prototype is left out, as the wrapper takes two more parameters") {
  const auto r = instrument("__kernel void k(__global float* a);\n__kernel void k(__global float* a) { a[0] = 1.0f; }\n", "k");
  CHECK(r.source.find("/* prototype of kernel k left out of the counting build */\n") != std::string::npos);
  CHECK(r.source.find("__kernel void k(__global float* a);") == std::string::npos);
}

TEST_CASE("a macro that keeps its own name is written out with the name in parentheses, or refused when object-like") {
  const auto r = instrument(
      "float get(__global float* p, int k) { return p[k]; }\n#define get(p, k) ((k) < 0 ? 0.0f : get(p, k))\n"
      "__kernel void k(__global float* a) { a[0] = get(a, 1); }\n",
      "k");
  CHECK(r.source.find("a[0] = ( ( 1 ) < 0 ? 0.0f : (get) ( a , 1 , __rl_c) );") != std::string::npos);
  CHECK_THROWS_WITH(instrument("__kernel void k(__global float* p, int c) {\n  float v = 1.0f;\n#define v (c ? p[0] : v)\n"
                               "  p[1] = v;\n}\n",
                               "k"),
                    doctest::Contains("kernel.cl:4: the expansion of macro v keeps the name of macro v (an object-like macro "
                                      "naming itself)"));
}

TEST_CASE("__local scalars and arrays are declared by the wrapper and reached through pointers to them") {
  const auto r = instrument(
      "#define CNT cnt\n#define BUMP(p) atomic_inc(p)\n"
      "__kernel void k(__global float* a) {\n  __local int cnt;\n  __local float t[16];\n"
      "  if (get_local_id(0) == 0) cnt = 0;\n  BUMP(&cnt);\n  a[0] = t[1] * CNT + sizeof(t);\n}\n",
      "k");
  CHECK(r.source.find("void __rl_k_k(__global float* a, __private ulong *__rl_c, __local int *cnt, __local float (*t)[16])") !=
        std::string::npos);
  CHECK(r.source.find("{" + charges({{kLocalStore, 4}}) + "(*cnt) = 0;}") != std::string::npos);
  CHECK(r.source.find("atomic_inc ( & (*cnt ));") != std::string::npos);
  CHECK(r.source.find("a[0] = (*t)[1] * (*CNT) + sizeof((*t));") != std::string::npos);
  CHECK(r.source.find("  __local int cnt;\n  __local float t[16];\n") != std::string::npos);  // in the wrapper
  CHECK(r.source.find("__rl_k_k(a, __rl_c, &cnt, &t);") != std::string::npos);
}

TEST_CASE("functions of included user files are instrumented and written in place of the #include") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("roofline-unit-includes-" + std::to_string(::getpid()));
  fs::create_directories(dir / "user");
  fs::create_directories(dir / "system");
  std::ofstream(dir / "user" / "helpers.h") << "#pragma once\nfloat twice(__global float* p) { return 2.0f * p[0]; }\n";
  std::ofstream(dir / "system" / "sys.h") << "float thrice(float x) { return 3.0f * x; }\n";
  InstrumentRequest req;
  req.source =
      "#include \"helpers.h\"\n#include \"helpers.h\"\n#include <sys.h>\n"
      "__kernel void k(__global float* a) { a[1] = twice(a) + thrice(a[0]) + thrice(a[2]); }\n";
  req.kernel = "k";
  req.clang_args = {"-I" + (dir / "user").string(), "-isystem" + (dir / "system").string()};
  const auto r = instrument_source(req);
  const std::string user = (dir / "user" / "helpers.h").string();
  CHECK(r.source.find("/* #include helpers.h */\n#line 1 \"" + user + "\"\n\n"
                      "float twice(__global float* p, __private ulong *__rl_c) { " + charges({{kFlopFloat, 1}, {kGlobalLoad, 4}}) +
                      "return 2.0f * p[0]; }\n"
                      "#line 1 \"kernel.cl\"\n") != std::string::npos);
  CHECK(r.source.find("/* #include helpers.h: skipped by its include guard or #pragma once */\n#include <sys.h>\n") != std::string::npos);
  CHECK(r.source.find("twice(a, __rl_c)") != std::string::npos);
  // A system header is not rewritten: its function is named once, however often it is called.
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0] == "calls of thrice (defined in " + (dir / "system" / "sys.h").string() +
                             ":1, a system header, which is not rewritten) are not counted");
  fs::remove_all(dir);
}

TEST_CASE("typedefs resolve through Clang with the build's defines, through macros and chains") {
  InstrumentRequest r;
  r.source =
      "#define REAL float\ntypedef REAL real;\ntypedef real real_t;\ntypedef unsigned int count_t;\n"
      "#if WIDE\ntypedef float8 vec;\n#else\ntypedef float4 vec;\n#endif\n"
      "typedef __global vec* vptr;\ntypedef struct { float x; } pair;\n__kernel void k(__global real* a) {}\n";
  r.clang_args = {"-DWIDE=1"};
  const auto t = typedefs_of(r);
  CHECK(t.at("real") == "float");
  CHECK(t.at("real_t") == "float");
  CHECK(t.at("count_t") == "uint");
  CHECK(t.at("vec") == "float8");
  CHECK(t.at("vptr") == "float8*");
  CHECK(!t.count("pair"));
  r.source = "__kernel void k( {";
  CHECK_THROWS_AS(typedefs_of(r), InstrumentError);
}

TEST_CASE("the counting wrapper reduces only the slots the kernel charges") {
  // One float add, a 4-byte load and a 4-byte store (tests/counted/guarded_update.cl):
  // the other eight slots stay zero unreduced.
  const auto r = instrument("__kernel void t(__global float* x) { if (get_global_id(0) < 8) x[get_global_id(0)] += 1.0f; }\n", "t");
  CHECK(r.source.find("{" + charges({{kFlopFloat, 1}, {kGlobalLoad, 4}, {kGlobalStore, 4}}) + "x[") != std::string::npos);
  CHECK(r.source.find(summed({kFlopFloat, kGlobalLoad, kGlobalStore})) != std::string::npos);
}

TEST_CASE("charges every work-item makes once are added for the NDRange, with no work-group sum") {
  // BabelStream's triad: every statement at the kernel's top level (its
  // counts, and those of the kernels below: tests/counted/straight_line.cl,
  // early_return.cl, goto_loop.cl).
  const auto triad = instrument(
      "__kernel void triad(__global double* a, __global const double* b, __global const double* c) {\n"
      "  const size_t i = get_global_id(0);\n  a[i] = b[i] + 0.4 * c[i];\n}\n",
      "triad");
  CHECK(triad.source.find(once_per_item(kFlopDouble, 2)) != std::string::npos);    // mul + add, double
  CHECK(triad.source.find(once_per_item(kGlobalLoad, 16)) != std::string::npos);   // b[i], c[i]
  CHECK(triad.source.find(once_per_item(kGlobalStore, 8)) != std::string::npos);   // a[i]
  CHECK(triad.source.find("barrier(") == std::string::npos);
  const std::string counter_array = "__rl_c[" + std::to_string(kMathSlotBase) + "]";  // the fixed slots and the chain's
  REQUIRE(triad.source.find(counter_array) != std::string::npos);
  CHECK(triad.source.find("__rl_c[") == triad.source.find(counter_array));  // the array, no charge

  // After a statement that may return, charges are counted per item; the
  // condition before the return is still evaluated by every item.
  const auto guarded = instrument(
      "__kernel void g(__global float* a, int n) {\n  int i = get_global_id(0);\n  if (i + 1 > n) return;\n  a[i] = a[i] * 2.0f;\n}\n", "g");
  CHECK(guarded.source.find(once_per_item(kIntop, 1)) != std::string::npos);  // i + 1
  CHECK(guarded.source.find(charges({{kFlopFloat, 1}, {kGlobalLoad, 4}, {kGlobalStore, 4}}) + "a[i] = a[i] * 2.0f;") != std::string::npos);
  CHECK(guarded.source.find(summed({kFlopFloat, kGlobalLoad, kGlobalStore})) != std::string::npos);

  // A GNU statement expression that may return: the statement's charges are per item.
  const auto stmt_expr = instrument(
      "__kernel void s(__global float* a, int n) {\n  int i = get_global_id(0);\n  a[i] = ({ if (i >= n) return; 1.0f; }) + a[i];\n}\n", "s");
  CHECK(stmt_expr.source.find("__rl_add(__rl_out, " + std::to_string(kGlobalLoad) + ",") == std::string::npos);
  CHECK(stmt_expr.source.find(summed({kFlopFloat, kGlobalLoad, kGlobalStore})) != std::string::npos);

  // A label (a goto may jump back to it) leaves nothing charged once.
  const auto jump = instrument(
      "__kernel void j(__global float* a) {\n  int i = 0;\n  a[0] += 1.0f;\nagain:\n  i = i + 1;\n  if (i < 3) goto again;\n}\n", "j");
  CHECK(jump.source.find("__rl_items") == std::string::npos);
  CHECK(jump.source.find(charges({{kFlopFloat, 1}, {kGlobalLoad, 4}, {kGlobalStore, 4}}) + "a[0] += 1.0f;") != std::string::npos);
}

TEST_CASE("the counting wrapper survives a kernel left out at the very end of the file") {
  // clpeak's programs end with a kernel's closing brace and no newline; every
  // kernel but the counted one is replaced, that one up to the end of the file.
  const std::string src =
      "__kernel void a(__global float* x) { x[0] += 1.0f; } __kernel void b(__global float* y) { y[1] *= 2.0f; }";
  const auto r = instrument(src, "a");
  CHECK(r.source.find("__kernel void a(__global float* x, __local ulong *__rl_scratch") != std::string::npos);
  CHECK(r.source.find("/* kernel b left out of the counting build */") != std::string::npos);
}

TEST_CASE("the recording copy: sites by kind, a nested condition wrapped alone, no counter charges") {
  const auto r = instrument(
      "__kernel void k(__global const int* next, __global float* out, volatile __global int* n) {\n"
      "  int p = (int)get_global_id(0);\n"
      "  for (int j = 0; j < 4; ++j) p = next[p];\n"
      "  int best = 0;\n"
      "  for (int j = 1; j < 4; ++j) best = next[j] < next[best] ? j : best;\n"
      "  atomic_inc(n);\n"
      "  out[p] = p == 0 ? 1.5f : p == 1 ? 2.5f : 3.5f;\n"
      "}\n",
      "k", true);
  REQUIRE(site_of(r, "next[p]"));
  CHECK(site_of(r, "next[p]")->chained);
  REQUIRE(site_of(r, "next[best]"));
  CHECK_FALSE(site_of(r, "next[best]")->chained);  // an index kept, not a loaded value
  REQUIRE(site_of(r, "n"));
  CHECK(site_of(r, "n")->atomic);
  REQUIRE(site_of(r, "p == 1"));
  CHECK(site_of(r, "p == 1")->branch);
  // The inner condition alone is wrapped: the arm's value stays a float.
  const unsigned inner = site_of(r, "p == 1")->id | kRecordBranch;
  CHECK(r.source.find("__rl_br(" + std::to_string(inner) + "u, __rl_c, __rl_r, (p == 1) != 0) ? 2.5f : 3.5f") != std::string::npos);
  CHECK(r.source.find("]+=") == std::string::npos);  // no counter is charged
  CHECK(r.source.find("__rl_out") == std::string::npos);
  // p->y of a float4 pointer: counted and recorded at the pointer, 4 bytes in.
  const auto arrow = instrument("__kernel void v(__global float4* p) { p->y = 1.0f; }\n", "v", true);
  REQUIRE(site_of(arrow, "p"));
  CHECK(arrow.source.find("__rl_note((ulong)__rl_p0 + 4UL, " + std::to_string(kRecordStore) + "u, 4u") != std::string::npos);
  CHECK(instrument("__kernel void v(__global float4* p) { p->y = 1.0f; }\n", "v").source.find(once_per_item(kGlobalStore, 4)) !=
        std::string::npos);
}

TEST_CASE("math calls get a counter slot each after the fixed ones, in the order met; the recording copy has none") {
  // tests/counted/math_divisors.cl counts what each charges.
  const auto r = instrument(
      "__kernel void m(__global float4* a, __global double* d, __global uint* n) {\n"
      "  int i = get_global_id(0);\n"
      "  float4 r = rsqrt(a[i]);\n"
      "  for (int k = 0; k < 3; ++k) r.x += native_sin(r.y);\n"
      "  d[i] = d[i] / 3.0 + d[i + 1] / 2.0;\n"
      "  n[i] = n[i] % n[i + 1] + n[i + 1] % 8u;\n"
      "  a[i] = mad(r, r, fma(r, r, r));\n"
      "}\n",
      "m");
  const std::vector<MathCall> expected{{MathFunction::rsqrt, MathForm::precise, DataType::float32},
                                       {MathFunction::sin, MathForm::native, DataType::float32},
                                       {MathFunction::div, MathForm::precise, DataType::float64},
                                       {MathFunction::mod, MathForm::precise, DataType::int32}};
  REQUIRE(r.math_slots == expected);
  const int words = kMathSlotBase + int(expected.size());
  CHECK(r.source.find("ulong __rl_c[" + std::to_string(words) + "];") != std::string::npos);
  CHECK(r.source.find("for (int __rl_i = 0; __rl_i < " + std::to_string(words) + "; ++__rl_i) __rl_c[__rl_i] = 0;") != std::string::npos);
  CHECK(r.source.find(once_per_item(kMathSlotBase, 4)) != std::string::npos);     // rsqrt on a float4, once per item
  CHECK(r.source.find(charges({{kMathSlotBase + 1, 1}})) != std::string::npos);  // native_sin, in the loop's body
  // The recording copy charges nothing and keeps its four words after the fixed counters.
  const auto rec = instrument(
      "__kernel void m(__global float* a) { int i = get_global_id(0); a[i] = sqrt(a[i]) / a[i + 1]; }\n", "m", true);
  CHECK(rec.math_slots.empty());
  CHECK(rec.source.find("ulong __rl_c[" + std::to_string(kCounterSlots + 4) + "];") != std::string::npos);
  CHECK(rec.source.find("if (__rl_c[" + std::to_string(kCounterSlots + 3) + "]++ < 1024UL) __rl_note(") != std::string::npos);
}

TEST_CASE("each floating-point variable's counter holds the path of dependent operations into it; the recording copy none") {
  // tests/counted/dependent_chains.cl counts the chains.
  const std::string source =
      "__kernel void c(__global const float* x, __global float* y) {\n"
      "  float acc = 0.0f;\n"
      "  for (int k = 0; k < 8; ++k) acc += x[k];\n"
      "  float z = acc * 2.0f;\n"
      "  z = x[0];\n"
      "  float w = acc * z + 1.0f;\n"
      "  y[get_global_id(0)] = acc + w;\n"
      "}\n";
  const auto counted = instrument(source, "c");
  const std::string slot = "__rl_c[" + std::to_string(kChainSlot) + "]";
  CHECK(counted.source.find("ulong __rl_d0=0UL;float acc") != std::string::npos);  // declared where acc is
  CHECK(counted.source.find("__rl_d0=__rl_d0+1UL;" + slot + "=max(" + slot + ",__rl_d0);") != std::string::npos);  // acc += reads acc
  CHECK(counted.source.find("ulong __rl_d1=__rl_d0+1UL;") != std::string::npos);  // z's path passes through acc's
  CHECK(counted.source.find("__rl_d1=0UL;z = x[0]") != std::string::npos);     // a load starts z's path again
  // acc * z + 1.0f: one contracted operation after the longer of acc's and z's paths.
  CHECK(counted.source.find("ulong __rl_d2=max(__rl_d0+1UL,__rl_d1+1UL);") != std::string::npos);
  CHECK(counted.source.find("atomic_max(&__rl_out[2 * " + std::to_string(kChainSlot) + "]") != std::string::npos);
  const auto recorded = instrument(source, "c", true);
  CHECK(recorded.source.find("__rl_d") == std::string::npos);
}
