// How a command fails: each error the layers throw means one documented
// failure (the exit status table in docs/cli.md), with its message and the
// detail printed after it.
#include <doctest/doctest.h>

#include <CL/opencl.hpp>

#include "app/errors.hpp"
#include "benchmark/session.hpp"
#include "count/instrument.hpp"
#include "device/program.hpp"
#include "launch/launch_spec.hpp"
#include "launch/user_kernel.hpp"
#include "measurement/energy_source.hpp"
#include "measurement/interrupt.hpp"
#include "files/file_errors.hpp"

using namespace roofline;

namespace {

template <typename E>
FailureReport report_of(const E& error) {
  return failure_of(std::make_exception_ptr(error));
}

}  // namespace

TEST_CASE("each error of the layers is one documented failure") {
  CHECK(report_of(CommandError(Failure::output, "x")).failure == Failure::output);
  CHECK(report_of(Interrupted()).failure == Failure::interrupted);
  CHECK(report_of(WrongResult("wrong sums")).failure == Failure::wrong_result);
  CHECK(report_of(SelectionError("no device matches")).failure == Failure::device);
  CHECK(report_of(OutputFileError("cannot write x")).failure == Failure::output);
  CHECK(report_of(InputFileError("x.json: not JSON")).failure == Failure::usage);
  CHECK(report_of(LaunchSpecError("bad --arg")).failure == Failure::usage);
  CHECK(report_of(LaunchError("no kernel named 'k'")).failure == Failure::usage);
  CHECK(report_of(UnknownName("unknown op 'x'")).failure == Failure::usage);
  CHECK(report_of(InstrumentError("cannot parse")).failure == Failure::kernel_build);
  CHECK(report_of(EnergyUnavailable("--energy perf: no PMU")).failure == Failure::runtime);
  CHECK(report_of(std::runtime_error("disk on fire")).failure == Failure::runtime);
}

TEST_CASE("failures carry their message and detail") {
  const FailureReport device = report_of(SelectorSyntaxError("malformed device index '1:'"));
  CHECK(device.failure == Failure::usage);
  CHECK(device.message == "bad --device: malformed device index '1:'");
  const FailureReport build = report_of(KernelBuildError("kernel x.cl failed to build", "x.cl:3: error"));
  CHECK(build.failure == Failure::kernel_build);
  CHECK(build.detail == "build log:\nx.cl:3: error");
  const FailureReport listed = report_of(CommandError(Failure::device, "no device matches 'x'", "0  0:0  cpu ..."));
  CHECK(listed.detail == "0  0:0  cpu ...");
  const FailureReport cl = report_of(cl::Error(-5, "clEnqueueNDRangeKernel"));
  CHECK(cl.failure == Failure::runtime);
  CHECK(cl.message == "OpenCL error -5 in clEnqueueNDRangeKernel");
}

TEST_CASE("an OpenCL error says what was being done") {
  try {
    while_doing("timing k.cl", [] { throw cl::Error(-5, "clWaitForEvents"); });
    FAIL("no error");
  } catch (const CommandError& e) {
    CHECK(e.failure == Failure::runtime);
    CHECK(std::string(e.what()) == "OpenCL error -5 in clWaitForEvents while timing k.cl");
  }
  CHECK_THROWS_AS(while_doing("x", [] { throw WrongResult("w"); }), WrongResult);  // others pass through
}
