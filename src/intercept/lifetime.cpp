#include "intercept/lifetime.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>

#include <pthread.h>
#include <unistd.h>

#include "intercept/copies.hpp"
#include "intercept/files.hpp"
#include "intercept/manifest.hpp"
#include "intercept/timing.hpp"

namespace roofline::intercept {
namespace {

using Clock = std::chrono::steady_clock;

std::atomic<Capture*> g_capture{nullptr};
std::atomic<int> g_path{-1};        // the CapturePath of the loaded library
std::atomic<bool> g_forked{false};  // a child forked from a traced process
std::atomic<CaptureState> g_state{CaptureState::running};
std::atomic<bool> g_finished{false};
pid_t g_owner = 0;

// The worker; a pointer never freed, so that no destructor of a joinable
// thread runs at exit (std::terminate) in a forked child or after _exit.
std::mutex g_worker_mutex;
std::condition_variable g_wake;
bool g_stop = false;
std::thread* g_worker = nullptr;

bool owner() { return ::getpid() == g_owner; }

void worker_loop(Capture* c) {
  auto last_write = Clock::now();
  const auto flush = std::chrono::milliseconds(c->settings().flush_ms);
  std::unique_lock<std::mutex> lock(g_worker_mutex);
  while (!g_stop) {
    g_wake.wait_for(lock, copies_pending() > 0 ? std::chrono::milliseconds(5) : flush);
    if (g_stop) break;
    lock.unlock();
    try {
      poll_copies(*c);
      if (c->dirty() && Clock::now() - last_write >= flush) {
        write_manifest(*c, g_state.load());
        last_write = Clock::now();
      }
    } catch (...) {
    }
    lock.lock();
  }
}

void stop_worker(bool join) {
  {
    std::lock_guard<std::mutex> lock(g_worker_mutex);
    g_stop = true;
  }
  g_wake.notify_all();
  if (join && g_worker && g_worker->joinable()) g_worker->join();
}

// Waits up to `limit` for completions still to come and copies still being read.
void settle(Capture& c, std::chrono::milliseconds limit) {
  const auto deadline = Clock::now() + limit;
  while (Clock::now() < deadline) {
    const std::size_t copies = poll_copies(c);
    if (copies == 0 && commands_in_flight() == 0) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void at_exit() {
  Capture* c = g_capture.load();
  if (!c || !owner() || g_finished.exchange(true)) return;
  try {
    settle(*c, std::chrono::seconds(10));
  } catch (...) {
  }
  stop_worker(true);
  write_manifest(*c, CaptureState::exited);
}

// A library unloaded, or exit without the hook (no context was ever
// created): the manifest as it is, without calling the driver.
__attribute__((destructor)) void at_unload() {
  Capture* c = g_capture.load();
  if (!c || !owner() || g_finished.exchange(true)) return;
  stop_worker(false);
  write_manifest(*c, CaptureState::exited);
}

void in_forked_child() {
  g_forked.store(true);
  g_capture.store(nullptr);
  g_worker = nullptr;
}

}  // namespace

Capture* capture() { return g_capture.load(std::memory_order_acquire); }

void set_capture_path(CapturePath path) { g_path.store(int(path)); }

Capture* active() {
  if (Capture* c = g_capture.load(std::memory_order_acquire)) return c;
  const int path = g_path.load();
  if (path < 0 || g_forked.load()) return nullptr;
  static std::once_flag once;
  try {
    std::call_once(once, [path] {
      std::string problems;
      Settings settings = settings_from_environment(problems);
      if (settings.dir.empty()) return;
      auto* c = new Capture(std::move(settings), CapturePath(path), std::move(problems));
      if (!make_dirs(c->process_dir() + "/programs")) {
        delete c;
        return;
      }
      g_owner = ::getpid();
      g_capture.store(c, std::memory_order_release);
      pthread_atfork(nullptr, nullptr, in_forked_child);
      write_manifest(*c, CaptureState::running);
      g_worker = new std::thread(worker_loop, c);
    });
  } catch (...) {
  }
  return capture();
}

void on_context_created() {
  g_state.store(CaptureState::running);
  static std::once_flag once;
  std::call_once(once, [] { std::atexit(at_exit); });
}

void before_context_release(cl_context context, bool last) {
  Capture* c = capture();
  if (!c) return;
  try {
    if (last) settle(*c, std::chrono::seconds(2));
    release_layer_queues(context);
  } catch (...) {
  }
}

void after_last_context_release() {
  Capture* c = capture();
  if (!c) return;
  g_state.store(CaptureState::contexts_released);
  write_manifest(*c, CaptureState::contexts_released);
}

void wake_worker() { g_wake.notify_all(); }

}  // namespace roofline::intercept
