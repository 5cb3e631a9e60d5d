#!/usr/bin/env bash
# Gradescope's setup script (docs/grading.md#gradescope): run once, as root, when Gradescope builds the
# autograder's image, with this zip unpacked in /autograder/source. Installs the Debian/Ubuntu packages
# the build needs (the project's own scripts/install-deps.sh), builds `reversi` and the course's graded
# library, and installs them as /usr/local/bin/reversi and /usr/local/lib/reversi/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source_dir="$here/reversi"
prefix="${REVERSI_PREFIX:-/usr/local}"
bash "$source_dir/scripts/install-deps.sh"
cmake -S "$source_dir" -B "$source_dir/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
cmake --build "$source_dir/build" -j"$(nproc)" --target reversi reversi_course_static
cmake --install "$source_dir/build" --prefix "$prefix"
"$prefix/bin/reversi" --version
