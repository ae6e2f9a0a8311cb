// The Clang instrumenter at the source level (builds with Clang only): what it
// inserts for half precision (which the PoCL test device cannot run), and the
// constructs it refuses by name. Run-time counts are checked end to end
// (tests/e2e/test_count.cpp).
#include <doctest/doctest.h>

#include "count/instrument.hpp"
#include "count/typedefs.hpp"

using namespace roofline;

#ifdef ROOFLINE_HAVE_CLANG

namespace {
InstrumentResult instrument(const std::string& src, const std::string& kernel) {
  InstrumentRequest r;
  r.source = src;
  r.kernel = kernel;
  r.clang_args = {"-Xclang", "-cl-ext=+cl_khr_fp16"};
  return instrument_kernel(r);
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
  CHECK(r.source.find("__rl_c[4]+=8UL;half4 x = vload4(0, a);") != std::string::npos);  // 4 halves loaded
  CHECK(r.source.find("__rl_c[0]+=8UL;x = x * x + x;") != std::string::npos);           // 4 mul + 4 add, half
  CHECK(r.source.find("__rl_c[5]+=8UL;vstore4(x, 1, a);") != std::string::npos);         // 4 halves stored
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
  // One statement (with or without its semicolon) or a braced block: the braces enclose exactly the macro.
  const auto r = instrument(
      "#define ONE p[i] += 1\n#define ONE_STMT p[i] += 2;\n#define BLOCK { p[i] += 1; p[i] += 1; }\n"
      "__kernel void k(__global int* p) { int i = get_global_id(0); if (i < 4) ONE; else ONE_STMT if (i < 2) BLOCK }\n",
      "k");
  CHECK(r.source.find("if (i < 4) {__rl_c[3]+=1UL;__rl_c[4]+=4UL;__rl_c[5]+=4UL;ONE;} else {__rl_c[3]+=1UL;__rl_c[4]+=4UL;__rl_c[5]+=4UL;ONE_STMT}") !=
        std::string::npos);
  const std::string add = "__rl_c[3]+=1UL;__rl_c[4]+=4UL;__rl_c[5]+=4UL;";
  CHECK(r.source.find("if (i < 2) {" + add + add + "BLOCK}") != std::string::npos);  // was "if (i < 2) add;add;BLOCK": all ran it
}

TEST_CASE("ternaries inside a macro body are charged as always evaluated, with a warning") {
  const auto r = instrument(
      "#define PICK(c, x, y) ((c) ? (x) : (y))\n"
      "__kernel void k(__global float* p, int c) { p[0] = PICK(c, p[1], p[2]); }\n",
      "k");
  CHECK(r.warnings.size() == 2);
  CHECK(r.source.find("__rl_c[4]+=8UL;__rl_c[5]+=4UL;p[0] = PICK") != std::string::npos);
}

TEST_CASE("typedefs resolve through Clang with the build's defines, through macros and chains") {
  InstrumentRequest r;
  r.source =
      "#define REAL float\ntypedef REAL real;\ntypedef real real_t;\ntypedef unsigned int count_t;\n"
      "#if WIDE\ntypedef float8 vec;\n#else\ntypedef float4 vec;\n#endif\n"
      "typedef __global vec* vptr;\ntypedef struct { float x; } pair;\n__kernel void k(__global real* a) {}\n";
  r.clang_args = {"-DWIDE=1"};
  const auto t = resolve_typedefs(r);
  CHECK(t.at("real") == "float");
  CHECK(t.at("real_t") == "float");
  CHECK(t.at("count_t") == "uint");
  CHECK(t.at("vec") == "float8");
  CHECK(t.at("vptr") == "float8*");
  CHECK(!t.count("pair"));
  r.source = "__kernel void k( {";
  CHECK_THROWS_AS(resolve_typedefs(r), InstrumentError);
}

#else

TEST_CASE("a build without Clang has no instrumenter") {
  CHECK(!counting_available());
  CHECK_THROWS_AS(instrument_kernel({}), InstrumentError);
}

#endif
