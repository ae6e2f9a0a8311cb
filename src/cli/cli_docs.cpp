#include "cli/cli_docs.hpp"

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace roofline {
namespace {

// The commands users run: those shown in the help.
std::vector<CLI::App*> shown_commands(CLI::App& app) {
  return app.get_subcommands([](CLI::App* c) { return !c->get_group().empty(); });
}

std::vector<const CLI::Option*> shown_options(const CLI::App& command) {
  return command.get_options([](const CLI::Option* o) { return !o->get_group().empty(); });
}

// Text for roff: backslashes and hyphens escaped, a leading dot or quote kept from being a request.
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') out += "\\e";
    else if (c == '-') out += "\\-";
    else out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

// "-d, --device TEXT" in roff, names bold and the value's kind in italics.
std::string option_names(const CLI::Option& o) {
  std::string names;
  for (const std::string& s : o.get_snames()) names += (names.empty() ? "" : ", ") + std::string("\\fB") + roff("-" + s) + "\\fR";
  for (const std::string& l : o.get_lnames()) names += (names.empty() ? "" : ", ") + std::string("\\fB") + roff("--" + l) + "\\fR";
  if (!o.nonpositional()) return "\\fI" + roff(o.get_name()) + "\\fR";
  if (o.get_items_expected_max() > 0 && !o.get_type_name().empty()) names += " \\fI" + roff(o.get_type_name()) + "\\fR";
  return names;
}

std::string synopsis(const CLI::App& c) {
  std::string s = ".B roofline " + roff(c.get_name()) + "\n";
  for (const CLI::Option* o : shown_options(c))
    if (!o->nonpositional()) s += (o->get_required() ? "\\fI" : "[\\fI") + roff(o->get_name()) + (o->get_required() ? "\\fR\n" : "\\fR]\n");
  return s + "[\\fIOPTIONS\\fR]\n";
}

// Each failure's exit status and what it means, in the order of the README's table.
struct ExitMeaning {
  Failure failure;
  const char* meaning;
};
constexpr ExitMeaning kExitMeanings[] = {
    {Failure::runtime, "an OpenCL or system error during the run; an energy backend that cannot work; counting unavailable"},
    {Failure::usage, "a bad command line, argument or input file (the message names the file and the field)"},
    {Failure::device, "no such device, or an ambiguous selector (the device list is printed)"},
    {Failure::kernel_build, "a kernel failed to build or cannot be instrumented (its build log is printed)"},
    {Failure::output, "an output file cannot be written (checked before measuring), or clashes with an input or another output"},
    {Failure::wrong_result, "build: a kernel's output failed the host's check (that ceiling is left out)"},
    {Failure::kernel_crash, "count, place, analyze: the user's kernel crashed its worker process"},
    {Failure::timeout, "count, place, analyze: the kernel had no result within --timeout"},
    {Failure::application, "trace: the traced application exited non-zero or was killed"},
    {Failure::fleet_below, "fleet --fail-below: a device's key ceiling fell below the threshold"},
    {Failure::stopped, "build: stopped early; what was finished is kept in ROOFS.json.partial"},
    {Failure::slower, "compare --fail-if-slower: a ceiling or kernel of B is slower than A's by more than the threshold"},
    {Failure::interrupted, "interrupted: Ctrl-C, SIGTERM or SIGHUP"},
};

}  // namespace

std::string man_page(CLI::App& app, const std::string& version) {
  std::string m = ".TH ROOFLINE 1 \"\" \"roofline " + roff(version) + "\" \"User Commands\"\n";
  std::string what = app.get_description();
  if (what.rfind("roofline: ", 0) == 0) what.erase(0, 10);  // the NAME line names it already
  m += ".SH NAME\nroofline \\- " + roff(what) + "\n";
  m += ".SH SYNOPSIS\n.B roofline\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n";
  m += ".SH DESCRIPTION\nEach command and the options it takes; \\fBroofline \\fICOMMAND\\fB \\-\\-help\\fR prints the same.\n";
  m += ".SH COMMANDS\n";
  for (CLI::App* c : shown_commands(app)) {
    m += ".SS \"roofline " + roff(c->get_name()) + "\"\n" + synopsis(*c) + ".PP\n" + roff(c->get_description()) + "\n";
    for (const CLI::Option* o : shown_options(*c)) {
      if (o->get_lnames() == std::vector<std::string>{"help"}) continue;
      m += ".TP\n" + option_names(*o) + "\n" + roff(o->get_description()) + "\n";
    }
  }
  m += ".SH \"EXIT STATUS\"\n.TP\n.B 0\nsuccess\n";
  for (const ExitMeaning& e : kExitMeanings) m += ".TP\n.B " + std::to_string(exit_status_of(e.failure)) + "\n" + roff(e.meaning) + "\n";
  m += ".SH FILES\nThe JSON Schemas of the files roofline writes: \\fIshare/roofline/schemas/\\fR.\n";
  return m;
}

// The values an option takes when its check is a set (CLI11 writes
// "TEXT:{auto,papi,none}" as its type): "auto papi none"; empty otherwise.
std::string value_words(const CLI::Option& o) {
  const std::string type = o.get_type_name();
  const std::size_t open = type.find('{'), close = type.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return "";
  std::string words = type.substr(open + 1, close - open - 1);
  std::replace(words.begin(), words.end(), ',', ' ');
  return words;
}

std::string bash_completion(CLI::App& app) {
  std::string commands, cases, value_cases;
  for (CLI::App* c : shown_commands(app)) {
    commands += (commands.empty() ? "" : " ") + c->get_name();
    std::string options;
    for (const CLI::Option* o : shown_options(*c)) {
      std::string names;
      for (const std::string& s : o->get_snames()) names += (names.empty() ? "" : "|") + ("-" + s);
      for (const std::string& l : o->get_lnames()) names += (names.empty() ? "" : "|") + ("--" + l);
      if (names.empty()) continue;  // a positional argument
      options += (options.empty() ? "" : " ") + std::regex_replace(names, std::regex("\\|"), " ");
      if (const std::string words = value_words(*o); !words.empty())
        value_cases += "    " + c->get_name() + "\\ " + std::regex_replace(names, std::regex("\\|"), "|" + c->get_name() + "\\ ") +
                       ") COMPREPLY=($(compgen -W \"" + words + "\" -- \"$cur\")); return ;;\n";
    }
    cases += "    " + c->get_name() + ") options=\"" + options + "\" ;;\n";
  }
  return "# bash completion for roofline, generated from its command line (roofline generate-docs bash)\n"
         "_roofline() {\n"
         "  local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" options=\"\"\n"
         "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
         "    COMPREPLY=($(compgen -W \"" + commands + " --help --version\" -- \"$cur\"))\n"
         "    return\n"
         "  fi\n"
         "  # an option that takes one of a set of values, just typed: those values\n"
         "  case \"${COMP_WORDS[1]} $prev\" in\n" + value_cases +
         "  esac\n"
         "  case \"${COMP_WORDS[1]}\" in\n" + cases +
         "  esac\n"
         "  if [[ \"$cur\" == -* ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
         "  else\n"
         "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "  fi\n"
         "}\n"
         "complete -o filenames -F _roofline roofline\n";
}

}  // namespace roofline
