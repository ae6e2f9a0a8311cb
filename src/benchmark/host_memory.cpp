#include "benchmark/host_memory.hpp"

#include <cstdlib>
#include <new>

#include <sys/mman.h>

namespace roofline {

namespace {
constexpr std::size_t kHugePage = std::size_t(2) << 20;
}

HugePageMemory::HugePageMemory(std::size_t bytes) {
  const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  data_ = std::aligned_alloc(kHugePage, rounded);
  if (!data_) throw std::bad_alloc();
  // Before the first touch, so that the pages are huge from the start.
  ::madvise(data_, rounded, MADV_HUGEPAGE);
}

HugePageMemory::~HugePageMemory() { std::free(data_); }

}  // namespace roofline
