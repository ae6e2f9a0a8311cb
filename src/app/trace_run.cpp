#include "app/trace_run.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/errors.hpp"
#include "app/kernel_setup.hpp"
#include "device/program.hpp"
#include "launch/launch_spec.hpp"
#include "measurement/interrupt.hpp"
#include "files/atomic_file.hpp"
#include "files/file_descriptor.hpp"
#include "files/file_errors.hpp"
#include "files/input_file.hpp"

namespace fs = std::filesystem;

namespace roofline {
namespace {

const char* library_name(CapturePath via) {
  return via == CapturePath::layer ? "libroofline_intercept.so" : "libroofline_intercept_preload.so";
}

bool executable_file(const fs::path& p) {
  struct stat st{};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

// "1024,64": an NDRange as the launch spec writes it.
std::string joined(const std::vector<std::uint64_t>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

// A scalar's captured bytes as the launch spec's value of `type`; empty when
// the type is no scalar the spec can write (vectors, half, structs).
std::string scalar_text(const ElementType& type, const std::vector<std::uint8_t>& bytes) {
  if (type.lanes != 1 || bytes.size() != type.base_bytes) return "";
  char b[64];
  if (type.base == "float") {
    float f;
    std::memcpy(&f, bytes.data(), 4);
    std::snprintf(b, sizeof b, "%.9g", double(f));
  } else if (type.base == "double") {
    double d;
    std::memcpy(&d, bytes.data(), 8);
    std::snprintf(b, sizeof b, "%.17g", d);
  } else if (!type.floating) {
    std::uint64_t u = 0;
    std::memcpy(&u, bytes.data(), bytes.size());
    if (type.is_signed) {
      const unsigned shift = unsigned(64 - 8 * bytes.size());
      const std::int64_t s = std::int64_t(u << shift) >> shift;  // sign-extended
      std::snprintf(b, sizeof b, "%lld", static_cast<long long>(s));
    } else {
      std::snprintf(b, sizeof b, "%llu", static_cast<unsigned long long>(u));
    }
  } else {
    return "";
  }
  return b;
}

using Param = KernelParam;
// Where an argument's data is, as the spec's file= names it.
using DataPath = std::function<std::string(const CapturedCopyFile&)>;

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\0' || s.back() == ' ')) s.pop_back();
  return s;
}

std::vector<Param> kernel_params(const DeviceEntry& device, const std::string& source, const std::string& options,
                                 const std::string& kernel) {
  const cl::Context context(device.device);
  cl::Program program = build_program(context, device.device, source, options + " -cl-kernel-arg-info",
                                      "the captured program of kernel '" + kernel + "'");
  cl::Kernel k(program, kernel.c_str());
  std::vector<Param> out;
  const cl_uint n = k.getInfo<CL_KERNEL_NUM_ARGS>();
  for (cl_uint i = 0; i < n; ++i) {
    std::string type = trimmed(k.getArgInfo<CL_KERNEL_ARG_TYPE_NAME>(i));
    if (!type.empty() && type.back() == '*') type.pop_back();
    out.push_back({trimmed(k.getArgInfo<CL_KERNEL_ARG_NAME>(i)), trimmed(type)});
  }
  return out;
}

// The copy of the first counted launch whose files were all written; a
// launch passing no buffer needs none (an empty one). Throws
// LaunchSpecError saying why there is none.
CapturedCopy written_copy(const CapturedSignature& sig) {
  for (const CapturedCopy& c : sig.copies)
    if (c.status == CopyStatus::written) return c;
  if (std::none_of(sig.args.begin(), sig.args.end(), [](const CapturedArg& a) { return a.kind == ArgKind::buffer; }))
    return {};
  for (const CapturedCopy& c : sig.copies)
    if (c.status == CopyStatus::skipped_limit)
      throw LaunchSpecError("its buffers were not copied: over the copy limit (ROOFLINE_CAPTURE_COPY_LIMIT_MB)");
    else if (c.status == CopyStatus::failed)
      throw LaunchSpecError("the copy of its buffers failed: " + c.problem);
  throw LaunchSpecError("no copy of its buffers was written");
}

// The launch spec's text of argument `a` of type `type`, its data from the
// copy; throws LaunchSpecError saying why it cannot be written.
std::string arg_spec(const CapturedArg& a, const Param& p, const CapturedCopy& copy, const DataPath& data) {
  const std::string what = "argument " + std::to_string(a.index) + " ('" + p.name + "')";
  ElementType type;
  try {
    type = parse_element_type(p.type);
  } catch (const LaunchSpecError&) {
    throw LaunchSpecError(what + " has type '" + p.type + "', which a launch spec cannot write");
  }
  switch (a.kind) {
    case ArgKind::buffer: {
      for (const CapturedCopyFile& f : copy.args)
        if (f.arg == a.index) {
          if (f.bytes == 0 || f.bytes % type.bytes() != 0)
            throw LaunchSpecError(what + ": its " + std::to_string(f.bytes) + " bytes are no whole number of " + p.type);
          return p.name + "=" + p.type + "[" + std::to_string(f.bytes / type.bytes()) + "]:file=" +
                 data(f);
        }
      throw LaunchSpecError(what + ": no copy of its buffer");
    }
    case ArgKind::local:
      if (a.size == 0 || a.size % type.bytes() != 0)
        throw LaunchSpecError(what + ": " + std::to_string(a.size) + " bytes of local memory are no whole number of " +
                              p.type);
      return p.name + "=local:" + p.type + "[" + std::to_string(a.size / type.bytes()) + "]";
    case ArgKind::scalar: {
      const std::string value = scalar_text(type, a.bytes);
      if (value.empty()) throw LaunchSpecError(what + " is a scalar of type '" + p.type + "', which a launch spec cannot write");
      return p.name + "=" + p.type + ":" + value;
    }
    default:
      throw LaunchSpecError(what + " is a " + std::string(name_of(a.kind)) + " argument, which a launch spec cannot write");
  }
}

// The source file the capture kept of the signature's program; throws
// LaunchSpecError when it kept none (a program without source).
fs::path source_file(const CaptureManifest& m, const CapturedSignature& sig) {
  const CapturedKernel& k = m.kernels.at(sig.kernel);
  if (!k.program || !m.programs.at(*k.program).source_file)
    throw LaunchSpecError("the capture kept no source of the program of kernel '" + k.name + "'");
  return m.file(*m.programs.at(*k.program).source_file);
}

std::string captured_source(const CaptureManifest& m, const CapturedSignature& sig) {
  return read_input_file(source_file(m, sig).string(), "captured program source", kSourceFileCap);
}

// The launch as count takes it, from the capture.
KernelRequest signature_request(const CaptureManifest& m, const CapturedSignature& sig, const std::string& device,
                                const std::vector<Param>& params, const DataPath& data) {
  const CapturedKernel& k = m.kernels.at(sig.kernel);
  const CapturedCopy copy = written_copy(sig);
  for (std::uint64_t o : sig.ndrange.offset)
    if (o != 0) throw LaunchSpecError("it has a global offset, which a launch spec cannot write");
  KernelRequest r;
  r.file = source_file(m, sig).string();
  r.kernel = k.name;
  r.global = joined(sig.ndrange.global);
  if (sig.ndrange.local) r.local = joined(*sig.ndrange.local);
  r.build_options = k.options;
  r.device = device;
  for (const CapturedArg& a : sig.args) {
    if (a.index >= params.size()) throw LaunchSpecError("argument " + std::to_string(a.index) + " is not in the kernel");
    r.args.push_back(arg_spec(a, params[a.index], copy, data));
  }
  return r;
}

}  // namespace

fs::path capture_library(CapturePath via) {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  std::vector<fs::path> tried;
  if (!ec) {
    const fs::path dir = exe.parent_path();
    tried = {dir / "lib", dir.parent_path() / ROOFLINE_INSTALL_LIBDIR, dir.parent_path() / "lib"};
  }
  for (const fs::path& d : tried)
    if (fs::exists(d / library_name(via), ec)) return d / library_name(via);
  std::string where;
  for (const fs::path& d : tried) where += (where.empty() ? "" : ", ") + d.string();
  throw CommandError(Failure::runtime, std::string("the capture library ") + library_name(via) +
                                           " is not beside this roofline (looked in " + where + ")");
}

std::string application_executable(const std::string& name) {
  if (name.empty()) throw CommandError(Failure::usage, "no application to trace: give it after --");
  if (name.find('/') != std::string::npos) {
    std::error_code ec;
    if (!fs::exists(name, ec)) throw CommandError(Failure::usage, "cannot trace '" + name + "': no such file");
    if (!executable_file(name)) throw CommandError(Failure::usage, "cannot trace '" + name + "': not an executable file");
    return name;
  }
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string d; std::getline(dirs, d, ':');)
    if (executable_file(fs::path(d.empty() ? "." : d) / name)) return (fs::path(d.empty() ? "." : d) / name).string();
  throw CommandError(Failure::usage, "cannot trace '" + name + "': not found on PATH");
}

CaptureFolder::CaptureFolder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/roofline-trace-XXXXXX";
  if (!::mkdtemp(pattern.data()))
    throw CommandError(Failure::runtime, "cannot make a capture folder " + pattern + ": " + std::strerror(errno));
  path_ = pattern;
}

