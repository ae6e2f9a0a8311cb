// intercept/capture: what the layer knows about the application's OpenCL
// objects and what its commands did, behind one mutex (applications call
// OpenCL from several threads, and completion callbacks come from the
// driver's). The wrappers query the driver outside it and hand plain values
// in. Objects are keyed by handle while they live; what is written is keyed by
// content: one program record per distinct source (or binary), one kernel
// record per program, build options and name, one launch signature per
// distinct launch, so an application that creates and launches 100 000
// kernels leaves a small manifest.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "intercept/durations.hpp"
#include "intercept/opencl.hpp"
#include "intercept/settings.hpp"
#include "model/capture_manifest.hpp"

namespace roofline::intercept {

// A memory object as created: what it is and what a launch signature records of it.
struct MemObject {
  ArgKind kind = ArgKind::buffer;  // buffer, image, pipe or external
  std::uint64_t size = 0;
  cl_mem_flags flags = 0;
  bool sub_buffer = false;
  std::uint64_t origin = 0, parent_size = 0;  // sub-buffers: where in the parent
};

// A kernel argument as last set.
struct ArgValue {
  ArgKind kind = ArgKind::unset;
  std::uint64_t size = 0;  // scalar bytes, __local bytes, or the buffer's size
  std::string bytes;       // a scalar's value
  cl_mem mem = nullptr;    // buffers: the handle (not part of the signature)
  MemObject object;        // buffers: what it was when set
};

// The n-th-dimensional launch shape; local absent when the driver chooses.
struct NDRange {
  cl_uint dims = 0;
  std::array<std::uint64_t, 3> offset{}, global{}, local{};
  bool has_local = false;
};

// A command whose completion the layer waits for: a launch of a signature or
// a transfer, as it travels through a completion callback's user data.
struct CommandRef {
  bool transfer = false;
  std::uint32_t id = 0;
  void* encode() const { return reinterpret_cast<void*>((std::uintptr_t(id) << 1) | (transfer ? 1u : 0u)); }
  static CommandRef decode(void* p) {
    const auto v = reinterpret_cast<std::uintptr_t>(p);
    return {(v & 1u) != 0, std::uint32_t(v >> 1)};
  }
};

// One distinct buffer a launch's copy takes, and the arguments that pass it.
struct BufferToCopy {
  cl_mem mem = nullptr;
  std::uint64_t size = 0;
  std::vector<unsigned> args;
};

// What the wrapper of a launch is to do around it.
struct LaunchPlan {
  bool captured = false;  // false: forward only (the kernel or queue is unknown and could not be learned)
  CommandRef command;
  std::optional<std::size_t> copy;  // the signature's copy record to fill, if its buffers are to be copied
  std::vector<BufferToCopy> buffers;
  cl_context context = nullptr;
  cl_device_id device = nullptr;
  bool out_of_order = false;
};

class Capture {
 public:
  Capture(Settings settings, CapturePath path, std::string settings_problems);

  const Settings& settings() const { return settings_; }
  std::string process_dir() const;

  // Contexts, counted as the application holds them.
  void context_created(cl_context c);
  void context_retained(cl_context c);
  // What a release by the application let go of: this context (the
  // application holds it no more), and with it the last of its contexts.
  struct ContextRelease {
    bool gone = false, last = false;
  };
  ContextRelease context_released(cl_context c);

  // Queues; `device` (what the driver says of it) only for a device not seen before (asked by known_device).
  bool known_device(cl_device_id d);
  void device_seen(cl_device_id d, CapturedDevice device);
  void queue_created(cl_command_queue q, cl_context c, cl_device_id d, cl_command_queue_properties asked);
  void queue_profiling_asked(cl_command_queue q, bool asked);
  // Whether the application asked for profiling on q (unknown queues: yes, nothing to hide).
  bool profiling_asked(cl_command_queue q);
  bool known_queue(cl_command_queue q);

  void mem_created(cl_mem m, const MemObject& object);
  std::optional<MemObject> mem_object(cl_mem m);
  void mem_released(cl_mem m);
  void sampler_created(cl_sampler s);
  void mapped(void* host_ptr, std::uint64_t bytes, bool for_write);
  // The bytes a map made visible at host_ptr and whether it was for writing; forgets the map.
  std::pair<std::uint64_t, bool> unmapped(void* host_ptr);

  // Programs. `content` is the source text (source), the binaries or IL
  // bytes (hashed to tell programs apart), the built-in kernel names.
  void program_created(cl_program p, ProgramOrigin origin, const std::string& content);
  void program_built(cl_program p, BuildStep step, const char* options, cl_int status);
  void program_headers(cl_program p, const std::vector<std::pair<std::string, cl_program>>& headers);
  void program_linked(cl_program result, const std::vector<cl_program>& inputs, const char* options, cl_int status);
  void program_released(cl_program p);

  // Kernels.
  void kernel_created(cl_kernel k, cl_program p, const std::string& name, KernelCreation how, cl_uint num_args);
  void kernel_cloned(cl_kernel clone, cl_kernel source);
  bool known_kernel(cl_kernel k);
  // `qualifier`: the argument's address qualifier where the value alone is
  // ambiguous (a NULL value of pointer size: a __local size or a NULL buffer).
  void kernel_arg(cl_kernel k, cl_uint index, std::size_t size, const void* value,
                  std::optional<cl_kernel_arg_address_qualifier> qualifier);
  void kernel_arg_pointer(cl_kernel k, cl_uint index, ArgKind kind);  // svm, usm
  void kernel_exec_info(cl_kernel k);
  void kernel_released(cl_kernel k);

