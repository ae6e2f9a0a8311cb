// The intercepted OpenCL calls (dispatch.cpp lists them). Each forwards
// exactly once through next() with the application's own arguments (but for
// the profiling property the layer adds to queues, and the event and wait
// list a captured command gets), and records what it learnt after the call,
// only where the call succeeded. Nothing here calls a cl* function by name:
// in the layer those names are these very wrappers.
#include <atomic>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "intercept/copies.hpp"
#include "intercept/dispatch.hpp"
#include "intercept/lifetime.hpp"
#include "intercept/timing.hpp"

namespace roofline::intercept {
namespace {

// Runs the bookkeeping `f`; whatever it throws stays in the layer.
template <typename F>
void guarded(Capture* c, F&& f) noexcept {
  try {
    f();
  } catch (const std::exception& e) {
    try {
      c->warn(e.what());
    } catch (...) {
    }
  } catch (...) {
  }
}

// A string query of the driver; empty when it fails.
template <typename Object, typename Info, typename Query>
std::string info_string(Query query, Object object, Info what) {
  std::size_t n = 0;
  if (!query || query(object, what, 0, nullptr, &n) != CL_SUCCESS || n == 0) return {};
  std::string s(n, '\0');
  if (query(object, what, n, s.data(), nullptr) != CL_SUCCESS) return {};
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

template <typename T, typename Object, typename Info, typename Query>
std::optional<T> info_value(Query query, Object object, Info what) {
  T value{};
  if (!query || query(object, what, sizeof value, &value, nullptr) != CL_SUCCESS) return std::nullopt;
  return value;
}

// What CL_DEVICE_TYPE says; the capture does not tell integrated GPUs apart (no igpu).
DeviceType device_type_of(cl_device_type t) {
  if (t & CL_DEVICE_TYPE_GPU) return DeviceType::gpu;
  if (t & CL_DEVICE_TYPE_CPU) return DeviceType::cpu;
  if (t & CL_DEVICE_TYPE_ACCELERATOR) return DeviceType::accelerator;
  return DeviceType::other;
}

void learn_device(Capture& c, cl_device_id d) {
  if (!d || c.known_device(d)) return;
  const cl_icd_dispatch& n = next();
  CapturedDevice info;
  info.name = info_string(n.clGetDeviceInfo, d, CL_DEVICE_NAME);
  info.vendor = info_string(n.clGetDeviceInfo, d, CL_DEVICE_VENDOR);
  info.version = info_string(n.clGetDeviceInfo, d, CL_DEVICE_VERSION);
  info.driver = info_string(n.clGetDeviceInfo, d, CL_DRIVER_VERSION);
  if (const auto platform = info_value<cl_platform_id>(n.clGetDeviceInfo, d, CL_DEVICE_PLATFORM))
    info.platform = info_string(n.clGetPlatformInfo, *platform, CL_PLATFORM_NAME);
  info.type = device_type_of(info_value<cl_device_type>(n.clGetDeviceInfo, d, CL_DEVICE_TYPE).value_or(0));
  c.device_seen(d, std::move(info));
}

// A queue the layer did not see created (the preload, behind a loader's
// extension entry): learnt from the driver; its commands are timed only if
// the application enabled profiling itself.
void learn_queue(Capture& c, cl_command_queue q) {
  if (!q || c.known_queue(q)) return;
  const cl_icd_dispatch& n = next();
  const auto context = info_value<cl_context>(n.clGetCommandQueueInfo, q, CL_QUEUE_CONTEXT);
  const auto device = info_value<cl_device_id>(n.clGetCommandQueueInfo, q, CL_QUEUE_DEVICE);
  const auto props = info_value<cl_command_queue_properties>(n.clGetCommandQueueInfo, q, CL_QUEUE_PROPERTIES);
  if (!context || !device) return;
  learn_device(c, *device);
  c.queue_created(q, *context, *device, props.value_or(0));
}

cl_uint num_args(cl_kernel k) {
  return info_value<cl_uint>(next().clGetKernelInfo, k, CL_KERNEL_NUM_ARGS).value_or(0);
}

void learn_kernel(Capture& c, cl_kernel k, cl_program program, KernelCreation how) {
  const std::string name = info_string(next().clGetKernelInfo, k, CL_KERNEL_FUNCTION_NAME);
  c.kernel_created(k, program, name, how, num_args(k));
}

void learn_unknown_kernel(Capture& c, cl_kernel k) {
  if (!k || c.known_kernel(k)) return;
  const auto program = info_value<cl_program>(next().clGetKernelInfo, k, CL_KERNEL_PROGRAM);
  learn_kernel(c, k, program.value_or(nullptr), KernelCreation::create);
}

MemObject queried_mem(cl_mem m, ArgKind kind) {
  MemObject o;
  o.kind = kind;
  o.size = info_value<std::size_t>(next().clGetMemObjectInfo, m, CL_MEM_SIZE).value_or(0);
  o.flags = info_value<cl_mem_flags>(next().clGetMemObjectInfo, m, CL_MEM_FLAGS).value_or(0);
  return o;
}

cl_mem remember_buffer(Capture* c, cl_mem m, cl_mem_flags flags, std::size_t size) {
  if (c && m) guarded(c, [&] { c->mem_created(m, MemObject{ArgKind::buffer, size, flags}); });
  return m;
}

cl_mem remember_queried(Capture* c, cl_mem m, ArgKind kind) {
  if (c && m) guarded(c, [&] { c->mem_created(m, queried_mem(m, kind)); });
  return m;
}

// Released by the application: forgotten when the driver says this was the last reference.
template <typename Object, typename Query, typename Release, typename Forget>
cl_int release_and_forget(Object object, Query query, cl_uint refs_info, Release release, Forget forget) {
  Capture* c = active();
  bool last = false;
  if (c) last = info_value<cl_uint>(query, object, refs_info).value_or(0) == 1;
  const cl_int err = release(object);
  if (c && last && err == CL_SUCCESS) guarded(c, [&] { forget(*c); });
  return err;
}

std::uint64_t region_bytes(const std::size_t* region) {
  return region ? std::uint64_t(region[0]) * region[1] * region[2] : 0;
}

// The bytes of an image region, asked of the driver only while capturing.
std::uint64_t image_bytes(Capture* c, cl_mem image, const std::size_t* region) {
  std::uint64_t bytes = 0;
  if (c) guarded(c, [&] {
      bytes = info_value<std::size_t>(next().clGetImageInfo, image, CL_IMAGE_ELEMENT_SIZE).value_or(0) *
              region_bytes(region);
    });
  return bytes;
}

TransferPath map_path(cl_map_flags flags) {
  return (flags & (CL_MAP_READ | CL_MAP_WRITE)) ? TransferPath::device_to_host : TransferPath::none;
}

bool map_writes(cl_map_flags flags) { return (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0; }

// The transfer record a command of `bytes` counts in; none when not capturing.
std::optional<CommandRef> transfer(Capture* c, cl_command_queue q, TransferKind kind, TransferPath path,
                                   std::uint64_t bytes) {
  std::optional<CommandRef> out;
  if (c) guarded(c, [&] {
      learn_queue(*c, q);
      out = c->plan_transfer(q, kind, path, bytes);
    });
  return out;
}

NDRange ndrange(cl_uint dims, const std::size_t* offset, const std::size_t* global, const std::size_t* local) {
  NDRange nd;
  nd.dims = dims > 3 ? 3 : dims;
  nd.has_local = local != nullptr;
  for (cl_uint d = 0; d < nd.dims; ++d) {
    nd.offset[d] = offset ? offset[d] : 0;
    nd.global[d] = global ? global[d] : 0;
    nd.local[d] = local ? local[d] : 0;
  }
  return nd;
}

// A kernel launch: planned (signature, copies), its buffers copied where the
// plan says, forwarded through `forward(num_wait, wait, event)`, timed.
template <typename Forward>
cl_int launch(cl_command_queue q, cl_kernel k, const NDRange& nd, cl_uint num_wait, const cl_event* wait,
              cl_event* event, Forward&& forward) {
  Capture* c = active();
  if (!c) return forward(num_wait, wait, event);
  LaunchPlan plan;
  guarded(c, [&] {
    learn_queue(*c, q);
    learn_unknown_kernel(*c, k);
    plan = c->plan_launch(q, k, nd);
  });
  if (!plan.captured) return forward(num_wait, wait, event);
  StartedCopies copies;
  std::vector<cl_event> waits;
  cl_uint use_num = num_wait;
  const cl_event* use_wait = wait;
  if (plan.copy) {
    guarded(c, [&] {
      copies = start_copies(plan, q, num_wait, wait);
      if (plan.out_of_order && !copies.parts.empty()) {
        if (wait) waits.assign(wait, wait + num_wait);
        for (cl_event e : copies.events()) waits.push_back(e);
        use_num = cl_uint(waits.size());
        use_wait = waits.data();
      }
    });
  }
  const cl_int err = timed(c, plan.command, event, [&](cl_event* ev) { return forward(use_num, use_wait, ev); });
  if (plan.copy) {
    read_back(*c, plan, copies, err);
    wake_worker();
  }
  return err;
}

// The queue properties asked for, with profiling enabled.
std::vector<cl_queue_properties> with_profiling(const cl_queue_properties* props, cl_command_queue_properties& asked) {
  std::vector<cl_queue_properties> out;
  bool found = false;
  for (const cl_queue_properties* p = props; p && p[0] != 0; p += 2) {
    cl_queue_properties value = p[1];
    if (p[0] == CL_QUEUE_PROPERTIES) {
      asked = cl_command_queue_properties(value);
      value |= CL_QUEUE_PROFILING_ENABLE;
      found = true;
    }
    out.push_back(p[0]);
    out.push_back(value);
  }
  if (!found) {
    out.push_back(CL_QUEUE_PROPERTIES);
    out.push_back(CL_QUEUE_PROFILING_ENABLE);
  }
  out.push_back(0);
  return out;
}

// The source text as the driver reads it: `count` strings, each of its
// length, or up to its NUL where the length is 0 or lengths is NULL.
std::string joined_source(cl_uint count, const char** strings, const std::size_t* lengths) {
  std::string text;
  for (cl_uint i = 0; strings && i < count; ++i) {
    if (!strings[i]) continue;
    text.append(strings[i], lengths && lengths[i] ? lengths[i] : std::strlen(strings[i]));
  }
  return text;
}

// clSetKernelArgMemPointerINTEL (cl_intel_unified_shared_memory), handed out
// by clGetExtensionFunctionAddress*: wrapped to mark the argument.
using SetArgMemPointer = cl_int(CL_API_CALL*)(cl_kernel, cl_uint, const void*);
std::atomic<SetArgMemPointer> g_set_arg_mem_pointer{nullptr};

cl_int CL_API_CALL set_arg_mem_pointer(cl_kernel k, cl_uint index, const void* ptr) {
  const SetArgMemPointer real = g_set_arg_mem_pointer.load();
  const cl_int err = real ? real(k, index, ptr) : CL_INVALID_OPERATION;
  if (Capture* c = active(); c && err == CL_SUCCESS) guarded(c, [&] { c->kernel_arg_pointer(k, index, ArgKind::usm); });
  return err;
}

void* wrap_extension(const char* name, void* address) {
  if (!address || !name || std::strcmp(name, "clSetKernelArgMemPointerINTEL") != 0 || !active()) return address;
  g_set_arg_mem_pointer.store(reinterpret_cast<SetArgMemPointer>(address));
  return reinterpret_cast<void*>(&set_arg_mem_pointer);
}

}  // namespace
}  // namespace roofline::intercept

using namespace roofline;
using namespace roofline::intercept;

extern "C" {

// Contexts ------------------------------------------------------------------

CL_API_ENTRY cl_context CL_API_CALL clCreateContext(const cl_context_properties* properties, cl_uint num_devices,
                                                    const cl_device_id* devices,
                                                    void(CL_CALLBACK* notify)(const char*, const void*, size_t, void*),
                                                    void* user_data, cl_int* errcode_ret) {
  const cl_context c = next().clCreateContext(properties, num_devices, devices, notify, user_data, errcode_ret);
  if (Capture* cap = active(); cap && c) guarded(cap, [&] {
      cap->context_created(c);
      on_context_created();
    });
  return c;
}

CL_API_ENTRY cl_context CL_API_CALL clCreateContextFromType(const cl_context_properties* properties,
                                                            cl_device_type device_type,
                                                            void(CL_CALLBACK* notify)(const char*, const void*, size_t,
                                                                                      void*),
                                                            void* user_data, cl_int* errcode_ret) {
  const cl_context c = next().clCreateContextFromType(properties, device_type, notify, user_data, errcode_ret);
  if (Capture* cap = active(); cap && c) guarded(cap, [&] {
      cap->context_created(c);
      on_context_created();
    });
  return c;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainContext(cl_context context) {
  const cl_int err = next().clRetainContext(context);
  if (Capture* cap = active(); cap && err == CL_SUCCESS) guarded(cap, [&] { cap->context_retained(context); });
  return err;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseContext(cl_context context) {
  Capture* cap = active();
  Capture::ContextRelease r;
  if (cap) guarded(cap, [&] {
      r = cap->context_released(context);
      if (r.gone) before_context_release(context, r.last);
    });
  const cl_int err = next().clReleaseContext(context);
  if (cap && r.last) after_last_context_release();
  return err;
}

// Queues: profiling enabled on every one ------------------------------------------

CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context context, cl_device_id device,
                                                               cl_command_queue_properties properties,
                                                               cl_int* errcode_ret) {
  Capture* cap = active();
  if (!cap) return next().clCreateCommandQueue(context, device, properties, errcode_ret);
  cl_command_queue q = next().clCreateCommandQueue(context, device, properties | CL_QUEUE_PROFILING_ENABLE, errcode_ret);
  // A device that refuses profiling gets the queue as asked, untimed.
  if (!q && !(properties & CL_QUEUE_PROFILING_ENABLE))
    q = next().clCreateCommandQueue(context, device, properties, errcode_ret);
  if (q) guarded(cap, [&] {
      learn_device(*cap, device);
      cap->queue_created(q, context, device, properties);
    });
  return q;
}

CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                                                             const cl_queue_properties* properties,
                                                                             cl_int* errcode_ret) {
  Capture* cap = active();
  if (!cap) return next().clCreateCommandQueueWithProperties(context, device, properties, errcode_ret);
  cl_command_queue_properties asked = 0;
  std::vector<cl_queue_properties> props;
  guarded(cap, [&] { props = with_profiling(properties, asked); });
  cl_command_queue q = nullptr;
  if (!props.empty()) q = next().clCreateCommandQueueWithProperties(context, device, props.data(), errcode_ret);
  if (!q) q = next().clCreateCommandQueueWithProperties(context, device, properties, errcode_ret);
  if (q) guarded(cap, [&] {
      learn_device(*cap, device);
      cap->queue_created(q, context, device, asked);
    });
  return q;
}

// The application sees the properties it asked for: profiling only if it did.
CL_API_ENTRY cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue queue, cl_command_queue_info name,
                                                      size_t size, void* value, size_t* size_ret) {
  const cl_int err = next().clGetCommandQueueInfo(queue, name, size, value, size_ret);
  Capture* cap = active();
  if (cap && err == CL_SUCCESS && name == CL_QUEUE_PROPERTIES && value && size >= sizeof(cl_command_queue_properties))
    guarded(cap, [&] {
      if (!cap->profiling_asked(queue)) *static_cast<cl_command_queue_properties*>(value) &= ~cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE);
    });
  return err;
}

CL_API_ENTRY cl_int CL_API_CALL clSetCommandQueueProperty(cl_command_queue queue, cl_command_queue_properties properties,
                                                          cl_bool enable, cl_command_queue_properties* old_properties) {
  Capture* cap = active();
  if (!cap || !(properties & CL_QUEUE_PROFILING_ENABLE))
    return next().clSetCommandQueueProperty(queue, properties, enable, old_properties);
  // Profiling stays on; the application's wish is remembered for what it reads back.
  const bool asked_before = cap->profiling_asked(queue);
  const cl_int err = next().clSetCommandQueueProperty(queue, properties & ~cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE),
                                                      enable, old_properties);
  if (err == CL_SUCCESS) guarded(cap, [&] {
      cap->queue_profiling_asked(queue, enable != CL_FALSE);
      if (old_properties && !asked_before) *old_properties &= ~cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE);
    });
  return err;
}

