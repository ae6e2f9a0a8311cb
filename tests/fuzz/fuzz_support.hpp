// tests/fuzz: what every fuzz target shares.
//
// A file reader gets its input as a file, a memfd read through
// /proc/self/fd/N, so that the target calls the very function the tool calls
// on a user's path (load_roofs, load_placements, load_counts,
// levels_from_override), wrapping and all, however its insides change.
//
// What counts as a finding: a crash, a hang or an input that runs out of
// memory (libFuzzer's own limits), any ASan or UBSan report, and any exception
// other than the one the entry point documents for bad input: InputFileError
// for the files, LaunchSpecError for launch specs. Those two are what the tool
// turns into exit status 2 with its one-line message; anything else escaping
// (a JSON library exception, std::out_of_range, std::length_error,
// std::bad_alloc, std::regex_error, UnknownName...) would end the command with
// the wrong status or with a message not naming the file, so the target
// prints its type and message and aborts, and libFuzzer keeps the input.
#pragma once
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <memory>
#include <string>
#include <typeinfo>

#include "files/file_errors.hpp"

namespace roofline::fuzz {

// The current input as a file: one memfd for the whole run, rewritten for each input.
class InputFile {
 public:
  InputFile() : fd_(memfd_create("fuzz-input", 0)) {
    if (fd_ < 0) {
      std::perror("memfd_create");
      std::abort();
    }
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Holds data[0, size) and returns the path to read it by.
  const std::string& hold(const std::uint8_t* data, std::size_t size) {
    if (ftruncate(fd_, 0) != 0) fail("ftruncate");
    for (std::size_t done = 0; done < size;) {
      const ssize_t n = pwrite(fd_, data + done, size - done, off_t(done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail("pwrite");
      done += std::size_t(n);
    }
    return path_;
  }

 private:
  [[noreturn]] static void fail(const char* what) {
    std::perror(what);
    std::abort();
  }
  int fd_;
  std::string path_;
};

inline std::string type_name(const std::type_info& type) {
  int status = 0;
  const std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(type.name(), nullptr, nullptr, &status),
                                                     std::free);
  return status == 0 && name ? name.get() : type.name();
}

// A finding: says which exception escaped, and aborts so that libFuzzer saves the input.
[[noreturn]] inline void unexpected_exception(const std::exception& e) {
  std::fprintf(stderr, "==FINDING== unexpected exception %s: %s\n", type_name(typeid(e)).c_str(), e.what());
  std::abort();
}

// Runs work(); an Expected exception is a rejection, handed to on_rejection
// (which aborts on a finding); any other exception is a finding.
template <typename Expected, typename Work, typename OnRejection>
void run_expecting(Work&& work, OnRejection&& on_rejection) {
  try {
    work();
  } catch (const Expected& e) {
    on_rejection(e);
  } catch (const std::exception& e) {
    unexpected_exception(e);
  } catch (...) {
    std::fprintf(stderr, "==FINDING== an exception not derived from std::exception\n");
    std::abort();
  }
}

// Runs work(); an Expected exception is a rejection, which is fine; any other is a finding.
template <typename Expected, typename Work>
void expect_only(Work&& work) {
  run_expecting<Expected>(work, [](const Expected&) {});
}

// Thrown by nothing: expect_no_exception's "expected" exception.
struct NeverThrown {};

// Runs work(), which documents no exception for any input: every one is a finding.
template <typename Work>
void expect_no_exception(Work&& work) {
  expect_only<NeverThrown>(work);
}

// A file reader's run: an InputFileError is a rejection, and its message must
// name the file (docs/cli.md's promise: the message names the file); anything
// else escaping is a finding.
template <typename Work>
void expect_file_rejection(const std::string& path, Work&& work) {
  run_expecting<InputFileError>(work, [&](const InputFileError& e) {
    if (std::string(e.what()).find(path) != std::string::npos) return;
    std::fprintf(stderr, "==FINDING== the message does not name the file %s: %s\n", path.c_str(), e.what());
    std::abort();
  });
}

}  // namespace roofline::fuzz
