// roofline: cache-aware roofline characterization of OpenCL devices.
#include "cli/commands.hpp"

int main(int argc, char** argv) { return roofline::CommandLine().run(argc, argv); }
