#include "intercept/capture.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include <unistd.h>

#include "intercept/files.hpp"
#include "model/source_hash.hpp"

namespace roofline::intercept {
namespace {

std::uint64_t unix_ns() {
  return std::uint64_t(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
}

template <typename T>
void put(std::string& key, const T& value) {
  key.append(reinterpret_cast<const char*>(&value), sizeof value);
}

std::optional<NotCounted> reason_of(ArgKind kind) {
  switch (kind) {
    case ArgKind::image: return NotCounted::image_argument;
    case ArgKind::sampler: return NotCounted::sampler_argument;
    case ArgKind::pipe: return NotCounted::pipe_argument;
    case ArgKind::svm: return NotCounted::svm_argument;
    case ArgKind::usm: return NotCounted::usm_argument;
    case ArgKind::external: return NotCounted::external_argument;
    case ArgKind::unset: return NotCounted::unset_argument;
    default: return std::nullopt;
  }
}

// The process's arguments, as the kernel keeps them.
std::vector<std::string> command_line() {
  std::vector<std::string> words;
  std::FILE* f = std::fopen("/proc/self/cmdline", "rb");
  if (!f) return words;
  std::string word;
  for (int ch; (ch = std::fgetc(f)) != EOF;) {
    if (ch != 0) {
      word += char(ch);
      continue;
    }
    words.push_back(std::move(word));
    word.clear();
  }
  std::fclose(f);
  return words;
}

// The process's rank in a parallel job (MPI, SLURM), where its environment says.
std::optional<long> job_rank() {
  for (const char* name : kRankVariables) {
    const char* v = std::getenv(name);
    char* end = nullptr;
    if (!v || !*v) continue;
    const long rank = std::strtol(v, &end, 10);
    if (*end == '\0' && rank >= 0) return rank;
  }
  return std::nullopt;
}

CapturedTimes times_of(const Durations& d) {
  return {d.count(), d.total(), d.median(), d.min(), d.max(), d.median_exact()};
}

CapturedNDRange ndrange_of(const NDRange& nd) {
  auto dims = [&](const std::array<std::uint64_t, 3>& a) { return std::vector<std::uint64_t>(a.begin(), a.begin() + nd.dims); };
  CapturedNDRange out{nd.dims, dims(nd.offset), dims(nd.global), std::nullopt};
  if (nd.has_local) out.local = dims(nd.local);
  return out;
}

CapturedArg arg_of(unsigned index, const ArgValue& a) {
  CapturedArg out;
  out.index = index;
  out.kind = a.kind;
  out.size = a.size;
  if (a.kind == ArgKind::scalar) out.bytes.assign(a.bytes.begin(), a.bytes.end());
  out.flags = a.object.flags;
  if (a.object.sub_buffer) out.sub_buffer = CapturedArg::SubBuffer{a.object.origin, a.object.parent_size};
  return out;
}

CapturedActivity activity_of(std::size_t device, const Activity::Summary& s) {
  return {device, s.commands, s.first_start, s.last_end, s.busy, s.gaps, s.longest_gap};
}

// What a signature or transfer record keeps of its commands, as the manifest has it.
template <typename Record, typename Captured>
void copy_commands(const Record& r, Captured& out) {
  out.enqueue_failures = r.enqueue_failures;
  out.command_failures = r.command_failures;
  out.untimed = r.untimed;
  out.time = times_of(r.time);
}

// -1: an object the layer never saw created.
std::optional<std::size_t> index_of(int id) { return id < 0 ? std::nullopt : std::optional<std::size_t>(std::size_t(id)); }

}  // namespace

Capture::Capture(Settings settings, CapturePath path, std::string settings_problems)
    : settings_(std::move(settings)), path_(path), host_start_ns_(unix_ns()) {
  if (!settings_problems.empty()) warnings_.push_back(settings_problems);
}

std::string Capture::process_dir() const {
  return settings_.dir + "/" + std::string(kCaptureProcessPrefix) + std::to_string(::getpid());
}

void Capture::warn(const std::string& what) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (warnings_.size() < 64)
    warnings_.push_back(what);
  else
    ++warnings_dropped_;
  dirty_ = true;
}

// Contexts --------------------------------------------------------------

void Capture::context_created(cl_context c) {
  std::lock_guard<std::mutex> lock(mutex_);
  contexts_[c] = 1;
}

void Capture::context_retained(cl_context c) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (auto it = contexts_.find(c); it != contexts_.end()) ++it->second;
}