  // Commands.
  LaunchPlan plan_launch(cl_command_queue q, cl_kernel k, const NDRange& nd);
  std::optional<CommandRef> plan_transfer(cl_command_queue q, TransferKind kind, TransferPath path, std::uint64_t bytes);
  void enqueue_failed(CommandRef c);
  void command_done(CommandRef c, bool ok, std::uint64_t start, std::uint64_t end);
  void command_untimed(CommandRef c);
  void copy_done(std::uint32_t signature, std::size_t copy, CopyStatus status, std::string problem,
                 std::vector<CapturedCopyFile> args);

  // Something that went wrong in the layer (never the application's business): kept for the manifest.
  void warn(const std::string& what);

  // The manifest as of now (model/capture_manifest.hpp), and the launch log lines gathered since the last call.
  CaptureManifest manifest(CaptureState state);
  std::string take_launch_log();
  bool dirty() const { return dirty_.load(std::memory_order_relaxed); }

 private:
  struct ProgramHandle {
    int record = -1;
    std::string options;  // of the last successful build, compile or link
  };
  struct KernelHandle {
    int record = -1;
    std::vector<ArgValue> args;
    bool exec_info = false;
  };
  struct QueueHandle {
    int id = 0, device = 0;
    cl_context context = nullptr;
    cl_device_id device_handle = nullptr;
    bool out_of_order = false, profiling_asked = false;
  };
  struct ProgramRecord {
    ProgramOrigin origin = ProgramOrigin::source;
    std::string hash, file;
    std::vector<std::pair<std::string, int>> headers;
    std::vector<int> inputs;
    std::vector<std::tuple<BuildStep, std::string, cl_int, std::uint64_t>> builds;
    std::uint64_t handles = 0;
  };
  struct KernelRecord {
    int program = -1;
    std::string name, options;
    std::array<std::uint64_t, 3> creations{};
    unsigned signatures = 0;
    int folded = -1;  // the signature the launches beyond the limit fold into
  };
  struct SignatureRecord {
    int kernel = -1, device = 0;
    NDRange nd;
    std::vector<ArgValue> args;
    std::vector<NotCounted> not_counted;
    bool folded = false;
    std::uint64_t launches = 0, enqueue_failures = 0, command_failures = 0, untimed = 0;
    Durations time;
    std::vector<CapturedCopy> copies;
  };
  struct TransferRecord {
    TransferKind kind = TransferKind::read;
    TransferPath path = TransferPath::none;
    int device = 0;
    std::uint64_t bytes = 0;
    bool folded = false;
    std::uint64_t count = 0, bytes_total = 0, enqueue_failures = 0, command_failures = 0, untimed = 0;
    Durations time;
  };
  struct DeviceRecord {
    cl_device_id handle = nullptr;
    CapturedDevice info;
    Activity activity;
  };

  int record_program(ProgramOrigin origin, const std::string& key_text, std::string file);
  int record_kernel(int program, const std::string& name, const std::string& options);
  std::uint32_t signature_for(const KernelHandle& k, const QueueHandle& q, const NDRange& nd);
  std::vector<NotCounted> reasons_not_counted(const KernelHandle& k) const;
  void plan_copy(SignatureRecord& sig, const KernelHandle& k, LaunchPlan& plan);
  void add_build(int record, BuildStep step, const std::string& options, cl_int status);
  std::string write_source(const std::string& text, const std::string& hash);
  // The records as the manifest has them.
  static CapturedProgram captured(const ProgramRecord& p);
  static CapturedKernel captured(const KernelRecord& k);
  static CapturedSignature captured(const SignatureRecord& s);
  static CapturedTransfer captured(const TransferRecord& t);

  Settings settings_;
  CapturePath path_;
  std::mutex mutex_;
  std::atomic<bool> dirty_{true};
  std::uint64_t host_start_ns_ = 0;
  std::vector<std::string> warnings_;
  std::uint64_t warnings_dropped_ = 0;
  std::uint64_t copy_bytes_planned_ = 0;

  std::unordered_map<cl_context, std::uint64_t> contexts_;  // the application's references
  std::unordered_map<cl_command_queue, QueueHandle> queues_;
  std::unordered_map<cl_mem, MemObject> mems_;
  std::unordered_set<cl_sampler> samplers_;
  std::unordered_map<void*, std::pair<std::uint64_t, bool>> maps_;
  std::unordered_map<cl_program, ProgramHandle> programs_;
  std::unordered_map<cl_kernel, KernelHandle> kernels_;

  std::vector<DeviceRecord> devices_;
  std::vector<QueueHandle> queue_records_;
  std::vector<ProgramRecord> program_records_;
  std::unordered_map<std::string, int> program_by_key_;
  std::vector<KernelRecord> kernel_records_;
  std::unordered_map<std::string, int> kernel_by_key_;
  std::vector<SignatureRecord> signatures_;
  std::unordered_map<std::string, std::uint32_t> signature_by_key_;
  std::vector<TransferRecord> transfers_;
  std::unordered_map<std::string, std::uint32_t> transfer_by_key_;
  std::string launch_log_;
};

// The process's capture: null until started, when the environment asks for
// none, or in a child forked from a traced process (its parent owns the folder).
Capture* capture();
// The capture, started by the first intercepted call of a process whose
// environment names a capture folder (so that a process that never creates
// an OpenCL object, and every child of a traced shell, writes nothing).
Capture* active();
// Which library intercepts: the layer and the preload say so when loaded.
void set_capture_path(CapturePath path);

}  // namespace roofline::intercept
