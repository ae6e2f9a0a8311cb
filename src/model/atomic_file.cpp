#include "model/atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/file_errors.hpp"

namespace roofline {
namespace fs = std::filesystem;

static std::string parent_of(const std::string& path) {
  fs::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : std::string(".");
}

void check_writable(const std::string& path) {
  const std::string dir = parent_of(path);
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw OutputFileError("cannot write " + path + ": folder " + dir + " does not exist");
  if (fs::is_directory(path, ec)) throw OutputFileError("cannot write " + path + ": it is a folder");
  if (::access(dir.c_str(), W_OK) != 0)
    throw OutputFileError("cannot write " + path + ": " + std::strerror(errno));
}

void write_file_atomically(const std::string& path, const std::string& content) {
  check_writable(path);
  std::string tmp = path + ".tmp-XXXXXX";
  int fd = ::mkstemp(tmp.data());
  if (fd < 0) throw OutputFileError("cannot write " + path + ": " + std::strerror(errno));
  auto fail = [&](const char* step) {
    int e = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    throw OutputFileError("cannot write " + path + " (" + step + "): " + std::strerror(e));
  };
  const char* p = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("write");
    }
    p += n;
    left -= std::size_t(n);
  }
  if (::fchmod(fd, 0644) != 0) fail("chmod");
  if (::fsync(fd) != 0) fail("fsync");
  if (::close(fd) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    throw OutputFileError("cannot write " + path + " (close): " + std::strerror(e));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    throw OutputFileError("cannot write " + path + " (rename): " + std::strerror(e));
  }
}

}  // namespace roofline
