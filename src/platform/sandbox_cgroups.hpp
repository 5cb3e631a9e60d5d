// The sandbox's cgroups (platform/sandbox.hpp): the cgroup file systems mounted here, this process's
// own cgroup, and a fresh cgroup below it for one program, made after removing those that sandboxes
// of processes no longer running left behind. Also the small reads and writes of cgroup files.
#pragma once

#include <string>
#include <vector>

namespace reversi::sandbox {

std::string readSmallFile(const std::string& path);
bool writeSmallFile(const std::string& path, const std::string& text);

struct Mount {
    std::string point;
    std::string type;     // cgroup or cgroup2
    std::string options;  // super options (v1: the controllers)
};

std::vector<Mount> cgroupMounts();

// This process's cgroup path for a v1 controller, or for v2 (controller "").
std::string ownCgroup(const std::string& controller);

// A new cgroup "reversi-PID-N" below `own` in `mount` (its path), or "" when it cannot be made.
std::string makeCgroup(const Mount& mount, const std::string& own);

}  // namespace reversi::sandbox
