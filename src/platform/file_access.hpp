// What another user may do with a file, read from its permission bits (the sandbox runs programs as
// another user when it is root: platform/sandbox.hpp).
#pragma once

#include <sys/types.h>

#include <string>

namespace reversi::sandbox {

// Whether a user (with its one group) may search every directory down to `path` and `path` itself.
bool reachableBy(const std::string& path, uid_t uid, gid_t gid);

// Whether a user may read and run `path`: search permission on every directory above it, read and
// execute permission on the file (a script needs both).
bool runnableBy(const std::string& path, uid_t uid, gid_t gid);

}  // namespace reversi::sandbox
