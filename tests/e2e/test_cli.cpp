// End-to-end: the command line's habits. The man page and bash completion
// generated from the CLI definitions at build time (what each command takes,
// nothing hidden or deprecated); help that lists only what a command takes;
// old spellings that still work with a warning.
#include <doctest/doctest.h>

#include <fstream>

#include "run_binary.hpp"

namespace fs = std::filesystem;

namespace {

// The man page's section of one command: from its .SS line to the next.
std::string man_section(const std::string& man, const std::string& command) {
  const std::size_t at = man.find(".SS \"roofline " + command + "\"");
  if (at == std::string::npos) return "";
  return man.substr(at, man.find(".SS ", at + 4) - at);
}

}  // namespace

TEST_CASE("the man page and bash completion are generated from the command line, built and complete") {
  const std::string man = slurp(fs::path(ROOFLINE_BUILD_DIR) / "roofline.1");
  CHECK(man == run_roofline("generate-docs man").out);
  for (const char* command : {"devices", "build", "energy", "plot", "report", "count", "place", "analyze", "trace", "fleet", "compare", "export"})
    CHECK_MESSAGE(!man_section(man, command).empty(), command);
  CHECK(man.find("generate\\-docs") == std::string::npos);  // hidden
  CHECK(man_section(man, "compare").find("\\fB\\-\\-fail\\-if\\-slower\\fR") != std::string::npos);
  CHECK(man_section(man, "report").find("\\-\\-chart") == std::string::npos);  // report takes no --chart
  CHECK(man_section(man, "build").find("\\fB\\-\\-plot\\fR") == std::string::npos);  // deprecated spelling left out
  CHECK(man.find(".B 12\ncompare \\-\\-fail\\-if\\-slower") != std::string::npos);

  const fs::path completion = fs::path(ROOFLINE_BUILD_DIR) / "roofline.bash-completion";
  const fs::path script = scratch_dir("completion") / "complete.sh";
  std::ofstream(script) << "source '" << completion.string() << "'\n"
                        << "COMP_WORDS=(roofline comp); COMP_CWORD=1; _roofline; echo \"${COMPREPLY[*]}\"\n"
                        << "COMP_WORDS=(roofline compare --fail); COMP_CWORD=2; _roofline; echo \"${COMPREPLY[*]}\"\n"
                        << "COMP_WORDS=(roofline build --energy p); COMP_CWORD=3; _roofline; echo \"${COMPREPLY[*]}\"\n"
                        << "COMP_WORDS=(roofline export x.json --table k); COMP_CWORD=4; _roofline; echo \"${COMPREPLY[*]}\"\n";
  const RunResult words = run_program("/bin/bash", "'" + script.string() + "'");
  CHECK(words.exit_code == 0);
  // Commands, options, and the values of an option that takes one of a set.
  CHECK(words.out == "compare\n--fail-if-slower\npapi perf powercap\nkernels\n");
}

TEST_CASE("help lists only what a command takes; old spellings work and say the new one") {
  const RunResult report = run_roofline("report --help");
  CHECK(report.exit_code == 0);
  CHECK(report.out.find("--chart") == std::string::npos);
  CHECK(report.out.find("--metric") == std::string::npos);
  CHECK(run_roofline("report r.json --chart carm -o x.html").exit_code == 2);  // still refused with its reason

  const RunResult place = run_roofline("place --help");
  CHECK(place.out.find("--name") != std::string::npos);
  CHECK(place.out.find("--label") == std::string::npos);

  // --plot, build's old --svg: parsed (the warning), then the build stops at its device.
  const RunResult build = run_roofline("build --device no-such-device-anywhere --plot x.svg");
  CHECK(build.exit_code == 3);
  CHECK(build.err.find("roofline: warning: --plot is deprecated: use --svg\n") != std::string::npos);
}
