#include "app/errors.hpp"

#include <CL/opencl.hpp>
#include <nlohmann/json.hpp>

#include "benchmark/session.hpp"
#include "count/instrument.hpp"
#include "device/device.hpp"
#include "device/program.hpp"
#include "launch/launch_spec.hpp"
#include "launch/user_kernel.hpp"
#include "measurement/energy_source.hpp"
#include "measurement/interrupt.hpp"
#include "files/file_errors.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

std::string opencl_error_text(const cl::Error& e) {
  return "OpenCL error " + std::to_string(e.err()) + " in " + e.what();
}

FailureReport failure_of(const std::exception_ptr& error) {
  try {
    std::rethrow_exception(error);
  } catch (const CommandError& e) {
    return {e.failure, e.what(), e.detail};
  } catch (const Interrupted& e) {
    return {Failure::interrupted, e.what(), ""};
  } catch (const KernelBuildError& e) {
    return {Failure::kernel_build, e.what(), "build log:\n" + e.log()};
  } catch (const InstrumentError& e) {
    return {Failure::kernel_build, e.what(), ""};
  } catch (const WrongResult& e) {
    return {Failure::wrong_result, e.what(), ""};
  } catch (const SelectorSyntaxError& e) {
    return {Failure::usage, std::string("bad --device: ") + e.what(), ""};
  } catch (const SelectionError& e) {
    return {Failure::device, e.what(), ""};
  } catch (const OutputFileError& e) {
    return {Failure::output, e.what(), ""};
  } catch (const InputFileError& e) {
    return {Failure::usage, e.what(), ""};
  } catch (const LaunchSpecError& e) {
    return {Failure::usage, e.what(), ""};
  } catch (const LaunchError& e) {
    return {Failure::usage, e.what(), ""};
  } catch (const UnknownName& e) {
    return {Failure::usage, e.what(), ""};
  } catch (const EnergyUnavailable& e) {
    return {Failure::runtime, e.what(), ""};
  } catch (const cl::Error& e) {
    return {Failure::runtime, opencl_error_text(e), ""};
  } catch (const nlohmann::json::exception&) {
    // Inputs are checked against their schemas before they are converted and
    // outputs are written with invalid UTF-8 replaced: this is a defect, and
    // the JSON library's words would not tell the user anything.
    return {Failure::runtime, "unexpected error in a JSON document (a defect of roofline; please report it)", ""};
  } catch (const std::exception& e) {
    return {Failure::runtime, e.what(), ""};
  } catch (...) {
    return {Failure::runtime, "unknown error", ""};
  }
}

void while_doing(const std::string& what, const std::function<void()>& work) {
  try {
    work();
  } catch (const cl::Error& e) {
    throw CommandError(Failure::runtime, opencl_error_text(e) + " while " + what);
  }
}

}  // namespace roofline