Capture::ContextRelease Capture::context_released(cl_context c) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = contexts_.find(c);
  if (it == contexts_.end() || --it->second > 0) return {};
  contexts_.erase(it);
  return {true, contexts_.empty()};
}

// Devices and queues ------------------------------------------------------

bool Capture::known_device(cl_device_id d) {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::any_of(devices_.begin(), devices_.end(), [&](const DeviceRecord& r) { return r.handle == d; });
}

void Capture::device_seen(cl_device_id d, CapturedDevice info) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (std::any_of(devices_.begin(), devices_.end(), [&](const DeviceRecord& r) { return r.handle == d; })) return;
  devices_.push_back({d, std::move(info), {}});
  dirty_ = true;
}

void Capture::queue_created(cl_command_queue q, cl_context c, cl_device_id d, cl_command_queue_properties asked) {
  std::lock_guard<std::mutex> lock(mutex_);
  QueueHandle h;
  h.id = int(queue_records_.size());
  h.context = c;
  h.device_handle = d;
  for (std::size_t i = 0; i < devices_.size(); ++i)
    if (devices_[i].handle == d) h.device = int(i);
  h.out_of_order = (asked & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0;
  h.profiling_asked = (asked & CL_QUEUE_PROFILING_ENABLE) != 0;
  queue_records_.push_back(h);
  queues_[q] = h;
  dirty_ = true;
}

void Capture::queue_profiling_asked(cl_command_queue q, bool asked) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (auto it = queues_.find(q); it != queues_.end()) {
    it->second.profiling_asked = asked;
    queue_records_[std::size_t(it->second.id)].profiling_asked = asked;
  }
}

bool Capture::profiling_asked(cl_command_queue q) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = queues_.find(q);
  return it == queues_.end() || it->second.profiling_asked;
}

bool Capture::known_queue(cl_command_queue q) {
  std::lock_guard<std::mutex> lock(mutex_);
  return queues_.count(q) != 0;
}

// Memory objects ------------------------------------------------------------

void Capture::mem_created(cl_mem m, const MemObject& object) {
  std::lock_guard<std::mutex> lock(mutex_);
  mems_[m] = object;
}

std::optional<MemObject> Capture::mem_object(cl_mem m) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = mems_.find(m);
  if (it == mems_.end()) return std::nullopt;
  return it->second;
}

void Capture::mem_released(cl_mem m) {
  std::lock_guard<std::mutex> lock(mutex_);
  mems_.erase(m);
}

void Capture::sampler_created(cl_sampler s) {
  std::lock_guard<std::mutex> lock(mutex_);
  samplers_.insert(s);
}

void Capture::mapped(void* host_ptr, std::uint64_t bytes, bool for_write) {
  std::lock_guard<std::mutex> lock(mutex_);
  maps_[host_ptr] = {bytes, for_write};
}

std::pair<std::uint64_t, bool> Capture::unmapped(void* host_ptr) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = maps_.find(host_ptr);
  if (it == maps_.end()) return {0, false};
  const auto out = it->second;
  maps_.erase(it);
  return out;
}

// Programs ------------------------------------------------------------------

std::string Capture::write_source(const std::string& text, const std::string& hash) {
  const std::string file = "programs/" + hash + ".cl";
  const std::string path = process_dir() + "/" + file;
  if (!exists(path) && !write_whole(path, text)) warn("cannot write " + path);
  return file;
}

int Capture::record_program(ProgramOrigin origin, const std::string& key_text, std::string file) {
  const std::string key = std::string(name_of(origin)) + ":" + key_text;
  auto [it, fresh] = program_by_key_.emplace(key, int(program_records_.size()));
  if (fresh) {
    ProgramRecord r;
    r.origin = origin;
    r.hash = origin == ProgramOrigin::linked ? std::string() : key_text;
    r.file = std::move(file);
    program_records_.push_back(std::move(r));
  }
  ++program_records_[std::size_t(it->second)].handles;
  dirty_ = true;
  return it->second;
}

void Capture::program_created(cl_program p, ProgramOrigin origin, const std::string& content) {
  const std::string hash = source_hash(content);
  const std::string file = origin == ProgramOrigin::source ? write_source(content, hash) : std::string();
  std::lock_guard<std::mutex> lock(mutex_);
  programs_[p] = ProgramHandle{record_program(origin, hash, file), {}};
}

