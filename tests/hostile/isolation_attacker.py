# A hostile submission for tests/hostile/test_isolation.cpp: run in a sandbox while another program (the
# victim) runs in another, it tries every way the issue found to reach it, and prints key=value lines:
# "ok" where the attempt worked, "refused: ..." where it failed.
#   python3 isolation_attacker.py TAG VICTIM_HOST_PID VICTIM_DIR PORT
import ctypes, os, socket, sys

tag, victim_pid, victim_dir, port = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])

def attempt(name, action):
    try:
        action()
        print(name + "=ok", flush=True)
    except Exception as e:
        print(name + "=refused: " + str(e).replace("\n", " "), flush=True)

def find_victim():  # the victim's command line carries the victim tag; /proc shows every process
    for p in os.listdir("/proc"):
        if p.isdigit() and p != str(os.getpid()):
            try:
                if (tag + "-victim").encode() in open("/proc/%s/cmdline" % p, "rb").read():
                    return
            except OSError:
                pass
    raise OSError("the victim is not in /proc")

def open_mem():
    with open("/proc/%d/mem" % victim_pid, "r+b", buffering=0):
        pass

def read_secret():
    open(os.path.join(victim_dir, "secret.txt")).read()

def write_into():
    open(os.path.join(victim_dir, "planted-" + tag), "w").write("x")

def leave_files():  # works inside; the test checks that nothing is left outside afterwards
    open("/tmp/left-" + tag, "w").write("x")
    open("/dev/shm/left-" + tag, "w").write("x")

libc = ctypes.CDLL(None, use_errno=True)

def child():
    pid = os.fork()
    if pid == 0:
        import time
        time.sleep(5)
        os._exit(0)
    return pid

def ptrace_child():  # PTRACE_ATTACH on its own child: same user, so only seccomp stands in the way
    pid = child()
    try:
        if libc.ptrace(16, pid, None, None) != 0:
            raise OSError(os.strerror(ctypes.get_errno()))
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)

class IoVec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]

def vm_read_child():
    pid = child()
    try:
        buf = ctypes.create_string_buffer(8)
        local, remote = IoVec(ctypes.addressof(buf), 8), IoVec(id(buf), 8)
        if libc.process_vm_readv(pid, ctypes.byref(local), 1, ctypes.byref(remote), 1, 0) < 0:
            raise OSError(os.strerror(ctypes.get_errno()))
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)

def connect():
    socket.create_connection(("127.0.0.1", port), timeout=2).close()

attempt("find", find_victim)
attempt("mem", open_mem)
attempt("read", read_secret)
attempt("write", write_into)
attempt("leave", leave_files)
attempt("ptrace", ptrace_child)
attempt("vmread", vm_read_child)
attempt("connect", connect)
print("uid=%d" % os.getuid(), flush=True)
