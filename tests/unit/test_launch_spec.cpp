// Launch specs: parsing, size expressions, merging, argument specs and their data.
#include <doctest/doctest.h>

#include <cstring>

#include "benchmark/kernel_args.hpp"
#include "benchmark/launch_spec.hpp"

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
  CHECK_THROWS_WITH(make_buffer_data(s.arg("c")), "--arg c: cannot read /nonexistent");
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
