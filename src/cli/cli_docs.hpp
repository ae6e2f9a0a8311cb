// cli/cli_docs: the man page and the bash completion of roofline, generated
// at build time from the command line's own definitions (the CLI11 App tree
// of commands.cpp), so that they list what each command takes and nothing
// else. `roofline generate-docs man|bash` (hidden) prints them; CMake writes
// them beside the binary and installs them.
#pragma once
#include <string>

#include <CLI/CLI.hpp>

namespace roofline {

// roofline(1) in roff: each command's synopsis and options (groups hidden
// from the help, deprecated spellings among them, left out), the exit status.
std::string man_page(CLI::App& app, const std::string& version);

// A bash completion script: the commands, then each command's options;
// files for the values.
std::string bash_completion(CLI::App& app);

}  // namespace roofline