// Memory objects ------------------------------------------------------------------

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void* host_ptr,
                                               cl_int* errcode_ret) {
  return remember_buffer(active(), next().clCreateBuffer(context, flags, size, host_ptr, errcode_ret), flags, size);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context context, const cl_mem_properties* properties,
                                                             cl_mem_flags flags, size_t size, void* host_ptr,
                                                             cl_int* errcode_ret) {
  return remember_buffer(active(),
                         next().clCreateBufferWithProperties(context, properties, flags, size, host_ptr, errcode_ret),
                         flags, size);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags, cl_buffer_create_type type,
                                                  const void* info, cl_int* errcode_ret) {
  const cl_mem m = next().clCreateSubBuffer(buffer, flags, type, info, errcode_ret);
  Capture* cap = active();
  if (cap && m) guarded(cap, [&] {
      MemObject o = queried_mem(m, ArgKind::buffer);
      const auto parent = cap->mem_object(buffer);
      o.sub_buffer = true;
      o.parent_size = parent ? parent->size : 0;
      if (type == CL_BUFFER_CREATE_TYPE_REGION && info) o.origin = static_cast<const cl_buffer_region*>(info)->origin;
      cap->mem_created(m, o);
    });
  return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context context, cl_mem_flags flags, const cl_image_format* format,
                                              const cl_image_desc* desc, void* host_ptr, cl_int* errcode_ret) {
  return remember_queried(active(), next().clCreateImage(context, flags, format, desc, host_ptr, errcode_ret),
                          ArgKind::image);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(cl_context context, const cl_mem_properties* properties,
                                                            cl_mem_flags flags, const cl_image_format* format,
                                                            const cl_image_desc* desc, void* host_ptr,
                                                            cl_int* errcode_ret) {
  return remember_queried(
      active(), next().clCreateImageWithProperties(context, properties, flags, format, desc, host_ptr, errcode_ret),
      ArgKind::image);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context context, cl_mem_flags flags, const cl_image_format* format,
                                                size_t width, size_t height, size_t row_pitch, void* host_ptr,
                                                cl_int* errcode_ret) {
  return remember_queried(
      active(), next().clCreateImage2D(context, flags, format, width, height, row_pitch, host_ptr, errcode_ret),
      ArgKind::image);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context context, cl_mem_flags flags, const cl_image_format* format,
                                                size_t width, size_t height, size_t depth, size_t row_pitch,
                                                size_t slice_pitch, void* host_ptr, cl_int* errcode_ret) {
  return remember_queried(active(),
                          next().clCreateImage3D(context, flags, format, width, height, depth, row_pitch, slice_pitch,
                                                 host_ptr, errcode_ret),
                          ArgKind::image);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreatePipe(cl_context context, cl_mem_flags flags, cl_uint packet_size,
                                             cl_uint max_packets, const cl_pipe_properties* properties,
                                             cl_int* errcode_ret) {
  return remember_queried(
      active(), next().clCreatePipe(context, flags, packet_size, max_packets, properties, errcode_ret), ArgKind::pipe);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLBuffer(cl_context context, cl_mem_flags flags, cl_GLuint object,
                                                     cl_int* errcode_ret) {
  return remember_queried(active(), next().clCreateFromGLBuffer(context, flags, object, errcode_ret),
                          ArgKind::external);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture(cl_context context, cl_mem_flags flags, cl_GLenum target,
                                                      cl_GLint level, cl_GLuint texture, cl_int* errcode_ret) {
  return remember_queried(active(), next().clCreateFromGLTexture(context, flags, target, level, texture, errcode_ret),
                          ArgKind::external);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture2D(cl_context context, cl_mem_flags flags, cl_GLenum target,
                                                        cl_GLint level, cl_GLuint texture, cl_int* errcode_ret) {
  return remember_queried(active(), next().clCreateFromGLTexture2D(context, flags, target, level, texture, errcode_ret),
                          ArgKind::external);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLTexture3D(cl_context context, cl_mem_flags flags, cl_GLenum target,
                                                        cl_GLint level, cl_GLuint texture, cl_int* errcode_ret) {
  return remember_queried(active(), next().clCreateFromGLTexture3D(context, flags, target, level, texture, errcode_ret),
                          ArgKind::external);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateFromGLRenderbuffer(cl_context context, cl_mem_flags flags,
                                                           cl_GLuint renderbuffer, cl_int* errcode_ret) {
  return remember_queried(active(), next().clCreateFromGLRenderbuffer(context, flags, renderbuffer, errcode_ret),
                          ArgKind::external);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseMemObject(cl_mem m) {
  return release_and_forget(m, next().clGetMemObjectInfo, CL_MEM_REFERENCE_COUNT, next().clReleaseMemObject,
                            [&](Capture& c) { c.mem_released(m); });
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool normalized, cl_addressing_mode addressing,
                                                    cl_filter_mode filter, cl_int* errcode_ret) {
  const cl_sampler s = next().clCreateSampler(context, normalized, addressing, filter, errcode_ret);
  if (Capture* cap = active(); cap && s) guarded(cap, [&] { cap->sampler_created(s); });
  return s;
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(cl_context context,
                                                                  const cl_sampler_properties* properties,
                                                                  cl_int* errcode_ret) {
  const cl_sampler s = next().clCreateSamplerWithProperties(context, properties, errcode_ret);
  if (Capture* cap = active(); cap && s) guarded(cap, [&] { cap->sampler_created(s); });
  return s;
}

// Programs ------------------------------------------------------------------------

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context context, cl_uint count, const char** strings,
                                                              const size_t* lengths, cl_int* errcode_ret) {
  const cl_program p = next().clCreateProgramWithSource(context, count, strings, lengths, errcode_ret);
  if (Capture* cap = active(); cap && p)
    guarded(cap, [&] { cap->program_created(p, ProgramOrigin::source, joined_source(count, strings, lengths)); });
  return p;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(cl_context context, cl_uint num_devices,
                                                              const cl_device_id* devices, const size_t* lengths,
                                                              const unsigned char** binaries, cl_int* binary_status,
                                                              cl_int* errcode_ret) {
  const cl_program p =
      next().clCreateProgramWithBinary(context, num_devices, devices, lengths, binaries, binary_status, errcode_ret);
  if (Capture* cap = active(); cap && p) guarded(cap, [&] {
      std::string bytes;
      for (cl_uint i = 0; binaries && lengths && i < num_devices; ++i)
        if (binaries[i]) bytes.append(reinterpret_cast<const char*>(binaries[i]), lengths[i]);
      cap->program_created(p, ProgramOrigin::binary, bytes);
    });
  return p;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithIL(cl_context context, const void* il, size_t length,
                                                          cl_int* errcode_ret) {
  const cl_program p = next().clCreateProgramWithIL(context, il, length, errcode_ret);
  if (Capture* cap = active(); cap && p)
    guarded(cap, [&] { cap->program_created(p, ProgramOrigin::il, std::string(static_cast<const char*>(il), length)); });
  return p;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBuiltInKernels(cl_context context, cl_uint num_devices,
                                                                      const cl_device_id* devices,
                                                                      const char* kernel_names, cl_int* errcode_ret) {
  const cl_program p = next().clCreateProgramWithBuiltInKernels(context, num_devices, devices, kernel_names, errcode_ret);
  if (Capture* cap = active(); cap && p)
    guarded(cap, [&] { cap->program_created(p, ProgramOrigin::builtin, kernel_names ? kernel_names : ""); });
  return p;
}

CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program program, cl_uint num_devices, const cl_device_id* devices,
                                               const char* options, void(CL_CALLBACK* notify)(cl_program, void*),
                                               void* user_data) {
  const cl_int err = next().clBuildProgram(program, num_devices, devices, options, notify, user_data);
  if (Capture* cap = active()) guarded(cap, [&] { cap->program_built(program, BuildStep::build, options, err); });
  return err;
}

CL_API_ENTRY cl_int CL_API_CALL clCompileProgram(cl_program program, cl_uint num_devices, const cl_device_id* devices,
                                                 const char* options, cl_uint num_headers, const cl_program* headers,
                                                 const char** header_names,
                                                 void(CL_CALLBACK* notify)(cl_program, void*), void* user_data) {
  const cl_int err = next().clCompileProgram(program, num_devices, devices, options, num_headers, headers,
                                             header_names, notify, user_data);
  if (Capture* cap = active()) guarded(cap, [&] {
      cap->program_built(program, BuildStep::compile, options, err);
      std::vector<std::pair<std::string, cl_program>> named;
      for (cl_uint i = 0; headers && header_names && i < num_headers; ++i)
        named.emplace_back(header_names[i] ? header_names[i] : "", headers[i]);
      if (!named.empty()) cap->program_headers(program, named);
    });
  return err;
}

CL_API_ENTRY cl_program CL_API_CALL clLinkProgram(cl_context context, cl_uint num_devices, const cl_device_id* devices,
                                                  const char* options, cl_uint num_inputs, const cl_program* inputs,
                                                  void(CL_CALLBACK* notify)(cl_program, void*), void* user_data,
                                                  cl_int* errcode_ret) {
  cl_int err = CL_SUCCESS;
  const cl_program p =
      next().clLinkProgram(context, num_devices, devices, options, num_inputs, inputs, notify, user_data, &err);
  if (errcode_ret) *errcode_ret = err;
  if (Capture* cap = active(); cap && p) guarded(cap, [&] {
      cap->program_linked(p, std::vector<cl_program>(inputs, inputs + (inputs ? num_inputs : 0)), options, err);
    });
  return p;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseProgram(cl_program p) {
  return release_and_forget(p, next().clGetProgramInfo, CL_PROGRAM_REFERENCE_COUNT, next().clReleaseProgram,
                            [&](Capture& c) { c.program_released(p); });
}

// Kernels and their arguments -------------------------------------------------------

CL_API_ENTRY cl_kernel CL_API_CALL clCreateKernel(cl_program program, const char* name, cl_int* errcode_ret) {
  const cl_kernel k = next().clCreateKernel(program, name, errcode_ret);
  if (Capture* cap = active(); cap && k)
    guarded(cap, [&] { cap->kernel_created(k, program, name ? name : "", KernelCreation::create, num_args(k)); });
  return k;
}

CL_API_ENTRY cl_int CL_API_CALL clCreateKernelsInProgram(cl_program program, cl_uint num_kernels, cl_kernel* kernels,
                                                         cl_uint* num_kernels_ret) {
  cl_uint made = 0;
  const cl_int err = next().clCreateKernelsInProgram(program, num_kernels, kernels, &made);
  if (num_kernels_ret) *num_kernels_ret = made;
  if (Capture* cap = active(); cap && err == CL_SUCCESS && kernels) guarded(cap, [&] {
      for (cl_uint i = 0; i < made && i < num_kernels; ++i)
        learn_kernel(*cap, kernels[i], program, KernelCreation::create_in_program);
    });
  return err;
}

CL_API_ENTRY cl_kernel CL_API_CALL clCloneKernel(cl_kernel source, cl_int* errcode_ret) {
  const cl_kernel k = next().clCloneKernel(source, errcode_ret);
  if (Capture* cap = active(); cap && k) guarded(cap, [&] { cap->kernel_cloned(k, source); });
  return k;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(cl_kernel kernel, cl_uint index, size_t size, const void* value) {
  const cl_int err = next().clSetKernelArg(kernel, index, size, value);
  Capture* cap = active();
  if (!cap || err != CL_SUCCESS) return err;
  guarded(cap, [&] {
    // A NULL of pointer size is a __local size or a NULL buffer: the qualifier tells.
    std::optional<cl_kernel_arg_address_qualifier> qualifier;
    cl_mem as_mem = nullptr;
    if (value && size == sizeof(cl_mem)) std::memcpy(&as_mem, value, sizeof as_mem);
    if (size == sizeof(cl_mem) && (!value || !as_mem)) {
      cl_kernel_arg_address_qualifier q = 0;
      if (next().clGetKernelArgInfo &&
          next().clGetKernelArgInfo(kernel, index, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof q, &q, nullptr) == CL_SUCCESS)
        qualifier = q;
    }
    cap->kernel_arg(kernel, index, size, value, qualifier);
  });
  return err;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelArgSVMPointer(cl_kernel kernel, cl_uint index, const void* value) {
  const cl_int err = next().clSetKernelArgSVMPointer(kernel, index, value);
  if (Capture* cap = active(); cap && err == CL_SUCCESS)
    guarded(cap, [&] { cap->kernel_arg_pointer(kernel, index, ArgKind::svm); });
  return err;
}

CL_API_ENTRY cl_int CL_API_CALL clSetKernelExecInfo(cl_kernel kernel, cl_kernel_exec_info name, size_t size,
                                                    const void* value) {
  const cl_int err = next().clSetKernelExecInfo(kernel, name, size, value);
  if (Capture* cap = active(); cap && err == CL_SUCCESS) guarded(cap, [&] { cap->kernel_exec_info(kernel); });
  return err;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseKernel(cl_kernel k) {
  return release_and_forget(k, next().clGetKernelInfo, CL_KERNEL_REFERENCE_COUNT, next().clReleaseKernel,
                            [&](Capture& c) { c.kernel_released(k); });
}

// Launches ------------------------------------------------------------------------------

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue queue, cl_kernel kernel, cl_uint dims,
                                                       const size_t* offset, const size_t* global, const size_t* local,
                                                       cl_uint num_wait, const cl_event* wait, cl_event* event) {
  return launch(queue, kernel, ndrange(dims, offset, global, local), num_wait, wait, event,
                [&](cl_uint n, const cl_event* w, cl_event* e) {
                  return next().clEnqueueNDRangeKernel(queue, kernel, dims, offset, global, local, n, w, e);
                });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueTask(cl_command_queue queue, cl_kernel kernel, cl_uint num_wait,
                                              const cl_event* wait, cl_event* event) {
  const size_t one = 1;
  return launch(queue, kernel, ndrange(1, nullptr, &one, &one), num_wait, wait, event,
                [&](cl_uint n, const cl_event* w, cl_event* e) { return next().clEnqueueTask(queue, kernel, n, w, e); });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueNativeKernel(cl_command_queue queue, void(CL_CALLBACK* user_func)(void*),
                                                      void* args, size_t cb_args, cl_uint num_mem_objects,
                                                      const cl_mem* mem_list, const void** args_mem_loc,
                                                      cl_uint num_wait, const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::native_kernel, TransferPath::none, 0), event, [&](cl_event* e) {
    return next().clEnqueueNativeKernel(queue, user_func, args, cb_args, num_mem_objects, mem_list, args_mem_loc,
                                        num_wait, wait, e);
  });
}

// Transfers ------------------------------------------------------------------------------

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                                    size_t offset, size_t size, void* ptr, cl_uint num_wait,
                                                    const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::read, TransferPath::device_to_host, size), event,
               [&](cl_event* e) {
                 return next().clEnqueueReadBuffer(queue, buffer, blocking, offset, size, ptr, num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                                     size_t offset, size_t size, const void* ptr, cl_uint num_wait,
                                                     const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::write, TransferPath::host_to_device, size), event,
               [&](cl_event* e) {
                 return next().clEnqueueWriteBuffer(queue, buffer, blocking, offset, size, ptr, num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue queue, cl_mem src, cl_mem dst, size_t src_offset,
                                                    size_t dst_offset, size_t size, cl_uint num_wait,
                                                    const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::copy, TransferPath::device_to_device, size), event,
               [&](cl_event* e) {
                 return next().clEnqueueCopyBuffer(queue, src, dst, src_offset, dst_offset, size, num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue queue, cl_mem buffer, const void* pattern,
                                                    size_t pattern_size, size_t offset, size_t size, cl_uint num_wait,
                                                    const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::fill, TransferPath::device_to_device, size), event,
               [&](cl_event* e) {
                 return next().clEnqueueFillBuffer(queue, buffer, pattern, pattern_size, offset, size, num_wait, wait,
                                                   e);
               });
}

CL_API_ENTRY void* CL_API_CALL clEnqueueMapBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                                  cl_map_flags flags, size_t offset, size_t size, cl_uint num_wait,
                                                  const cl_event* wait, cl_event* event, cl_int* errcode_ret) {
  Capture* cap = active();
  void* mapped = nullptr;
  timed(cap, transfer(cap, queue, TransferKind::map, map_path(flags), size), event, [&](cl_event* e) {
    cl_int err = CL_SUCCESS;
    mapped = next().clEnqueueMapBuffer(queue, buffer, blocking, flags, offset, size, num_wait, wait, e, &err);
    if (errcode_ret) *errcode_ret = err;
    return err;
  });
  if (cap && mapped) guarded(cap, [&] { cap->mapped(mapped, size, map_writes(flags)); });
  return mapped;
}

CL_API_ENTRY void* CL_API_CALL clEnqueueMapImage(cl_command_queue queue, cl_mem image, cl_bool blocking,
                                                 cl_map_flags flags, const size_t* origin, const size_t* region,
                                                 size_t* row_pitch, size_t* slice_pitch, cl_uint num_wait,
                                                 const cl_event* wait, cl_event* event, cl_int* errcode_ret) {
  Capture* cap = active();
  const std::uint64_t bytes = image_bytes(cap, image, region);
  void* mapped = nullptr;
  timed(cap, transfer(cap, queue, TransferKind::map_image, map_path(flags), bytes), event, [&](cl_event* e) {
    cl_int err = CL_SUCCESS;
    mapped = next().clEnqueueMapImage(queue, image, blocking, flags, origin, region, row_pitch, slice_pitch, num_wait,
                                      wait, e, &err);
    if (errcode_ret) *errcode_ret = err;
    return err;
  });
  if (cap && mapped) guarded(cap, [&] { cap->mapped(mapped, bytes, map_writes(flags)); });
  return mapped;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue queue, cl_mem memobj, void* mapped_ptr,
                                                        cl_uint num_wait, const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  std::pair<std::uint64_t, bool> map{0, false};
  if (cap) guarded(cap, [&] { map = cap->unmapped(mapped_ptr); });
  const TransferPath path = map.second ? TransferPath::host_to_device : TransferPath::none;
  return timed(cap, transfer(cap, queue, TransferKind::unmap, path, map.first), event, [&](cl_event* e) {
    return next().clEnqueueUnmapMemObject(queue, memobj, mapped_ptr, num_wait, wait, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBufferRect(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                                        const size_t* buffer_origin, const size_t* host_origin,
                                                        const size_t* region, size_t buffer_row_pitch,
                                                        size_t buffer_slice_pitch, size_t host_row_pitch,
                                                        size_t host_slice_pitch, void* ptr, cl_uint num_wait,
                                                        const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::read_rect, TransferPath::device_to_host, region_bytes(region)),
               event, [&](cl_event* e) {
                 return next().clEnqueueReadBufferRect(queue, buffer, blocking, buffer_origin, host_origin, region,
                                                       buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
                                                       host_slice_pitch, ptr, num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBufferRect(cl_command_queue queue, cl_mem buffer, cl_bool blocking,
                                                         const size_t* buffer_origin, const size_t* host_origin,
                                                         const size_t* region, size_t buffer_row_pitch,
                                                         size_t buffer_slice_pitch, size_t host_row_pitch,
                                                         size_t host_slice_pitch, const void* ptr, cl_uint num_wait,
                                                         const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::write_rect, TransferPath::host_to_device, region_bytes(region)),
               event, [&](cl_event* e) {
                 return next().clEnqueueWriteBufferRect(queue, buffer, blocking, buffer_origin, host_origin, region,
                                                        buffer_row_pitch, buffer_slice_pitch, host_row_pitch,
                                                        host_slice_pitch, ptr, num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferRect(cl_command_queue queue, cl_mem src, cl_mem dst,
                                                        const size_t* src_origin, const size_t* dst_origin,
                                                        const size_t* region, size_t src_row_pitch,
                                                        size_t src_slice_pitch, size_t dst_row_pitch,
                                                        size_t dst_slice_pitch, cl_uint num_wait, const cl_event* wait,
                                                        cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::copy_rect, TransferPath::device_to_device, region_bytes(region)),
               event, [&](cl_event* e) {
                 return next().clEnqueueCopyBufferRect(queue, src, dst, src_origin, dst_origin, region, src_row_pitch,
                                                       src_slice_pitch, dst_row_pitch, dst_slice_pitch, num_wait, wait,
                                                       e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue queue, cl_mem image, cl_bool blocking,
                                                   const size_t* origin, const size_t* region, size_t row_pitch,
                                                   size_t slice_pitch, void* ptr, cl_uint num_wait,
                                                   const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  const std::uint64_t bytes = image_bytes(cap, image, region);
  return timed(cap, transfer(cap, queue, TransferKind::read_image, TransferPath::device_to_host, bytes), event,
               [&](cl_event* e) {
                 return next().clEnqueueReadImage(queue, image, blocking, origin, region, row_pitch, slice_pitch, ptr,
                                                  num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(cl_command_queue queue, cl_mem image, cl_bool blocking,
                                                    const size_t* origin, const size_t* region, size_t row_pitch,
                                                    size_t slice_pitch, const void* ptr, cl_uint num_wait,
                                                    const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  const std::uint64_t bytes = image_bytes(cap, image, region);
  return timed(cap, transfer(cap, queue, TransferKind::write_image, TransferPath::host_to_device, bytes), event,
               [&](cl_event* e) {
                 return next().clEnqueueWriteImage(queue, image, blocking, origin, region, row_pitch, slice_pitch, ptr,
                                                   num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue queue, cl_mem src, cl_mem dst,
                                                   const size_t* src_origin, const size_t* dst_origin,
                                                   const size_t* region, cl_uint num_wait, const cl_event* wait,
                                                   cl_event* event) {
  Capture* cap = active();
  const std::uint64_t bytes = image_bytes(cap, src, region);
  return timed(cap, transfer(cap, queue, TransferKind::copy_image, TransferPath::device_to_device, bytes), event,
               [&](cl_event* e) {
                 return next().clEnqueueCopyImage(queue, src, dst, src_origin, dst_origin, region, num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue queue, cl_mem image, const void* color,
                                                   const size_t* origin, const size_t* region, cl_uint num_wait,
                                                   const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  const std::uint64_t bytes = image_bytes(cap, image, region);
  return timed(cap, transfer(cap, queue, TransferKind::fill_image, TransferPath::device_to_device, bytes), event,
               [&](cl_event* e) {
                 return next().clEnqueueFillImage(queue, image, color, origin, region, num_wait, wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(cl_command_queue queue, cl_mem src, cl_mem dst,
                                                           const size_t* src_origin, const size_t* region,
                                                           size_t dst_offset, cl_uint num_wait, const cl_event* wait,
                                                           cl_event* event) {
  Capture* cap = active();
  const std::uint64_t bytes = image_bytes(cap, src, region);
  return timed(cap, transfer(cap, queue, TransferKind::image_to_buffer, TransferPath::device_to_device, bytes), event,
               [&](cl_event* e) {
                 return next().clEnqueueCopyImageToBuffer(queue, src, dst, src_origin, region, dst_offset, num_wait,
                                                          wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(cl_command_queue queue, cl_mem src, cl_mem dst,
                                                           size_t src_offset, const size_t* dst_origin,
                                                           const size_t* region, cl_uint num_wait,
                                                           const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  const std::uint64_t bytes = image_bytes(cap, dst, region);
  return timed(cap, transfer(cap, queue, TransferKind::buffer_to_image, TransferPath::device_to_device, bytes), event,
               [&](cl_event* e) {
                 return next().clEnqueueCopyBufferToImage(queue, src, dst, src_offset, dst_origin, region, num_wait,
                                                          wait, e);
               });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMigrateMemObjects(cl_command_queue queue, cl_uint num_mem_objects,
                                                           const cl_mem* mem_objects, cl_mem_migration_flags flags,
                                                           cl_uint num_wait, const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  std::uint64_t bytes = 0;
  if (cap) guarded(cap, [&] {
      for (cl_uint i = 0; mem_objects && i < num_mem_objects; ++i)
        bytes += info_value<std::size_t>(next().clGetMemObjectInfo, mem_objects[i], CL_MEM_SIZE).value_or(0);
    });
  const TransferPath path =
      (flags & CL_MIGRATE_MEM_OBJECT_HOST) ? TransferPath::device_to_host : TransferPath::host_to_device;
  return timed(cap, transfer(cap, queue, TransferKind::migrate, path, bytes), event, [&](cl_event* e) {
    return next().clEnqueueMigrateMemObjects(queue, num_mem_objects, mem_objects, flags, num_wait, wait, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemcpy(cl_command_queue queue, cl_bool blocking, void* dst,
                                                   const void* src, size_t size, cl_uint num_wait,
                                                   const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::svm_memcpy, TransferPath::none, size), event, [&](cl_event* e) {
    return next().clEnqueueSVMMemcpy(queue, blocking, dst, src, size, num_wait, wait, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMemFill(cl_command_queue queue, void* ptr, const void* pattern,
                                                    size_t pattern_size, size_t size, cl_uint num_wait,
                                                    const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  return timed(cap, transfer(cap, queue, TransferKind::svm_fill, TransferPath::none, size), event, [&](cl_event* e) {
    return next().clEnqueueSVMMemFill(queue, ptr, pattern, pattern_size, size, num_wait, wait, e);
  });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMap(cl_command_queue queue, cl_bool blocking, cl_map_flags flags, void* ptr,
                                                size_t size, cl_uint num_wait, const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  const cl_int err = timed(cap, transfer(cap, queue, TransferKind::svm_map, map_path(flags), size), event,
                           [&](cl_event* e) {
                             return next().clEnqueueSVMMap(queue, blocking, flags, ptr, size, num_wait, wait, e);
                           });
  if (cap && err == CL_SUCCESS) guarded(cap, [&] { cap->mapped(ptr, size, map_writes(flags)); });
  return err;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMUnmap(cl_command_queue queue, void* ptr, cl_uint num_wait,
                                                  const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  std::pair<std::uint64_t, bool> map{0, false};
  if (cap) guarded(cap, [&] { map = cap->unmapped(ptr); });
  const TransferPath path = map.second ? TransferPath::host_to_device : TransferPath::none;
  return timed(cap, transfer(cap, queue, TransferKind::svm_unmap, path, map.first), event,
               [&](cl_event* e) { return next().clEnqueueSVMUnmap(queue, ptr, num_wait, wait, e); });
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueSVMMigrateMem(cl_command_queue queue, cl_uint num_pointers,
                                                       const void** pointers, const size_t* sizes,
                                                       cl_mem_migration_flags flags, cl_uint num_wait,
                                                       const cl_event* wait, cl_event* event) {
  Capture* cap = active();
  std::uint64_t bytes = 0;
  for (cl_uint i = 0; sizes && i < num_pointers; ++i) bytes += sizes[i];
  const TransferPath path =
      (flags & CL_MIGRATE_MEM_OBJECT_HOST) ? TransferPath::device_to_host : TransferPath::host_to_device;
  return timed(cap, transfer(cap, queue, TransferKind::svm_migrate, path, bytes), event, [&](cl_event* e) {
    return next().clEnqueueSVMMigrateMem(queue, num_pointers, pointers, sizes, flags, num_wait, wait, e);
  });
}

// Extension entry points: the USM argument setter is wrapped ------------------------------

CL_API_ENTRY void* CL_API_CALL clGetExtensionFunctionAddress(const char* name) {
  return wrap_extension(name, next().clGetExtensionFunctionAddress(name));
}

CL_API_ENTRY void* CL_API_CALL clGetExtensionFunctionAddressForPlatform(cl_platform_id platform, const char* name) {
  return wrap_extension(name, next().clGetExtensionFunctionAddressForPlatform(platform, name));
}

}  // extern "C"
