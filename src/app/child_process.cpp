#include "app/child_process.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <system_error>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "files/file_descriptor.hpp"

namespace roofline {
namespace {

constexpr std::size_t kErrorsCap = 64 << 10;
constexpr int kTickMs = 50;  // how often a child that closed its output is looked at

[[noreturn]] void fail(const char* what) { throw std::system_error(errno, std::generic_category(), what); }

struct Pipe {
  FileDescriptor read, write;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) fail("cannot make a pipe to a helper program");
  return {FileDescriptor(fds[0]), FileDescriptor(fds[1])};
}

// In the child, between fork and exec: async-signal-safe calls only.
[[noreturn]] void exec_child(const char* program, pid_t parent, int in, int out, int err) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);  // the parent died before the line above
  if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(127);
  struct sigaction plain {};
  plain.sa_handler = SIG_DFL;
  for (int sig = 1; sig < NSIG; ++sig) ::sigaction(sig, &plain, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  char* const argv[] = {const_cast<char*>(program), nullptr};
  ::execv(program, argv);
  const char* why = std::strerror(errno);
  const char* head = "cannot run the program: ";
  (void)!::write(2, head, std::strlen(head));
  (void)!::write(2, why, std::strlen(why));
  ::_exit(127);
}

void kill_and_reap(pid_t pid, int& status) {
  ::kill(pid, SIGKILL);
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
}

// SIGPIPE blocked in this thread while the child's input is written: a child
// that ends before reading it all makes write() fail with EPIPE instead. A
// SIGPIPE left pending is taken before the mask is restored.
class QuietPipes {
 public:
  QuietPipes() {
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipe, &old_);
  }
  ~QuietPipes() {
    sigset_t pipe, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    sigpending(&pending);
    const timespec now{0, 0};
    if (sigismember(&pending, SIGPIPE)) ::sigtimedwait(&pipe, nullptr, &now);
    ::pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  QuietPipes(const QuietPipes&) = delete;
  QuietPipes& operator=(const QuietPipes&) = delete;

 private:
  sigset_t old_;
};

// Appends what `fd` holds now to `to` (up to `cap` bytes kept); false at its end.
bool drain(int fd, std::string& to, std::size_t cap, bool& capped) {
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      const std::size_t room = cap > to.size() ? cap - to.size() : 0;
      to.append(buffer, std::min(room, std::size_t(n)));
      if (std::size_t(n) > room) capped = true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && errno == EAGAIN;
  }
}

// The parent's side: writes the input and reads both outputs until they end
// or a reason to kill the child comes first.
class Exchange {
 public:
  using Ending = ProgramRun::Ending;
  Exchange(const std::string& input, FileDescriptor& in, FileDescriptor& out, FileDescriptor& err, std::size_t cap)
      : input_(input), in_(in), out_(out), err_(err), cap_(cap) {
    for (const FileDescriptor* fd : {&in_, &out_, &err_}) ::fcntl(fd->get(), F_SETFL, O_NONBLOCK);
    if (input_.empty()) in_.close();
  }

  // Ending::ended when both outputs ended.
  Ending run(std::chrono::steady_clock::time_point deadline, const std::function<bool()>& stop, ProgramRun& run) {
    bool errors_capped = false, output_capped = false;
    while (out_.valid() || err_.valid()) {
      if (stop && stop()) return Ending::stopped;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return Ending::timed_out;
      pollfd fds[3] = {{in_.get(), POLLOUT, 0}, {out_.get(), POLLIN, 0}, {err_.get(), POLLIN, 0}};
      if (::poll(fds, 3, int(std::min<long long>(left, kTickMs))) < 0 && errno != EINTR) fail("cannot wait for a helper program");
      if (fds[0].revents) write_some();
      if (fds[1].revents && !drain(out_.get(), run.output, cap_, output_capped)) out_.close();
      if (fds[2].revents && !drain(err_.get(), run.errors, kErrorsCap, errors_capped)) err_.close();
      if (output_capped) return Ending::output_capped;
    }
    return Ending::ended;
  }

 private:
  void write_some() {
    while (written_ < input_.size()) {
      const ssize_t n = ::write(in_.get(), input_.data() + written_, input_.size() - written_);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && errno == EAGAIN) return;
      if (n <= 0) break;  // EPIPE: the child stopped reading; what it says comes on its output
      written_ += std::size_t(n);
    }
    in_.close();  // all written, or no reader: the child sees the end of its input
  }

  const std::string& input_;
  std::size_t written_ = 0;
  FileDescriptor &in_, &out_, &err_;
  std::size_t cap_;
};

// Waits for the child's end (it may close its output and go on) until the
// deadline or `stop`; past that it is killed.
ProgramRun::Ending reap(pid_t pid, std::chrono::steady_clock::time_point deadline, const std::function<bool()>& stop, int& status) {
  for (;;) {
    const pid_t got = ::waitpid(pid, &status, WNOHANG);
    if (got == pid || (got < 0 && errno != EINTR)) return ProgramRun::Ending::ended;
    const bool stopped = stop && stop();
    if (stopped || std::chrono::steady_clock::now() >= deadline) {
      kill_and_reap(pid, status);
      return stopped ? ProgramRun::Ending::stopped : ProgramRun::Ending::timed_out;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(kTickMs));
  }
}

}  // namespace

ProgramRun run_program(const std::string& program, const std::string& input, double timeout_s, std::size_t output_cap,
                       const std::function<bool()>& stop) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(timeout_s));
  Pipe in = make_pipe(), out = make_pipe(), err = make_pipe();
  const QuietPipes quiet;
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) fail("cannot start a helper program");
  if (pid == 0) exec_child(program.c_str(), parent, in.read.get(), out.write.get(), err.write.get());
  in.read.close();
  out.write.close();
  err.write.close();
  ProgramRun run;
  run.ending = Exchange(input, in.write, out.read, err.read, output_cap).run(deadline, stop, run);
  if (run.ending == ProgramRun::Ending::ended)
    run.ending = reap(pid, deadline, stop, run.status);
  else
    kill_and_reap(pid, run.status);
  return run;
}

std::string signal_text(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  const char* description = sigdescr_np(sig);
  std::string text = "signal " + std::to_string(sig);
  if (abbrev) text += std::string(" (SIG") + abbrev + (description ? std::string(": ") + description : "") + ")";
  return text;
}

}  // namespace roofline