CaptureFolder::~CaptureFolder() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

namespace {

// The signals that end a run of trace. While the application runs they are
// taken here (blocked, and read by sigwaitinfo), so that trace outlives them
// and can stop the application, write what it captured and clean up. One
// that trace was started ignoring (nohup, a shell's background job) stays
// ignored.
sigset_t ending_signals() {
  sigset_t set;
  sigemptyset(&set);
  for (int sig : {SIGINT, SIGQUIT, SIGTERM, SIGHUP}) {
    struct sigaction now {};
    if (::sigaction(sig, nullptr, &now) == 0 && now.sa_handler != SIG_IGN) sigaddset(&set, sig);
  }
  return set;
}

// In the forked child: the application's environment, then exec. On failure
// the errno goes up `report` (closed on a successful exec) and the child exits.
[[noreturn]] void exec_application(const std::string& executable, std::vector<char*>& argv, const fs::path& layer, CapturePath via,
                                   CountMode count, const fs::path& capture_dir, pid_t parent, const struct sigaction& sigchld,
                                   int report) {
  // Trace gone (killed outright), the application goes too rather than run on unwatched.
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (::getppid() != parent) ::_exit(127);
  ::sigaction(SIGCHLD, &sigchld, nullptr);  // as trace was given it
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);  // the application's signals are its own
  ::setenv(capture_env::dir, capture_dir.c_str(), 1);
  ::setenv(capture_env::count, std::string(name_of(count)).c_str(), 1);
  ::setenv("PYOPENCL_NO_CACHE", "1", 1);  // pyopencl builds from source, so the capture sees the source
  if (via == CapturePath::layer) {
    // The capture first: ocl-icd 2.3.1 passes a child process only the first layer named.
    const char* others = std::getenv("OPENCL_LAYERS");
    const std::string layers = layer.string() + (others && *others ? std::string(":") + others : "");
    ::setenv("OPENCL_LAYERS", layers.c_str(), 1);
  } else {
    const char* others = std::getenv("LD_PRELOAD");
    const std::string preload = layer.string() + (others && *others ? std::string(":") + others : "");
    ::setenv("LD_PRELOAD", preload.c_str(), 1);
  }
  // execv, not execvp: a file without #! is not handed to /bin/sh.
  ::execv(executable.c_str(), argv.data());
  const int e = errno;
  (void)!::write(report, &e, sizeof e);
  ::_exit(127);
}

