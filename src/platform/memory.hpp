// How much memory this process may still take, so that a command can refuse a request that cannot fit
// (solve's transposition tables, a fit's feature arrays) with a clear message instead of dying of
// std::bad_alloc or of the kernel's out-of-memory killer.
#pragma once

#include <cstdint>
#include <string>

namespace reversi {

// Bytes this process can still allocate: the smallest of the machine's available memory
// (MemAvailable in /proc/meminfo) and what RLIMIT_AS and RLIMIT_DATA leave beyond the process's current
// size (VmSize, VmData in /proc/self/status). UINT64_MAX when nothing is known.
std::uint64_t allocatableBytes();

// "1.5 GiB", "24 MiB", "512 KiB": a size for messages.
std::string formatMemory(std::uint64_t bytes);

}  // namespace reversi
