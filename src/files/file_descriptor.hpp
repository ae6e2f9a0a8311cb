// files/file_descriptor: a POSIX file descriptor that is closed however the
// scope that owns it ends (a bounded input read, the worker's pipe).
#pragma once
#include <unistd.h>

namespace roofline {

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() { close(); }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  // Hands the descriptor over: the destructor then leaves it open.
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }
  // Closes it now; the destructor then does nothing.
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

}  // namespace roofline
