// device/program: OpenCL C built for one device, with the compiler's log when
// it fails. Every program roofline builds (its microbenchmarks, a user's
// kernel and its instrumented copy) goes through here.
#pragma once
#include <stdexcept>
#include <string>
#include <utility>

#include <CL/opencl.hpp>

namespace roofline {

// A kernel that failed to build; what() names it and the options, log() is
// the compiler's build log.
struct KernelBuildError : std::runtime_error {
  KernelBuildError(const std::string& what, std::string log) : std::runtime_error(what), log_(std::move(log)) {}
  const std::string& log() const { return log_; }

 private:
  std::string log_;
};

// Builds `source` for `device` with `options`. Throws KernelBuildError
// "WHAT failed to build (OpenCL error N) with options: OPTIONS" with the log
// (or a line saying the driver gave none).
cl::Program build_program(const cl::Context& context, const cl::Device& device, const std::string& source,
                          const std::string& options, const std::string& what);

}  // namespace roofline
