// measurement/interrupt: Ctrl-C ends a run between two measurements, so what
// was finished can still be written out.
#pragma once
#include <stdexcept>

namespace roofline {

struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

// Takes SIGINT, SIGTERM and SIGHUP (first: set the flag; a second, 2 s
// later: exit at once). Call it before any other thread is started.
void install_interrupt_handler();
bool interrupted();
void throw_if_interrupted();

}  // namespace roofline
