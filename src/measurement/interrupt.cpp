#include "measurement/interrupt.hpp"

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include <pthread.h>
#include <unistd.h>

namespace roofline {
namespace {
std::atomic<bool> g_interrupted{false};
}  // namespace

// SIGINT, SIGTERM and SIGHUP are blocked in every thread and taken by one waiting
// thread. A signal handler would not do: the LLVM inside an OpenCL compiler
// (PoCL's) installs its own SIGINT handler when it first compiles a kernel,
// and that one ends the process. Blocked signals stay ours. Called before any
// other thread exists, so every thread inherits the mask. A second signal
// more than 2 s after the first ends the run at once (one Ctrl-C can arrive
// twice: `timeout` signals both the process and its group). A second call
// (build --device all runs one build after another) does nothing.
void install_interrupt_handler() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  static sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);  // a closed terminal or session: stop as for Ctrl-C, keeping what was finished
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  // The caller waits until the thread is at its sigwait: the worker process
  // (app/worker) forks soon after, and a thread still starting up then (in
  // the allocator: ASan's is not fork-safe) leaves the child deadlocked.
  static std::atomic<bool> waiting{false};
  std::thread([] {
    std::chrono::steady_clock::time_point first;
    waiting = true;
    for (;;) {
      int sig = 0;
      if (sigwait(&set, &sig) != 0) continue;
      const auto now = std::chrono::steady_clock::now();
      if (!g_interrupted.exchange(true)) first = now;
      else if (now - first > std::chrono::seconds(2)) _exit(130);
    }
  }).detach();
  while (!waiting) std::this_thread::yield();
}

bool interrupted() { return g_interrupted; }

void throw_if_interrupted() {
  if (g_interrupted) throw Interrupted();
}

}  // namespace roofline
