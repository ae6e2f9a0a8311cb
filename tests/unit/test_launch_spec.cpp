// Launch specs: parsing, size expressions, merging, argument specs and their data.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

#include <unistd.h>

#include "launch/kernel_args.hpp"
#include "launch/launch_spec.hpp"
#include "launch/source_typedefs.hpp"

using namespace roofline;

TEST_CASE("element types: scalars, vectors, sizes") {
  CHECK(parse_element_type("float4").bytes() == 16);
  CHECK(parse_element_type("float4").base == "float");
  CHECK(parse_element_type("double2").bytes() == 16);
  CHECK(parse_element_type("float3").bytes() == 16);  // 3-vectors are stored as 4
  CHECK(parse_element_type("half").bytes() == 2);
  CHECK(parse_element_type("uchar16").bytes() == 16);
  CHECK(parse_element_type("int").is_signed);
  CHECK(!parse_element_type("uint").is_signed);
  CHECK_THROWS_AS(parse_element_type("float5"), LaunchSpecError);
  CHECK_THROWS_WITH(parse_element_type("flot"), "unknown element type 'flot'");
}

TEST_CASE("launch words and // roofline: lines merge, the command line winning") {
  const std::string src =
      "// header\n// roofline: --kernel mm --global DIM,DIM --local 16,16 -D DIM=1024\n"
      "  //   roofline: --arg A=float[DIM*DIM]:random --arg N=int:DIM --build-options \"-cl-mad-enable -DX=1\"\n"
      "__kernel void mm() {}\n";
  LaunchSpec file = parse_source_launch_spec(src);
  CHECK(file.kernel == "mm");
  CHECK(file.global() == std::vector<std::uint64_t>{1024, 1024});
  CHECK(file.build_options == "-cl-mad-enable -DX=1");
  LaunchSpec cli = parse_launch_words({"-D", "DIM=64", "--arg", "N=int:7"});
  cli.merge_over(file);
  CHECK(cli.kernel == "mm");
  CHECK(cli.global() == std::vector<std::uint64_t>{64, 64});
  CHECK(cli.local() == std::vector<std::uint64_t>{16, 16});
  CHECK(cli.arg("A").count == 64 * 64);
  CHECK(cli.arg("N").value == 7);
  CHECK(cli.full_build_options() == "-D DIM=64 -cl-mad-enable -DX=1");
}

