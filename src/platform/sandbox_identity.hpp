// A user id of its own for every sandboxed program running at once on the machine (platform/sandbox.hpp),
// when the referee is root: taken from a reserved range (61000-61999 unless REVERSI_SANDBOX_UIDS=FIRST-LAST
// says otherwise) by holding an flock on one file per id under a root-only directory, so that processes
// that know nothing of each other (match workers, parallel graders) never share one. The lock goes with
// the holder: a crashed referee frees its ids.
#pragma once

#include <sys/types.h>

namespace reversi::sandbox {

constexpr uid_t kFirstSandboxUid = 61000;
constexpr uid_t kLastSandboxUid = 61999;

class UidLease {
public:
    UidLease() = default;
    ~UidLease() { release(); }
    UidLease(const UidLease&) = delete;
    UidLease& operator=(const UidLease&) = delete;

    // Takes a free id of the range; throws std::runtime_error when none is free or the lock directory
    // cannot be made. Root only.
    void acquire();
    void release();
    bool held() const { return fd_ >= 0; }
    uid_t uid() const { return uid_; }  // also the group id

private:
    int fd_ = -1;  // the locked file (close-on-exec; the supervisor closes its copy)
    uid_t uid_ = 0;
};

}  // namespace reversi::sandbox