void Capture::add_build(int record, BuildStep step, const std::string& options, cl_int status) {
  auto& builds = program_records_[std::size_t(record)].builds;
  auto same = std::find_if(builds.begin(), builds.end(), [&](const auto& b) {
    return std::get<0>(b) == step && std::get<1>(b) == options && std::get<2>(b) == status;
  });
  if (same != builds.end())
    ++std::get<3>(*same);
  else if (builds.size() < 64)
    builds.emplace_back(step, options, status, 1);
  dirty_ = true;
}

void Capture::program_built(cl_program p, BuildStep step, const char* options, cl_int status) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = programs_.find(p);
  if (it == programs_.end()) return;
  const std::string opts = options ? options : "";
  add_build(it->second.record, step, opts, status);
  if (status == CL_SUCCESS) it->second.options = opts;
}

void Capture::program_headers(cl_program p, const std::vector<std::pair<std::string, cl_program>>& headers) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = programs_.find(p);
  if (it == programs_.end()) return;
  auto& record = program_records_[std::size_t(it->second.record)];
  for (const auto& [name, header] : headers) {
    const auto h = programs_.find(header);
    const int id = h == programs_.end() ? -1 : h->second.record;
    const std::pair<std::string, int> entry{name, id};
    if (std::find(record.headers.begin(), record.headers.end(), entry) == record.headers.end())
      record.headers.push_back(entry);
  }
  dirty_ = true;
}

void Capture::program_linked(cl_program result, const std::vector<cl_program>& inputs, const char* options,
                             cl_int status) {
  if (!result) return;
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<int> ids;
  std::string key;
  for (cl_program in : inputs) {
    const auto it = programs_.find(in);
    ids.push_back(it == programs_.end() ? -1 : it->second.record);
    key += std::to_string(ids.back()) + ",";
  }
  const std::string opts = options ? options : "";
  const int record = record_program(ProgramOrigin::linked, key + ":" + opts, {});
  program_records_[std::size_t(record)].inputs = ids;
  add_build(record, BuildStep::link, opts, status);
  // A kernel of a program linked from one compiled source was built with its
  // compile options, then the link's.
  std::string built_with = opts;
  if (inputs.size() == 1) {
    const auto in = programs_.find(inputs[0]);
    const std::string compiled = in == programs_.end() ? std::string() : in->second.options;
    built_with = compiled.empty() ? opts : opts.empty() ? compiled : compiled + " " + opts;
  }
  programs_[result] = ProgramHandle{record, built_with};
}

void Capture::program_released(cl_program p) {
  std::lock_guard<std::mutex> lock(mutex_);
  programs_.erase(p);
}

// Kernels -------------------------------------------------------------------

int Capture::record_kernel(int program, const std::string& name, const std::string& options) {
  std::string key;
  put(key, program);
  key += name;
  key += '\0';
  key += options;
  auto [it, fresh] = kernel_by_key_.emplace(key, int(kernel_records_.size()));
  if (fresh) kernel_records_.push_back(KernelRecord{program, name, options, {}, 0, -1});
  dirty_ = true;
  return it->second;
}

void Capture::kernel_created(cl_kernel k, cl_program p, const std::string& name, KernelCreation how, cl_uint num_args) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = programs_.find(p);
  const int program = it == programs_.end() ? -1 : it->second.record;
  const int record = record_kernel(program, name, it == programs_.end() ? std::string() : it->second.options);
  ++kernel_records_[std::size_t(record)].creations[std::size_t(how)];
  KernelHandle h;
  h.record = record;
  h.args.resize(num_args);
  kernels_[k] = std::move(h);
}

void Capture::kernel_cloned(cl_kernel clone, cl_kernel source) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = kernels_.find(source);
  if (it == kernels_.end()) return;
  KernelHandle copy = it->second;
  ++kernel_records_[std::size_t(copy.record)].creations[std::size_t(KernelCreation::clone)];
  kernels_[clone] = std::move(copy);
  dirty_ = true;
}

bool Capture::known_kernel(cl_kernel k) {
  std::lock_guard<std::mutex> lock(mutex_);
  return kernels_.count(k) != 0;
}

