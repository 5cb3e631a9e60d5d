// Saving files so that an interrupt, a crash or a full disk never leaves half a file behind, and so
// that saving never destroys what the path stands for: a symlink, a device, a pipe.
#pragma once

#include <sys/types.h>

#include <string>

namespace reversi {

// Writes `text` to `path`. A regular file (or a new one) is written to a temporary file created
// exclusively (O_EXCL, an unpredictable name) in the final file's directory, with the old file's
// permission bits (and owner, when allowed), synced to disk and renamed over it, so that a crash or an
// interrupt never leaves half a file. A symlink is followed to its final target, which is replaced (the
// link stays a link). A path that is not a regular file (a device, a FIFO, /dev/stdout, /dev/fd/N,
// anything under /dev or /proc) is written directly, never replaced. A directory is an error.
// Throws std::runtime_error ("cannot write PATH: REASON") on failure; the old file is then intact and
// no temporary file is left. A new file gets `newFileMode` less the umask (0666 less the umask unless
// told: private reports pass 0600).
void writeFileAtomically(const std::string& path, const std::string& text, mode_t newFileMode = 0666);

}  // namespace reversi
