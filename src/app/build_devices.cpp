#include "app/build_devices.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <system_error>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/child_process.hpp"
#include "app/command_files.hpp"
#include "app/device_choice.hpp"
#include "app/output_files.hpp"
#include "app/output_template.hpp"
#include "files/file_descriptor.hpp"
#include "files/files.hpp"
#include "measurement/interrupt.hpp"

namespace roofline {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// A device's outputs: the template expanded with its fields, or the default.
std::string device_output(const std::string& pattern, const OutputNameFields& process, const DeviceEntry& d,
                          const char* option, const char* folder, const char* extension) {
  OutputNameFields fields = process;
  add_device_fields(fields, d.identity);
  const std::string expanded = is_output_template(pattern) ? expand_output_name(pattern, fields, option) : pattern;
  return output_path(expanded, folder, d.identity.name, extension);
}

// The placeholder that tells these devices apart, for the message that asks for one.
std::string telling_placeholder(const std::vector<const DeviceEntry*>& devices) {
  bool uuid = true, pci = true;
  for (const DeviceEntry* d : devices) {
    uuid = uuid && !d->identity.uuid.empty();
    pci = pci && !d->identity.pci_address.empty();
  }
  return pci ? "{pci}" : uuid ? "{uuid}" : "{device}";
}

// Refuses outputs under which two devices would write one file.
void require_distinct(const std::vector<DeviceBuild>& builds, const std::vector<const DeviceEntry*>& devices,
                      const std::string& pattern, const char* option, std::string DeviceBuild::*path) {
  std::map<std::string, std::size_t> seen;
  for (std::size_t i = 0; i < builds.size(); ++i) {
    const auto [it, fresh] = seen.emplace(builds[i].*path, i);
    if (fresh) continue;
    const DeviceBuild& first = builds[it->second];
    const bool roofs = std::string(option) == "-o";
    const std::string telling = telling_placeholder(devices);
    const std::string example = std::string(roofs ? "roofs" : "plots") + "/{host}-{device}" +
                                (telling == "{device}" ? "" : "-" + telling) + (roofs ? ".json" : ".svg");
    throw CommandError(Failure::usage, std::string(option) + " '" + (pattern.empty() ? "(the default)" : pattern) +
                                           "' names one file, " + builds[i].*path + ", for " + first.selector + " " +
                                           first.name + " and " + builds[i].selector + " " + builds[i].name +
                                           ": give a template that tells the devices apart, e.g. " + option + " '" +
                                           example + "'");
  }
}

// Every device's build, its outputs named and checked before any work.
std::vector<DeviceBuild> plan_builds(const DevicesBuildRequest& r, const ChosenDevices& chosen) {
  const OutputNameFields process = process_name_fields();
  std::vector<DeviceBuild> builds;
  for (const DeviceEntry* d : chosen.chosen) {
    DeviceBuild b;
    b.selector = device_selector(*d);
    b.name = d->identity.name;
    b.roofs_path = device_output(r.build.output, process, *d, "-o", "roofs", ".json");
    b.chart_path = device_output(r.build.plot, process, *d, "--svg", "plots", ".svg");
    builds.push_back(std::move(b));
  }
  require_distinct(builds, chosen.chosen, r.build.output, "-o", &DeviceBuild::roofs_path);
  require_distinct(builds, chosen.chosen, r.build.plot, "--svg", &DeviceBuild::chart_path);
  for (const DeviceBuild& b : builds) check_command_files(build_files(r.build, b.roofs_path, b.chart_path));
  return builds;
}

// One device's build in this process.
void build_here(const DevicesBuildRequest& r, DeviceBuild& b) {
  BuildRequest one = r.build;
  one.device = b.selector;
  one.output = b.roofs_path;
  one.plot = b.chart_path;
  b.ran = true;
  const Clock::time_point start = Clock::now();
  try {
    b.result = run_build(one);
    if (b.result->wrong_results) b.failure = Failure::wrong_result;
  } catch (...) {
    const FailureReport report = failure_of(std::current_exception());
    b.failure = report.failure;
    b.message = report.message;
  }
  b.seconds = seconds_since(start);
}

// The arguments of a device's child: `roofline build` for that device alone.
std::vector<std::string> child_arguments(const DevicesBuildRequest& r, const DeviceBuild& b, int others) {
  const BuildRequest& q = r.build;
  std::vector<std::string> a{"roofline", "build", "--device", b.selector, "-o", b.roofs_path, "--svg", b.chart_path,
                             "--concurrent-peers", std::to_string(others)};
  const auto add = [&](const char* option, const std::string& value) {
    if (!value.empty()) a.insert(a.end(), {option, value});
  };
  add("--kernels", q.kernels);
  add("--levels", q.levels);
  add("--alone", q.alone);
  if (q.energy) add("--energy", str(*q.energy));
  std::string steps;
  for (const std::string& s : q.steps) steps += (steps.empty() ? "" : ",") + s;
  add("--steps", steps);
  if (q.quick) a.push_back("--quick");
  if (r.quiet) a.push_back("--quiet");
  return a;
}

// One of a child's output streams, read line by line.
struct ChildStream {
  std::unique_ptr<FileDescriptor> fd;
  bool errors = false;  // its standard error
  std::string pending;  // a line not yet ended
};

// A child building one device.
struct Child {
  DeviceBuild* build = nullptr;
  pid_t pid = -1;
  ChildStream out, err;
  Clock::time_point start;
  bool signalled = false;
  bool reading() const { return out.fd->valid() || err.fd->valid(); }
};

// In the child, between fork and exec: async-signal-safe calls only.
[[noreturn]] void exec_build(const std::vector<char*>& argv, pid_t parent, int out, int err) {
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // a parent killed outright: each child saves what it finished
  if (::getppid() != parent) ::_exit(127);
  if (::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) ::_exit(127);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);  // the parent's are blocked for its own signal thread
  ::execv("/proc/self/exe", argv.data());
  const char* why = std::strerror(errno);
  (void)!::write(2, why, std::strlen(why));
  ::_exit(127);
}

