#include "device/program.hpp"

#include <vector>

namespace roofline {
namespace {

std::string build_log(const cl::Program& program, const cl::Device& device) {
  try {
    return program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device);
  } catch (const cl::Error&) {
    return "";
  }
}

KernelBuildError build_error(const std::string& what, cl_int err, const std::string& options, std::string log) {
  if (log.empty()) log = "(the driver gave no build log)";
  return KernelBuildError(what + " failed to build (OpenCL error " + std::to_string(err) + ") with options: " + options,
                          std::move(log));
}

}  // namespace

cl::Program build_program(const cl::Context& context, const cl::Device& device, const std::string& source,
                          const std::string& options, const std::string& what) {
  cl::Program program(context, source);
  try {
    program.build(std::vector<cl::Device>{device}, options.c_str());
  } catch (const cl::BuildError& e) {
    std::string log;
    for (const auto& [dev, text] : e.getBuildLog()) log += text;
    throw build_error(what, e.err(), options, log);
  } catch (const cl::Error& e) {
    throw build_error(what, e.err(), options, build_log(program, device));
  }
  return program;
}

}  // namespace roofline
