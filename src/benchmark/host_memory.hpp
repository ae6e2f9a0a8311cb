// benchmark/host_memory: host memory for the buffers of a CPU device's DRAM
// test, in 2 MiB transparent huge pages where the kernel grants them, owned
// for the buffers' life (they are created with CL_MEM_USE_HOST_PTR).
// Why: PoCL allocates a buffer in 4 KiB pages, so a read of 256 MiB walks
// 65,536 page-table entries; on the 2-core development VM the same kernel
// reads 7-16% faster from huge pages (roofs/raw/pthread-skylake-avx512-amd-epyc/dram-thp).
#pragma once
#include <cstddef>

namespace roofline {

class HugePageMemory {
 public:
  // Throws std::bad_alloc when the memory cannot be had; huge pages are
  // asked for (madvise), not required.
  explicit HugePageMemory(std::size_t bytes);
  ~HugePageMemory();
  HugePageMemory(const HugePageMemory&) = delete;
  HugePageMemory& operator=(const HugePageMemory&) = delete;

  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
};

}  // namespace roofline
