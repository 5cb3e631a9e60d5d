#include "platform/seccomp_filter.hpp"

#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <initializer_list>

namespace reversi::sandbox {

namespace {

// Refused with EPERM whatever their arguments.
constexpr const char* kRefused[] = {
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",        // another process's memory
    "keyctl", "add_key", "request_key",                                             // kernel keyrings
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter",     // kernel attack surface
    "io_uring_register", "mount", "umount2", "pivot_root", "chroot", "move_mount",  // the file system's shape
    "open_tree", "fsopen", "fsmount", "fsconfig", "fspick", "unshare", "setns",     // and new namespaces
    "open_by_handle_at", "name_to_handle_at", "init_module", "finit_module", "delete_module",
    "kexec_load", "kexec_file_load", "reboot", "swapon", "swapoff", "syslog", "acct", "quotactl",
};

constexpr unsigned long kNewNamespaces[] = {CLONE_NEWNS,  CLONE_NEWUSER, CLONE_NEWPID,   CLONE_NEWNET,
                                           CLONE_NEWIPC, CLONE_NEWUTS,  CLONE_NEWCGROUP};

bool addRules(scmp_filter_ctx filter) {
    for (const char* name : kRefused) {
        const int call = seccomp_syscall_resolve_name(name);
        if (call == __NR_SCMP_ERROR) continue;  // unknown to this libseccomp: nothing to refuse
        if (seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), call, 0) != 0) return false;
    }
    const int clone3 = seccomp_syscall_resolve_name("clone3");
    if (clone3 != __NR_SCMP_ERROR && seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), clone3, 0) != 0) return false;
    // clone with any CLONE_NEW* flag (its first argument on x86): one rule per flag, as rules on one
    // call are alternatives.
    for (const unsigned long flag : kNewNamespaces)
        if (seccomp_rule_add(filter, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, flag, flag)) != 0)
            return false;
    return true;
}

}  // namespace

int seccompFilterFile() {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ALLOW);
    if (!filter) return errno = ENOMEM, -1;
    // The other ABIs of this machine (32-bit x86 and x32 on x86-64): a filter for the native one alone
    // would let `int 0x80` through.
    if (seccomp_arch_native() == SCMP_ARCH_X86_64)
        for (const std::uint32_t arch : {SCMP_ARCH_X86, SCMP_ARCH_X32}) seccomp_arch_add(filter, arch);
    int fd = -1;
    if (addRules(filter)) {
        fd = memfd_create("reversi-seccomp", MFD_CLOEXEC);
        if (fd >= 0 && (seccomp_export_bpf(filter, fd) != 0 || lseek(fd, 0, SEEK_SET) != 0)) close(fd), fd = -1;
    }
    seccomp_release(filter);
    return fd;
}

}  // namespace reversi::sandbox
