// Files that survive a crash: whole reads and writes of large blocks, the directory's fsync that
// makes a rename durable, and the free space of a file system. The counter's and the solver's
// checkpoints (count/checkpoint.hpp, solver/checkpoint.hpp) are written with these: to a
// temporary file, fsync'ed, renamed over the old one, then the directory fsync'ed, so that a kill
// at any moment leaves either the old file or the new one whole.
#pragma once

#include <string>

#include "rules/types.hpp"

namespace smallgo {

// Writes all `bytes` to fd, retrying after signals; false on any error (errno says which).
bool write_fully(int fd, const void* data, u64 bytes);
// Reads exactly `bytes` from fd; false on an error or at the end of the file.
bool read_fully(int fd, void* data, u64 bytes);
// Makes the renames in `dir` durable.
bool sync_dir(const std::string& dir);
// Bytes free on the file system of `dir` (0 when it cannot be asked).
u64 free_disk_bytes(const std::string& dir);
// The text of errno after `what`, as "what: No space left on device".
std::string system_error(const std::string& what);

}  // namespace smallgo