// Why exec failed, as the message says it.
std::string exec_failure(int e) {
  if (e == ENOEXEC) return "not a program this system can run (a script needs a #! line)";
  return std::strerror(e);
}

// Waits for the application, taking the ending signals meanwhile. One from
// the terminal reached the whole foreground process group, the application
// included: it is the application's to act on (Ctrl-C), and trace only
// reports how it ended, except for a hangup. Any other (kill, a batch
// system's SIGTERM) is passed on to the application, and trace stops after
// writing what it captured. Returns the signal that stops trace, if any.
std::optional<int> wait_application(pid_t pid, const sigset_t& ending, int& status) {
  std::optional<int> stop;
  const auto take = [&](const siginfo_t& info) {
    const bool from_terminal = info.si_code == SI_KERNEL;
    if (!from_terminal) ::kill(pid, info.si_signo);
    if (!from_terminal || info.si_signo == SIGHUP) stop = stop ? stop : info.si_signo;
  };
  sigset_t waited = ending;
  sigaddset(&waited, SIGCHLD);
  for (;;) {
    const pid_t got = ::waitpid(pid, &status, WNOHANG);
    if (got == pid || (got < 0 && errno != EINTR)) break;
    siginfo_t info{};
    if (::sigwaitinfo(&waited, &info) > 0 && info.si_signo != SIGCHLD) take(info);
  }
  // Signals that came as it ended: nothing left pending to strike later.
  const timespec now{0, 0};
  for (siginfo_t info{}; ::sigtimedwait(&ending, &info, &now) > 0;)
    if (info.si_code != SI_KERNEL || info.si_signo == SIGHUP) stop = stop ? stop : info.si_signo;
  return stop;
}

}  // namespace

