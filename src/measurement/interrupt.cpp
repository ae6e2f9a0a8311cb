#include "measurement/interrupt.hpp"

#include <atomic>
#include <csignal>

namespace roofline {
namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void on_signal(int) { g_interrupted = true; }
}  // namespace

void install_interrupt_handler() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
}
bool interrupted() { return g_interrupted; }
void throw_if_interrupted() {
  if (g_interrupted) throw Interrupted();
}

}  // namespace roofline