struct Pipe {
  FileDescriptor read, write;
};

Pipe make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "cannot make a pipe");
  ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
  return Pipe{FileDescriptor(fds[0]), FileDescriptor(fds[1])};
}

Child start_child(const DevicesBuildRequest& r, DeviceBuild& b, int others) {
  Pipe out = make_pipe(), err = make_pipe();
  std::vector<std::string> args = child_arguments(r, b, others);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw std::system_error(errno, std::generic_category(), "cannot start a build process");
  if (pid == 0) exec_build(argv, parent, out.write.get(), err.write.get());
  b.ran = true;
  return Child{&b, pid, {std::make_unique<FileDescriptor>(out.read.release()), false, ""},
               {std::make_unique<FileDescriptor>(err.read.release()), true, ""}, Clock::now(), false};
}

// Hands each whole line the stream holds to on_child_line; closes it at its end.
void read_lines(ChildStream& s, const std::string& selector, const DevicesBuildRequest& r) {
  const auto line = [&](const std::string& text) {
    if (r.on_child_line) r.on_child_line(selector, text, s.errors);
  };
  char buffer[1 << 14];
  for (;;) {
    const ssize_t n = ::read(s.fd->get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n > 0) {
      s.pending.append(buffer, std::size_t(n));
      for (std::size_t end; (end = s.pending.find('\n')) != std::string::npos; s.pending.erase(0, end + 1)) line(s.pending.substr(0, end));
      continue;
    }
    if (n < 0 && errno == EAGAIN) return;
    if (!s.pending.empty()) line(s.pending);
    s.pending.clear();
    s.fd->close();
    return;
  }
}

// The child's end, and its roofs file read back where it wrote one.
void finish_child(Child& c, const DevicesBuildRequest& r) {
  int status = 0;
  while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
  }
  DeviceBuild& b = *c.build;
  b.seconds = seconds_since(c.start);
  if (WIFSIGNALED(status)) {
    b.child_status = 128 + WTERMSIG(status);
    b.message = "killed by " + signal_text(WTERMSIG(status));
  } else {
    b.child_status = WEXITSTATUS(status);
  }
  std::error_code ec;
  if (!std::filesystem::exists(b.roofs_path, ec)) return;
  try {
    BuildResult result;
    result.doc = load_roofs(b.roofs_path);
    result.roofs_path = b.roofs_path;
    result.chart_path = b.chart_path;
    if (std::optional<RoofsInput> alone = find_alone_build(r.build.alone, result.doc.device)) compare_with_alone(*alone, result);
    b.result = std::move(result);
  } catch (const std::exception& e) {
    b.message = "its roofs file cannot be read back: " + std::string(e.what());
  }
}

// Every device's build at once, one process each; Ctrl-C (or SIGTERM to this
// process alone) reaches each child, which saves what it finished.
void build_concurrently(const DevicesBuildRequest& r, std::vector<DeviceBuild>& builds,
                        const std::function<void(const DeviceBuild&)>& on_finished) {
  std::vector<Child> children;
  for (DeviceBuild& b : builds) children.push_back(start_child(r, b, int(builds.size()) - 1));
  std::size_t running = children.size();
  while (running > 0) {
    if (interrupted())
      for (Child& c : children)
        if (c.reading() && !c.signalled) {
          ::kill(c.pid, SIGTERM);  // those the terminal's Ctrl-C reached take it as the same one
          c.signalled = true;
        }
    std::vector<pollfd> fds;
    for (Child& c : children)
      for (ChildStream* s : {&c.out, &c.err}) fds.push_back({s->fd->valid() ? s->fd->get() : -1, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), 100) < 0 && errno != EINTR)
      throw std::system_error(errno, std::generic_category(), "cannot wait for the build processes");
    for (std::size_t i = 0; i < children.size(); ++i) {
      Child& c = children[i];
      if (!c.reading()) continue;
      if (fds[2 * i].revents) read_lines(c.out, c.build->selector, r);
      if (fds[2 * i + 1].revents) read_lines(c.err, c.build->selector, r);
      if (c.reading()) continue;
      finish_child(c, r);
      --running;
      if (on_finished) on_finished(*c.build);
    }
  }
}

}  // namespace

DevicesBuildResult run_device_builds(const DevicesBuildRequest& r, const std::function<void(const DeviceBuild&)>& on_finished) {
  install_interrupt_handler();
  const ChosenDevices chosen = choose_devices(r.build.device);
  DevicesBuildResult result;
  result.concurrent = r.concurrent;
  result.devices = plan_builds(r, chosen);
  const Clock::time_point start = Clock::now();
  if (r.concurrent) {
    build_concurrently(r, result.devices, on_finished);
  } else {
    for (DeviceBuild& b : result.devices) {
      if (interrupted()) break;
      build_here(r, b);
      if (on_finished) on_finished(b);
    }
  }
  result.seconds = seconds_since(start);
  return result;
}

}  // namespace roofline