AppOutcome run_application(const std::string& executable, const std::vector<std::string>& command,
                           const fs::path& layer, CapturePath via, CountMode count, const fs::path& capture_dir) {
  std::vector<char*> argv;
  for (const std::string& a : command) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  // Blocked from now on: the ending signals stay blocked for install_interrupt_handler to take over.
  const sigset_t ending = ending_signals();
  sigset_t with_child = ending, old_mask;
  sigaddset(&with_child, SIGCHLD);
  ::pthread_sigmask(SIG_BLOCK, &with_child, &old_mask);
  // SIGCHLD at its default while the application runs: ignored, it would not
  // come (the child reaped unseen) and the wait for it would never end.
  struct sigaction default_action {}, old_sigchld {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  ::sigaction(SIGCHLD, &default_action, &old_sigchld);
  const auto restore_sigchld = [&] {
    ::sigaction(SIGCHLD, &old_sigchld, nullptr);
    if (!sigismember(&old_mask, SIGCHLD)) {
      sigset_t child_only;
      sigemptyset(&child_only);
      sigaddset(&child_only, SIGCHLD);
      ::pthread_sigmask(SIG_UNBLOCK, &child_only, nullptr);
    }
  };
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) {
    const int e = errno;
    restore_sigchld();
    throw CommandError(Failure::runtime, "cannot start '" + executable + "': " + std::strerror(e));
  }
  const pid_t parent = ::getpid();
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(report[0]);
    exec_application(executable, argv, layer, via, count, capture_dir, parent, old_sigchld, report[1]);
  }
  const int fork_errno = errno;
  ::close(report[1]);
  const FileDescriptor exec_report(report[0]);
  if (pid < 0) {
    restore_sigchld();
    throw CommandError(Failure::runtime, "cannot start '" + executable + "': " + std::strerror(fork_errno));
  }
  int exec_errno = 0;
  ssize_t n = 0;
  do n = ::read(exec_report.get(), &exec_errno, sizeof exec_errno);
  while (n < 0 && errno == EINTR);
  int status = 0;
  if (n == sizeof exec_errno) {
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    restore_sigchld();
    throw CommandError(Failure::usage, "cannot trace '" + executable + "': " + exec_failure(exec_errno));
  }
  AppOutcome out;
  out.stopped_by = wait_application(pid, ending, status);
  out.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  restore_sigchld();  // the ending signals stay blocked (see above)
  if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
  else if (WIFEXITED(status)) out.exit_status = WEXITSTATUS(status);
  return out;
}

