// The system calls a sandboxed program is refused (platform/sandbox.hpp), as a seccomp filter compiled
// with libseccomp and handed to bubblewrap (`--seccomp FD`), which loads it just before it runs the
// program. docs/sandbox.md lists the calls and why.
#pragma once

namespace reversi::sandbox {

// A new memory file holding the compiled filter (BPF), positioned at its start, close-on-exec; -1
// when libseccomp cannot build it (errno set). The filter refuses with EPERM: ptrace and the
// process_vm_* calls (reading or writing another process), kernel keyrings, bpf, perf_event_open,
// userfaultfd, io_uring, mounting, new namespaces (unshare, setns, clone with a CLONE_NEW* flag),
// module and kexec loading, open_by_handle_at; clone3 answers ENOSYS so that the C library falls
// back to clone, whose flags the filter can see. The rules hold for 32-bit and x32 calls too.
int seccompFilterFile();

}  // namespace reversi::sandbox
