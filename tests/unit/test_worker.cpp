// The worker process that runs a user's kernel (app/worker), with jobs that
// stand for one: a result comes back whole, the job's failure comes back as
// the same failure, a child that dies or hangs becomes a message naming what
// it was doing; and input files are read up to their cap (files/input_file).
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/errors.hpp"
#include "app/worker.hpp"
#include "files/file_errors.hpp"
#include "files/input_file.hpp"

using namespace roofline;

namespace {

// The failure run_in_worker threw (runtime with "none" when it returned).
CommandError failure_of_worker(double timeout_s, const WorkerJob& job, const std::string& doing = "preparing k.cl") {
  try {
    run_in_worker(doing, {timeout_s}, job);
  } catch (const CommandError& e) {
    return e;
  }
  return CommandError(Failure::runtime, "none");
}

}  // namespace

TEST_CASE("worker: the job's result comes back whole, across many pipe buffers") {
  std::string big(1 << 20, 'x');
  big[12345] = 'y';
  CHECK(run_in_worker("preparing k.cl", {5}, [&](const WorkerChannel& w) {
          w.doing("counting kernel 'k' of k.cl");
          return big;
        }) == big);
  CHECK(run_in_worker("preparing k.cl", {0}, [](const WorkerChannel&) { return std::string(); }).empty());
}

TEST_CASE("worker: the job's failure is the same failure, with its detail") {
  const CommandError e = failure_of_worker(5, [](const WorkerChannel&) -> std::string {
    throw CommandError(Failure::kernel_build, "k.cl: failed to build", "build log:\nerror: x");
  });
  CHECK(e.failure == Failure::kernel_build);
  CHECK(std::string(e.what()) == "k.cl: failed to build");
  CHECK(e.detail == "build log:\nerror: x");
  // The layers' own errors mean what failure_of says they mean.
  const CommandError input = failure_of_worker(5, [](const WorkerChannel&) -> std::string {
    throw InputFileError("cannot read kernel file k.cl: No such file or directory");
  });
  CHECK(input.failure == Failure::usage);
  CHECK(std::string(input.what()) == "cannot read kernel file k.cl: No such file or directory");
}

TEST_CASE("worker: a child that dies says what it was doing and the signal or status") {
  CommandError e = failure_of_worker(5, [](const WorkerChannel& w) -> std::string {
    w.doing("counting kernel 'k' of k.cl");
    std::signal(SIGABRT, SIG_DFL);  // doctest's handler would report the crash from the child
    std::raise(SIGABRT);
    return "";
  });
  CHECK(e.failure == Failure::kernel_crash);
  CHECK(std::string(e.what()) ==
        "counting kernel 'k' of k.cl: the worker process was killed by signal 6 (SIGABRT: Aborted); the kernel, or the "
        "driver or compiler running it, crashed");
  e = failure_of_worker(5, [](const WorkerChannel&) -> std::string { _exit(3); });
  CHECK(e.failure == Failure::kernel_crash);
  CHECK(std::string(e.what()) ==
        "preparing k.cl: the worker process exited with status 3 without a result; the driver or compiler running the "
        "kernel ended it");
}

TEST_CASE("worker: a child with no result within the timeout is killed") {
  // What the child was doing comes from the caller here, not from the child
  // (which, on a busy machine, might not have run at all within 0.3 s); a
  // child's own word is in the message of one that dies, above.
  const auto start = std::chrono::steady_clock::now();
  const CommandError e = failure_of_worker(
      0.3, [](const WorkerChannel&) -> std::string {
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
      },
      "timing kernel 'spin' of spin.cl");
  CHECK(e.failure == Failure::timeout);
  CHECK(std::string(e.what()) == "timing kernel 'spin' of spin.cl: no result within --timeout 0.3 s; the worker process was killed");
  CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(300));  // not before its time
}

TEST_CASE("input files: read whole up to the cap, refused beyond it with their size") {
  const auto path = std::filesystem::temp_directory_path() / ("roofline_test_input_" + std::to_string(getpid()));
  std::ofstream(path) << "0123456789";
  CHECK(read_input_file(path.string(), "kernel file", 10) == "0123456789");
  CHECK_THROWS_WITH_AS(read_input_file(path.string(), "kernel file", 9),
                       ("kernel file " + path.string() + " is 10 bytes, over the 9 B limit").c_str(), InputFileError);
  CHECK_THROWS_WITH_AS(read_input_file("/dev/zero", "counts file", 1000),
                       "counts file /dev/zero holds more than 1000 bytes, over the 1000 B limit", InputFileError);
  CHECK(read_input_file("/dev/null", "kernel file", 10).empty());
  CHECK_THROWS_WITH_AS(read_input_file(path.parent_path().string(), "roofs file", 10),
                       ("cannot read roofs file " + path.parent_path().string() + ": is a directory").c_str(), InputFileError);
  std::filesystem::remove(path);
  CHECK_THROWS_WITH_AS(read_input_file(path.string(), "roofs file", 10),
                       ("cannot read roofs file " + path.string() + ": No such file or directory").c_str(), InputFileError);
}