SignatureCount count_signature(const CaptureManifest& m, const CapturedSignature& sig, const std::string& device, double timeout_s,
                               const std::optional<SignatureAnalysisRequest>& analysis) {
  const CapturedKernel& k = m.kernels.at(sig.kernel);
  const std::string doing = "counting kernel '" + k.name + "' of the traced application";
  SignatureCount out;
  try {
    const std::string doc = run_in_worker(doing, {timeout_s}, [&](const WorkerChannel& worker) {
      const ChosenDevice chosen = choose_device(device);
      const std::vector<Param> params = kernel_params(*chosen, captured_source(m, sig), k.options, k.name);
      KernelRequest r = signature_request(m, sig, device, params,
                                          [&m](const CapturedCopyFile& f) { return m.file(f.file).string(); });
      PreparedKernel prepared = prepare_kernel(r);
      nlohmann::json names = nlohmann::json::array();
      for (const Param& p : params) names.push_back({p.name, p.type});
      const CountsFile counts = count_kernel(prepared, r);
      nlohmann::json j{{"counts", counts_to_json(counts)}, {"params", names}};
      if (analysis) {
        // The counts stand when the recording fails: the analysis is the optional second run.
        try {
          j["analysis"] = address_analysis_json(analyze_addresses(prepared, r, counts, analysis->roofs, analysis->sample, worker));
        } catch (const Interrupted&) {
          throw;
        } catch (...) {
          j["analysis_problem"] = failure_of(std::current_exception()).message;
        }
      }
      return j.dump();
    });
    const nlohmann::json j = nlohmann::json::parse(doc);
    out.counts = counts_from_json(j.at("counts"));
    if (j.contains("analysis")) out.analysis = address_analysis_of(j.at("analysis"));
    if (j.contains("analysis_problem")) out.analysis_problem = j.at("analysis_problem").get<std::string>();
    for (const nlohmann::json& p : j.at("params")) out.params.push_back({p.at(0), p.at(1)});
  } catch (const Interrupted&) {
    throw;
  } catch (...) {
    out.problem = failure_of(std::current_exception()).message;
  }
  return out;
}

namespace {

// A word of a // roofline: line; its only quoting is double quotes.
std::string launch_word(const std::string& w) {
  if (w.find('"') != std::string::npos || w.find('\n') != std::string::npos)
    throw OutputFileError("cannot write '" + w + "' on a // roofline: line (a double quote or a line break)");
  return w.find_first_of(" \t") == std::string::npos ? w : "\"" + w + "\"";
}

}  // namespace

void write_bundle(const CaptureManifest& m, const CapturedSignature& sig, const std::vector<KernelParam>& params,
                  const fs::path& folder) {
  const fs::path dir = fs::absolute(folder);
  KernelRequest r;
  try {
    fs::create_directories(dir);
    r = signature_request(m, sig, "", params, [&](const CapturedCopyFile& f) {
      const fs::path to = dir / ("arg" + std::to_string(f.arg) + ".bin");
      fs::copy_file(m.file(f.file), to, fs::copy_options::overwrite_existing);
      return to.string();
    });
  } catch (const fs::filesystem_error& e) {
    throw OutputFileError("cannot write the replay bundle " + dir.string() + ": " + e.code().message());
  }
  std::string text = captured_source(m, sig);
  if (!text.empty() && text.back() != '\n') text += '\n';
  text += "\n// Replay bundle of roofline trace: the launch below, its buffers the copies taken before it.\n";
  text += "// roofline: --kernel " + launch_word(r.kernel) + " --global " + r.global;
  if (!r.local.empty()) text += " --local " + r.local;
  if (!r.build_options.empty()) text += " --build-options " + launch_word(r.build_options);
  text += "\n";
  for (const std::string& a : r.args) text += "// roofline: --arg " + launch_word(a) + "\n";
  write_file_atomically((dir / "kernel.cl").string(), text);
}

}  // namespace roofline
