// Whole reads and writes, directory fsync and free space (durable_file.hpp).
#include "rules/durable_file.hpp"

#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace smallgo {

namespace {
// Bytes per read or write call (large, but under the 2 GB that one call moves at most).
constexpr u64 Chunk = u64{64} << 20;
}  // namespace

bool write_fully(int fd, const void* data, u64 bytes) {
    const char* p = static_cast<const char*>(data);
    while (bytes) {
        const ssize_t n = ::write(fd, p, std::min(bytes, Chunk));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        bytes -= static_cast<u64>(n);
    }
    return true;
}

bool read_fully(int fd, void* data, u64 bytes) {
    char* p = static_cast<char*>(data);
    while (bytes) {
        const ssize_t n = ::read(fd, p, std::min(bytes, Chunk));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        bytes -= static_cast<u64>(n);
    }
    return true;
}

bool sync_dir(const std::string& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
}

u64 free_disk_bytes(const std::string& dir) {
    struct statvfs s {};
    if (::statvfs(dir.c_str(), &s) != 0) return 0;
    return static_cast<u64>(s.f_bavail) * static_cast<u64>(s.f_frsize);
}

std::string system_error(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

}  // namespace smallgo