void Capture::kernel_arg(cl_kernel k, cl_uint index, std::size_t size, const void* value,
                         std::optional<cl_kernel_arg_address_qualifier> qualifier) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = kernels_.find(k);
  if (it == kernels_.end()) return;
  auto& args = it->second.args;
  if (index >= args.size()) args.resize(std::size_t(index) + 1);
  const bool pointer_qualified =
      qualifier && (*qualifier == CL_KERNEL_ARG_ADDRESS_GLOBAL || *qualifier == CL_KERNEL_ARG_ADDRESS_CONSTANT);
  ArgValue v;
  v.size = size;
  if (!value) {
    v.kind = pointer_qualified ? ArgKind::null_buffer : ArgKind::local;
  } else if (size == sizeof(cl_mem)) {
    cl_mem m = nullptr;
    std::memcpy(&m, value, sizeof m);
    if (const auto mem = mems_.find(m); m && mem != mems_.end()) {
      v.kind = mem->second.kind;
      v.size = mem->second.size;
      v.mem = m;
      v.object = mem->second;
    } else if (m && samplers_.count(reinterpret_cast<cl_sampler>(m))) {
      v.kind = ArgKind::sampler;
    } else if (!m && pointer_qualified) {
      v.kind = ArgKind::null_buffer;
    }
  }
  if (v.kind == ArgKind::unset) {
    v.kind = ArgKind::scalar;
    v.bytes.assign(static_cast<const char*>(value), size);
  }
  args[index] = std::move(v);
}

void Capture::kernel_arg_pointer(cl_kernel k, cl_uint index, ArgKind kind) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = kernels_.find(k);
  if (it == kernels_.end()) return;
  auto& args = it->second.args;
  if (index >= args.size()) args.resize(std::size_t(index) + 1);
  ArgValue v;
  v.kind = kind;
  v.size = sizeof(void*);
  args[index] = v;
}

void Capture::kernel_exec_info(cl_kernel k) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (const auto it = kernels_.find(k); it != kernels_.end()) it->second.exec_info = true;
}

void Capture::kernel_released(cl_kernel k) {
  std::lock_guard<std::mutex> lock(mutex_);
  kernels_.erase(k);
}

// Launches --------------------------------------------------------------------

std::vector<NotCounted> Capture::reasons_not_counted(const KernelHandle& k) const {
  std::vector<NotCounted> out;
  auto add = [&](NotCounted r) {
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  };
  const int program = kernel_records_[std::size_t(k.record)].program;
  if (program < 0) {
    add(NotCounted::unknown_program);
  } else {
    const ProgramRecord& p = program_records_[std::size_t(program)];
    switch (p.origin) {
      case ProgramOrigin::binary: add(NotCounted::binary_program); break;
      case ProgramOrigin::il: add(NotCounted::il_program); break;
      case ProgramOrigin::builtin: add(NotCounted::builtin_kernels); break;
      case ProgramOrigin::linked:
        if (p.inputs.size() != 1 || p.inputs[0] < 0 ||
            program_records_[std::size_t(p.inputs[0])].origin != ProgramOrigin::source)
          add(NotCounted::linked_program);
        break;
      case ProgramOrigin::source: break;
    }
  }
  for (const ArgValue& a : k.args)
    if (const auto r = reason_of(a.kind)) add(*r);
  if (k.exec_info) add(NotCounted::svm_exec_info);
  if (settings_.count == CountMode::none) add(NotCounted::count_none);
  return out;
}

std::uint32_t Capture::signature_for(const KernelHandle& k, const QueueHandle& q, const NDRange& nd) {
  thread_local std::string key;  // keeps its memory from launch to launch
  key.clear();
  put(key, q.device);
  put(key, k.record);
  put(key, nd.dims);
  put(key, nd.has_local);
  for (cl_uint d = 0; d < nd.dims; ++d) {
    put(key, nd.offset[d]);
    put(key, nd.global[d]);
    put(key, nd.local[d]);
  }
  for (const ArgValue& a : k.args) {
    put(key, a.kind);
    put(key, a.size);
    if (a.kind == ArgKind::scalar) key += a.bytes;
  }
  if (const auto it = signature_by_key_.find(key); it != signature_by_key_.end()) return it->second;
  KernelRecord& kernel = kernel_records_[std::size_t(k.record)];
  dirty_ = true;
  if (kernel.signatures >= settings_.signatures_per_kernel) {
    if (kernel.folded < 0) {
      SignatureRecord folded;
      folded.kernel = k.record;
      folded.device = q.device;
      folded.nd = nd;
      folded.folded = true;
      folded.not_counted = {NotCounted::signature_limit};
      kernel.folded = int(signatures_.size());
      signatures_.push_back(std::move(folded));
    }
    return std::uint32_t(kernel.folded);
  }
  SignatureRecord s;
  s.kernel = k.record;
  s.device = q.device;
  s.nd = nd;
  s.args = k.args;
  for (ArgValue& a : s.args) a.mem = nullptr;
  s.not_counted = reasons_not_counted(k);
  ++kernel.signatures;
  const auto id = std::uint32_t(signatures_.size());
  signatures_.push_back(std::move(s));
  signature_by_key_.emplace(key, id);
  return id;
}

