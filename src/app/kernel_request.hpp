// app/kernel_request: a user kernel as the command line names it: the .cl
// file, its launch options and the device (what count, place and later
// trace take).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "app/worker.hpp"

namespace roofline {

struct KernelRequest {
  std::string file;  // the .cl file
  std::string kernel, global, local, build_options;
  std::vector<std::string> args, defines;
  std::string device;
  double timeout_s = kDefaultKernelTimeout;  // the worker running the kernel; 0: no limit (app/worker)
  std::function<void(const std::string&)> on_warning;  // told of what is taken on trust
};

}  // namespace roofline
