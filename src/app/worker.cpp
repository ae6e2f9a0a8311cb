#include "app/worker.hpp"

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "app/child_process.hpp"
#include "app/errors.hpp"
#include "measurement/interrupt.hpp"
#include "files/file_descriptor.hpp"

namespace roofline {
namespace {

// The pipe carries frames: a kind byte, the payload's length (8 bytes, this
// machine's order: both ends are the same binary) and the payload.
enum class Frame : char { doing = 'D', result = 'R', failure = 'F' };

constexpr auto kTick = std::chrono::milliseconds(50);       // how often the parent looks at the clock and Ctrl-C
constexpr auto kReapGrace = std::chrono::seconds(5);        // a killed child stuck in its driver is left behind after this

void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) _exit(1);  // the parent is gone: nobody is left to tell
    data += n;
    size -= std::size_t(n);
  }
}

void send_frame(int fd, Frame kind, const std::string& payload) {
  const std::uint64_t size = payload.size();
  char head[1 + sizeof size];
  head[0] = char(kind);
  std::memcpy(head + 1, &size, sizeof size);
  write_all(fd, head, sizeof head);
  write_all(fd, payload.data(), payload.size());
}

// What the parent has read of the child's frames.
struct Received {
  std::string pending;  // bytes of an unfinished frame
  std::string doing;
  std::optional<std::string> result, failure;

  void feed(const char* data, std::size_t size) {
    pending.append(data, size);
    constexpr std::size_t head = 1 + sizeof(std::uint64_t);
    while (pending.size() >= head) {
      std::uint64_t length = 0;
      std::memcpy(&length, pending.data() + 1, sizeof length);
      if (pending.size() - head < length) return;
      std::string payload = pending.substr(head, std::size_t(length));
      switch (Frame(pending[0])) {
        case Frame::doing: doing = std::move(payload); break;
        case Frame::result: result = std::move(payload); break;
        case Frame::failure: failure = std::move(payload); break;
      }
      pending.erase(0, head + std::size_t(length));
    }
  }
};

// In the child: runs the job, sends its result or its failure, and ends
// without running the process's exit handlers (the parent's, copied by fork).
[[noreturn]] void child_main(pid_t parent, int fd, const WorkerJob& job) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // the parent killed outright takes the child with it
  if (::getppid() != parent) _exit(1);
  const WorkerChannel channel(fd);
  try {
    send_frame(fd, Frame::result, job(channel));
  } catch (...) {
    const FailureReport r = failure_of(std::current_exception());
    const nlohmann::json failure = {{"failure", int(r.failure)}, {"message", r.message}, {"detail", r.detail}};
    send_frame(fd, Frame::failure, failure.dump());
  }
  std::cout.flush();
  std::fflush(nullptr);
  _exit(0);
}

// Kills the child and reaps it, waiting a few seconds at most: a process
// stuck inside its driver may not die at once, and the tool does not wait on it.
void kill_child(pid_t pid) {
  ::kill(pid, SIGKILL);
  const auto give_up = std::chrono::steady_clock::now() + kReapGrace;
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

// Reads what the pipe holds now; false at its end.
bool read_available(int fd, Received& received) {
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      received.feed(buffer, std::size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && errno == EAGAIN;  // 0 (or an error): the end; EAGAIN: nothing more for now
  }
}

// Why a child that ended without a result ended, in one line.
std::string death_text(const std::string& doing, int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    std::string text = doing + ": the worker process was killed by " + signal_text(sig);
    if (sig == SIGKILL) return text + "; the system may have run out of memory";
    return text + "; the kernel, or the driver or compiler running it, crashed";
  }
  return doing + ": the worker process exited with status " + std::to_string(WEXITSTATUS(status)) +
         " without a result; the driver or compiler running the kernel ended it";
}

std::string seconds_text(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%g", s);
  return b;
}

// The child's failure, as the child's failure_of reported it.
CommandError failure_from(const std::string& payload) {
  try {
    const nlohmann::json j = nlohmann::json::parse(payload);
    const int kind = j.at("failure").get<int>();
    if (kind < 0 || kind > int(Failure::interrupted)) throw std::out_of_range("failure kind");
    return CommandError(Failure(kind), j.at("message").get<std::string>(), j.at("detail").get<std::string>());
  } catch (const std::exception&) {
    return CommandError(Failure::runtime, "the worker process sent an unreadable failure");
  }
}

// Once the child has sent its answer it only has to end: it is reaped, or
// killed if it lingers (a driver slow to let go).
void finish_child(pid_t pid) {
  const auto give_up = std::chrono::steady_clock::now() + kReapGrace;
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() >= give_up) return kill_child(pid);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// The parent's side: reads frames until the child answers or ends, Ctrl-C or
// the timeout.
std::string wait_for_child(pid_t pid, int fd, const std::string& doing, const WorkerLimits& limits) {
  Received received;
  received.doing = doing;
  const auto start = std::chrono::steady_clock::now();
  bool open = true;
  for (;;) {
    if (open) {
      pollfd p{fd, POLLIN, 0};
      ::poll(&p, 1, int(kTick.count()));
      open = read_available(fd, received);
    } else {
      std::this_thread::sleep_for(kTick);
    }
    int status = 0;
    const bool ended = ::waitpid(pid, &status, WNOHANG) == pid;
    if (ended && open) read_available(fd, received);  // the rest it wrote before it ended
    if (received.failure || received.result) {
      if (!ended) finish_child(pid);
      if (received.failure) throw failure_from(*received.failure);
      return *received.result;
    }
    if (ended) throw CommandError(Failure::kernel_crash, death_text(received.doing, status));
    if (interrupted()) {
      kill_child(pid);
      throw Interrupted();
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (limits.timeout_s > 0 && elapsed >= limits.timeout_s) {
      kill_child(pid);
      throw CommandError(Failure::timeout, received.doing + ": no result within --timeout " + seconds_text(limits.timeout_s) +
                                               " s; the worker process was killed");
    }
  }
}

}  // namespace

void WorkerChannel::doing(const std::string& what) const { send_frame(fd_, Frame::doing, what); }

std::string run_in_worker(const std::string& doing, const WorkerLimits& limits, const WorkerJob& job) {
  int fds[2];
  // Close-on-exec: a compiler the driver starts must not hold the pipe open.
  if (::pipe2(fds, O_CLOEXEC) != 0)
    throw CommandError(Failure::runtime, std::string("cannot start a worker process: ") + std::strerror(errno));
  FileDescriptor read_end(fds[0]), write_end(fds[1]);
  std::cout.flush();
  std::fflush(nullptr);  // what is buffered is printed once, not once more by the child
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw CommandError(Failure::runtime, std::string("cannot start a worker process: ") + std::strerror(errno));
  if (pid == 0) {
    read_end.close();
    child_main(parent, write_end.get(), job);
  }
  write_end.close();
  ::fcntl(read_end.get(), F_SETFL, O_NONBLOCK);
  return wait_for_child(pid, read_end.get(), doing, limits);
}

}  // namespace roofline