void Capture::plan_copy(SignatureRecord& sig, const KernelHandle& k, LaunchPlan& plan) {
  const bool wanted = settings_.count == CountMode::all || (settings_.count == CountMode::first && sig.launches == 1);
  if (!wanted || sig.folded || !sig.not_counted.empty()) return;
  std::vector<BufferToCopy> buffers;
  std::uint64_t bytes = 0;
  for (unsigned i = 0; i < k.args.size(); ++i) {
    const ArgValue& a = k.args[i];
    if (a.kind != ArgKind::buffer) continue;
    auto same = std::find_if(buffers.begin(), buffers.end(), [&](const BufferToCopy& b) { return b.mem == a.mem; });
    if (same != buffers.end()) {
      same->args.push_back(i);
      continue;
    }
    buffers.push_back({a.mem, a.size, {i}});
    bytes += a.size;
  }
  CapturedCopy record;
  record.launch = sig.launches;
  if (copy_bytes_planned_ + bytes > settings_.copy_limit_bytes) {
    record.status = CopyStatus::skipped_limit;
    sig.copies.push_back(std::move(record));
    return;
  }
  copy_bytes_planned_ += bytes;
  if (buffers.empty()) record.status = CopyStatus::written;  // nothing to copy: complete as it is
  sig.copies.push_back(std::move(record));
  if (buffers.empty()) return;
  plan.copy = sig.copies.size() - 1;
  plan.buffers = std::move(buffers);
}

LaunchPlan Capture::plan_launch(cl_command_queue q, cl_kernel k, const NDRange& nd) {
  std::lock_guard<std::mutex> lock(mutex_);
  LaunchPlan plan;
  const auto queue = queues_.find(q);
  const auto kernel = kernels_.find(k);
  if (queue == queues_.end() || kernel == kernels_.end()) return plan;
  const std::uint32_t id = signature_for(kernel->second, queue->second, nd);
  SignatureRecord& sig = signatures_[id];
  ++sig.launches;
  plan.captured = true;
  plan.command = {false, id};
  plan.context = queue->second.context;
  plan.device = queue->second.device_handle;
  plan.out_of_order = queue->second.out_of_order;
  plan_copy(sig, kernel->second, plan);
  dirty_ = true;
  return plan;
}

std::optional<CommandRef> Capture::plan_transfer(cl_command_queue q, TransferKind kind, TransferPath path,
                                                  std::uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto queue = queues_.find(q);
  if (queue == queues_.end()) return std::nullopt;
  const int device = queue->second.device;
  std::string key;
  put(key, kind);
  put(key, path);
  put(key, device);
  std::string folded_key = key;
  put(key, bytes);
  auto it = transfer_by_key_.find(key);
  if (it == transfer_by_key_.end()) {
    // At most 256 distinct sizes per kind and device; more fold into one record.
    std::uint64_t distinct = 0;
    for (const TransferRecord& t : transfers_) distinct += t.kind == kind && t.path == path && t.device == device;
    const bool fold = distinct >= 256;
    const std::string& use = fold ? folded_key : key;
    it = transfer_by_key_.find(use);
    if (it == transfer_by_key_.end()) {
      TransferRecord t;
      t.kind = kind;
      t.path = path;
      t.device = device;
      t.bytes = fold ? 0 : bytes;
      t.folded = fold;
      it = transfer_by_key_.emplace(use, std::uint32_t(transfers_.size())).first;
      transfers_.push_back(t);
    }
  }
  TransferRecord& t = transfers_[it->second];
  ++t.count;
  t.bytes_total += bytes;
  dirty_ = true;
  return CommandRef{true, it->second};
}

void Capture::enqueue_failed(CommandRef c) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (c.transfer) {
    TransferRecord& t = transfers_[c.id];
    ++t.enqueue_failures;
  } else {
    ++signatures_[c.id].enqueue_failures;
  }
  dirty_ = true;
}