TEST_CASE("an argument given twice, or a -D without a name, is a spec error") {
  CHECK_THROWS_WITH_AS(parse_launch_words({"--arg", "a=float[4]", "--arg", "a=float[8]"}),
                       "--arg a is given twice (float[4] and float[8])", LaunchSpecError);
  CHECK_THROWS_WITH_AS(parse_source_launch_spec("// roofline: --arg n=int:1 --arg n=int:2\n"),
                       "in the file's // roofline: lines: --arg n is given twice (int:1 and int:2)", LaunchSpecError);
  // The command line replaces a file's spec of the same name: that is no repetition.
  LaunchSpec cli = parse_launch_words({"--arg", "n=int:2"});
  cli.merge_over(parse_source_launch_spec("// roofline: --arg n=int:1\n"));
  CHECK(cli.arg_text.at("n") == "int:2");
  for (const char* bad : {"", "=5", "1X=2", "A B=1", "-X"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH_AS(parse_launch_words({"-D", bad}), doctest::Contains("expected NAME or NAME=VALUE"), LaunchSpecError);
  }
  CHECK(parse_launch_words({"-D", "FLAG"}).defines == std::vector<std::pair<std::string, std::string>>{{"FLAG", ""}});
  CHECK(parse_launch_words({"-DN_2=8"}).defines == std::vector<std::pair<std::string, std::string>>{{"N_2", "8"}});
}

TEST_CASE("argument specs") {
  LaunchSpec s = parse_launch_words({"--arg", "a=float4[100]:value=2.5", "--arg", "t=local:float[256]", "--arg", "x=double:0.25",
                                     "--arg", "b=int[8]:iota", "--arg", "c=float[4]:file=/nonexistent", "-D", "K=3"});
  ArgSpec a = s.arg("a");
  CHECK(a.kind == ArgSpec::Kind::Buffer);
  CHECK(a.bytes() == 1600);
  CHECK(a.init == ArgSpec::Init::Value);
  CHECK(s.arg("t").kind == ArgSpec::Kind::Local);
  CHECK(s.arg("t").bytes() == 1024);
  CHECK(s.arg("x").kind == ArgSpec::Kind::Scalar);
  CHECK(s.arg("x").value == 0.25);
  CHECK(s.evaluate("K*4*K", "x") == 36);
  CHECK_THROWS_WITH(s.arg("nosuch"), "argument 'nosuch' has no spec (--arg nosuch=SPEC)");
  CHECK_THROWS_AS(s.evaluate("K*Q", "x"), LaunchSpecError);
  for (const char* bad : {"float[10", "float[0]", "float[10]:sometimes", "int:abc", "int:2.5", "local:float", "float4:1",
                          "float[10]:value=x"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parse_launch_words({"--arg", std::string("z=") + bad}).arg("z"), LaunchSpecError);
  }
  CHECK_THROWS_AS(parse_launch_words({"--global", "1,2,3,4"}), LaunchSpecError);
  CHECK_THROWS_AS(parse_launch_words({"--frobnicate", "1"}), LaunchSpecError);
  CHECK_THROWS_AS(parse_launch_words({"--arg", "novalue"}), LaunchSpecError);
  CHECK_THROWS_WITH(make_buffer_data(s.arg("c")), "--arg c=float[4]:file=/nonexistent: cannot read data file /nonexistent: No such file or directory");
  // A data file must be a regular file of exactly the buffer's bytes: a folder's size is no size.
  const std::string short_file = "/tmp/roofline-test-data-" + std::to_string(::getpid());
  std::ofstream(short_file) << std::string(12, 'x');
  const LaunchSpec files = parse_launch_words({"--arg", "d=float[4]:file=" + short_file, "--arg", "t=float[4]:file=/tmp"});
  CHECK_THROWS_WITH(make_buffer_data(files.arg("d")),
                    ("--arg d=float[4]:file=" + short_file + ": data file " + short_file + " holds 12 bytes, not the 16 needed").c_str());
  CHECK_THROWS_WITH(make_buffer_data(files.arg("t")), "--arg t=float[4]:file=/tmp: cannot read data file /tmp: is a directory");
  std::remove(short_file.c_str());
}

TEST_CASE("argument data is deterministic and as specified") {
  LaunchSpec s = parse_launch_words({"--arg", "r=float[1000]:random", "--arg", "i=int2[3]:iota", "--arg", "v=double[2]:value=2.5"});
  const auto r1 = make_buffer_data(s.arg("r")), r2 = make_buffer_data(s.arg("r"));
  CHECK(r1 == r2);
  float f[1000];
  std::memcpy(f, r1.data(), sizeof f);
  double sum = 0;
  for (float x : f) {
    CHECK(x >= 0.0f);
    CHECK(x < 1.0f);
    sum += x;
  }
  CHECK(sum / 1000 == doctest::Approx(0.5).epsilon(0.05));
  const auto iota = make_buffer_data(s.arg("i"));
  int v[6];
  std::memcpy(v, iota.data(), sizeof v);
  for (int k = 0; k < 6; ++k) CHECK(v[k] == k);
  const auto d = make_buffer_data(s.arg("v"));
  double dv[2];
  std::memcpy(dv, d.data(), sizeof dv);
  CHECK(dv[0] == 2.5);
  CHECK(dv[1] == 2.5);
}

TEST_CASE("sums in sizes, random=N and iota=K give index data") {
  LaunchSpec s = parse_launch_words({"--arg", "ptr=int[ROWS+1]:iota=K", "--arg", "col=uint[ROWS*K]:random=ROWS", "--arg",
                                     "f=float[64]:random=ROWS", "-D", "ROWS=1000", "-D", "K=3"});
  CHECK(s.evaluate("ROWS*K+ROWS+2", "x") == 4002);
  CHECK_THROWS_AS(s.evaluate("ROWS+", "x"), LaunchSpecError);
  const auto ptr = make_buffer_data(s.arg("ptr"));
  REQUIRE(ptr.size() == 1001 * 4);
  std::vector<int> p(1001);
  std::memcpy(p.data(), ptr.data(), ptr.size());
  for (int k = 0; k <= 1000; ++k) CHECK(p[k] == 3 * k);
  const auto col = make_buffer_data(s.arg("col"));
  std::vector<unsigned> c(3000);
  std::memcpy(c.data(), col.data(), col.size());
  unsigned largest = 0, below_half = 0;
  for (unsigned v : c) {
    largest = std::max(largest, v);
    below_half += v < 500;
  }
  CHECK(largest == 999);  // 3000 draws from 1000 values reach the last
  CHECK(below_half == doctest::Approx(1500).epsilon(0.1));
  float f[64];
  std::memcpy(f, make_buffer_data(s.arg("f")).data(), sizeof f);
  for (float x : f) CHECK((x >= 0.0f && x < 1000.0f));
  auto arg = [](const std::string& spec) { return parse_launch_words({"--arg", "c=" + spec}).arg("c"); };
  CHECK_THROWS_WITH(arg("uchar[4]:random=300"), "bad --arg c=uchar[4]:random=300: random=300 writes 299, beyond uchar's range");
  CHECK_THROWS_WITH(arg("short[4]:iota=20000"), doctest::Contains("iota=20000 writes 60000, beyond short's range"));
  CHECK_THROWS_WITH(arg("int[4]:random=0"), doctest::Contains("random=0 leaves no value to draw"));
  CHECK(arg("uchar[4]:random=256").scale == 256);
}

TEST_CASE("sizes that overflow 64 bits are errors naming the argument, not wrapped counts") {
  auto arg = [](const std::string& spec) { return parse_launch_words({"--arg", "c=" + spec, "-D", "HUGE=99999999999999999999"}).arg("c"); };
  // 2^62 + 1 ints: 2^64 + 4 bytes, which wrapped to 4.
  CHECK_THROWS_WITH(arg("int[4611686018427387905]:zeros"),
                    "bad --arg c=int[4611686018427387905]:zeros: size too large: 4611686018427387905 elements of int overflow a "
                    "64-bit byte count");
  CHECK_THROWS_WITH(arg("int[99999999999999999999]:zeros"),
                    "bad --arg c=int[99999999999999999999]:zeros: size: '99999999999999999999' is too large (overflows 64 bits)");
  CHECK_THROWS_WITH(arg("int[4294967296*4294967296]"),
                    doctest::Contains("c=int[4294967296*4294967296]: size: '4294967296*4294967296' is too large (overflows 64 bits)"));
  CHECK_THROWS_WITH(arg("float4[HUGE]"), doctest::Contains("is too large (overflows 64 bits)"));
  CHECK_THROWS_WITH(arg("local:double[4611686018427387904]"), doctest::Contains("size too large"));
  CHECK(arg("char[18446744073709551615]").bytes() == 18446744073709551615ull);  // the largest that fits
  CHECK_THROWS_WITH(parse_launch_words({"--global", "99999999999999999999"}).global(),
                    "--global: '99999999999999999999' is too large (overflows 64 bits)");
  CHECK_THROWS_WITH(parse_launch_words({"--global", "4294967296,4294967296"}).global(),
                    "--global: the sizes' product is too large (overflows 64 bits)");
  CHECK_THROWS_WITH(parse_launch_words({"--local", "HUGE", "-D", "HUGE=18446744073709551616"}).local(),
                    doctest::Contains("--local: 'HUGE' is too large"));
  CHECK_THROWS_WITH(parse_element_type("float99999999999999999999"), doctest::Contains("unknown element type"));
  // A width is written as OpenCL writes it: no leading zeros.
  for (const char* bad : {"float04", "float0004", "int016", "float00"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH(parse_element_type(bad), doctest::Contains("unknown element type"));
  }
  CHECK(parse_element_type("float16").lanes == 16);
}

TEST_CASE("scalar values and value= data must fit their type") {
  auto arg = [](const std::string& spec) { return parse_launch_words({"--arg", "x=" + spec}).arg("x"); };
  CHECK_THROWS_WITH(arg("char:1000"), "bad --arg x=char:1000: '1000' is out of range for char (-128 to 127)");
  CHECK_THROWS_WITH(arg("uint:-1"), "bad --arg x=uint:-1: '-1' is out of range for uint (0 to 4294967295)");
  for (const char* bad : {"char:-129", "uchar:256", "short:32768", "ushort:65536", "int:2147483648", "int:-2147483649",
                          "long:9223372036854775808", "long:-9223372036854775809", "ulong:18446744073709551616",
                          "ulong:99999999999999999999", "int:1e30", "uint:-1e3", "int:1e400", "float:1e39", "half:70000",
                          "double:1e400", "char[4]:value=1000", "uint[4]:value=-1", "float[2]:value=-1e39"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH(arg(bad), doctest::Contains("is out of range for"));
  }
  for (const std::string nan : {"long:+-5", "int:0x", "ulong:1 "}) {
    CAPTURE(nan);
    CHECK_THROWS_WITH(arg(nan), doctest::Contains("is not a number"));
  }
  CHECK_THROWS_WITH(arg("int:2.5"), doctest::Contains("is not an integer for type int"));
  CHECK(arg("uint:-0").integer == 0);
  CHECK(arg("int:+7").integer == 7);
  CHECK(arg("char:-128").value == -128);
  CHECK(arg("uchar:255").value == 255);
  CHECK(arg("int:1e3").value == 1000);  // an integral number in any notation
  CHECK(arg("float:-3.4e38").value == -3.4e38);
  // Integers are exact beyond the 2^53 a double holds.
  auto bytes_of = [](const ArgSpec& a) {
    std::uint64_t v = 0;
    const auto b = make_scalar_bytes(a);
    std::memcpy(&v, b.data(), b.size());
    return v;
  };
  CHECK(bytes_of(arg("ulong:18446744073709551615")) == 18446744073709551615ull);
  CHECK(bytes_of(arg("long:9007199254740993")) == 9007199254740993ull);
  CHECK(bytes_of(arg("long:-9223372036854775808")) == 0x8000000000000000ull);
  CHECK(bytes_of(arg("short:-2")) == 0xfffe);
  const auto d = make_buffer_data(arg("ulong[2]:value=18446744073709551615"));
  std::uint64_t v[2];
  std::memcpy(v, d.data(), sizeof v);
  CHECK(v[0] == 18446744073709551615ull);
  CHECK(v[1] == 18446744073709551615ull);
}

TEST_CASE("values that are not finite follow one rule: a floating type holds them as written, a finite number stays finite") {
  auto arg = [](const std::string& spec) { return parse_launch_words({"--arg", "x=" + spec}).arg("x"); };
  // Written as such, a floating type holds them, in a scalar and in value= data alike.
  for (const char* ok : {"float:inf", "float:-inf", "float:nan", "double:-nan", "half:inf", "float[2]:value=inf", "double[2]:value=nan"}) {
    CAPTURE(ok);
    CHECK(!std::isfinite(arg(ok).value));
  }
  // A number written finite that its type would make infinite is refused, and the message says how infinity is written.
  for (const char* bad : {"float:1e39", "float:-1e39", "half:1e5", "double:1e400", "float[2]:value=1e39"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH(arg(bad), doctest::Contains("infinity is written inf"));
  }
  // An integer type holds none of them: one message for inf and nan alike.
  for (const char* bad : {"int:inf", "int:-inf", "uint:nan", "long:-nan", "int[2]:value=inf"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH(arg(bad), doctest::Contains("is not finite: "));
  }
}

TEST_CASE("typedefs: a long run of words after typedef is read in one pass, without overflowing the stack") {
  // std::regex recursed once per character: 100 KB of letters after "typedef"
  // overflowed an 8 MB stack (the fuzz target fuzz_source_spec's finding).
  const std::string letters(1 << 20, 'a');
  CHECK(scan_typedefs("typedef " + letters).empty());
  CHECK(scan_typedefs("typedef " + letters + " name;").empty());
  std::string words;
  for (int i = 0; i < 100000; ++i) words += "typedef ";
  const std::map<std::string, std::string> real{{"real", "float"}};
  CHECK(scan_typedefs(words + "x; typedef float real;") == real);
  CHECK(scan_typedefs(words + letters + "; typedef float real;") == real);
}

TEST_CASE("typedefs: the source's simple declarations, and specs naming them") {
  const auto t = scan_typedefs(
      "typedef float real;  // a comment: typedef int nope;\n"
      "typedef unsigned int count_t; typedef const __global float *fptr; typedef signed char byte;\n"
      "typedef real real_t;\n/* typedef double hidden; */\n"
      "#if WIDE\ntypedef float8 vec;\n#else\ntypedef float4 vec;\n#endif\n"
      "typedef struct { float x; } pair; typedef struct P P; typedef long long ll; typedef float4 same; typedef float4 same;\n");
  const std::map<std::string, std::string> expected{{"real", "float"}, {"count_t", "uint"}, {"fptr", "float*"}, {"byte", "char"},
                                                    {"real_t", "float"}, {"same", "float4"}};
  CHECK(t == expected);  // vec (two #if branches), structs, long long: left out
  LaunchSpec s = parse_launch_words({"--arg", "a=real[8]:ones", "--arg", "n=count_t:7"});
  CHECK_THROWS_WITH(s.arg("a"), "bad --arg a=real[8]:ones: unknown element type 'real'");
  s.typedefs = {{"real", "float"}, {"count_t", "uint"}};
  CHECK(s.arg("a").type.name == "float");
  CHECK(s.arg("a").bytes() == 32);
  CHECK(s.arg("n").type.name == "uint");
  CHECK(is_element_type("uchar16"));
  CHECK(!is_element_type("real"));
}