void Capture::command_done(CommandRef c, bool ok, std::uint64_t start, std::uint64_t end) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::uint64_t ns = end >= start ? end - start : 0;
  int device = 0;
  if (c.transfer) {
    TransferRecord& t = transfers_[c.id];
    device = t.device;
    if (!ok) ++t.command_failures;
    else t.time.add(ns);
  } else {
    SignatureRecord& s = signatures_[c.id];
    device = s.device;
    if (!ok) ++s.command_failures;
    else s.time.add(ns);
  }
  if (ok && std::size_t(device) < devices_.size()) devices_[std::size_t(device)].activity.add(start, end);
  if (ok && settings_.launch_log) {
    launch_log_ += std::string("{\"") + (c.transfer ? "transfer" : "signature") + "\":" + std::to_string(c.id) +
                   ",\"start\":" + std::to_string(start) + ",\"end\":" + std::to_string(end) + "}\n";
  }
  dirty_ = true;
}

void Capture::command_untimed(CommandRef c) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (c.transfer)
    ++transfers_[c.id].untimed;
  else
    ++signatures_[c.id].untimed;
  dirty_ = true;
}

void Capture::copy_done(std::uint32_t signature, std::size_t copy, CopyStatus status, std::string problem,
                        std::vector<CapturedCopyFile> args) {
  std::lock_guard<std::mutex> lock(mutex_);
  CapturedCopy& r = signatures_[signature].copies[copy];
  r.status = status;
  r.problem = std::move(problem);
  r.args = std::move(args);
  dirty_ = true;
}

std::string Capture::take_launch_log() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string out;
  out.swap(launch_log_);
  return out;
}

// The manifest ------------------------------------------------------------------

CapturedProgram Capture::captured(const ProgramRecord& p) {
  CapturedProgram out;
  out.origin = p.origin;
  if (!p.file.empty()) out.source_file = p.file;
  if (!p.hash.empty()) out.hash = p.hash;
  for (const auto& [name, id] : p.headers) out.headers.push_back({name, index_of(id)});
  for (int id : p.inputs) out.inputs.push_back(index_of(id));
  for (const auto& [step, options, status, count] : p.builds) out.builds.push_back({step, options, status, count});
  out.handles = p.handles;
  return out;
}

CapturedKernel Capture::captured(const KernelRecord& k) {
  return {index_of(k.program), k.name, k.options, k.creations[0], k.creations[1], k.creations[2]};
}

CapturedSignature Capture::captured(const SignatureRecord& s) {
  CapturedSignature out;
  out.kernel = std::size_t(s.kernel);
  out.device = std::size_t(s.device);
  out.folded = s.folded;
  out.ndrange = ndrange_of(s.nd);
  for (unsigned i = 0; i < s.args.size(); ++i) out.args.push_back(arg_of(i, s.args[i]));
  out.not_counted = s.not_counted;
  out.launches = s.launches;
  copy_commands(s, out);
  out.copies = s.copies;
  return out;
}

CapturedTransfer Capture::captured(const TransferRecord& t) {
  CapturedTransfer out;
  out.kind = t.kind;
  out.path = t.path;
  out.device = std::size_t(t.device);
  if (!t.folded) out.bytes = t.bytes;
  out.folded = t.folded;
  out.count = t.count;
  out.bytes_total = t.bytes_total;
  copy_commands(t, out);
  return out;
}

CaptureManifest Capture::manifest(CaptureState state) {
  std::lock_guard<std::mutex> lock(mutex_);
  dirty_ = false;
  CaptureManifest m;
  m.state = state;
  m.path = path_;
  m.pid = long(::getpid());
  m.command_line = command_line();
  m.host_start_unix_ns = host_start_ns_;
  m.host_written_unix_ns = unix_ns();
  m.count = settings_.count;
  if (settings_.launch_log) m.launch_log = std::string(kCaptureLaunchLog);
  m.copy_limit_bytes = settings_.copy_limit_bytes;
  m.signatures_per_kernel = settings_.signatures_per_kernel;
  m.rank = job_rank();
  for (std::size_t i = 0; i < devices_.size(); ++i) {
    m.devices.push_back(devices_[i].info);
    m.activity.push_back(activity_of(i, devices_[i].activity.summary()));
  }
  for (const QueueHandle& q : queue_records_) m.queues.push_back({std::size_t(q.device), q.out_of_order, q.profiling_asked});
  for (const ProgramRecord& p : program_records_) m.programs.push_back(captured(p));
  for (const KernelRecord& k : kernel_records_) m.kernels.push_back(captured(k));
  for (const SignatureRecord& s : signatures_) m.signatures.push_back(captured(s));
  for (const TransferRecord& t : transfers_) m.transfers.push_back(captured(t));
  m.warnings = warnings_;
  if (warnings_dropped_) m.warnings.push_back(std::to_string(warnings_dropped_) + " more warnings");
  return m;
}

}  // namespace roofline::intercept
