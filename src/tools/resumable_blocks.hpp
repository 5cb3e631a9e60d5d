// Long generation runs (corpora, self-play games) as numbered blocks of work, each written whole to its
// own file as it finishes: a run that stops loses only the blocks in progress, and a rerun makes only
// the blocks whose files are missing. The blocks' contents depend on their numbers alone (each derives
// its seeds from it), so the files are the same whatever the threads and the resumes.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace reversi {

// Makes one block's file contents from its number, with state of its own (an engine, say).
using BlockMaker = std::function<std::string(int block)>;

// Makes blocks 0..blocks-1 whose files (pathOf(block)) do not exist yet, on `jobs` threads, each with
// a maker from newMaker(); writes each file atomically. progress(done, blocks) once at the start and as
// blocks finish (one call at a time). The first failure stops the run (the blocks already written stay)
// and is rethrown.
void makeMissingBlocks(int blocks, int jobs, const std::function<std::string(int)>& pathOf,
                       const std::function<BlockMaker()>& newMaker, const std::function<void(int, int)>& progress);

// DIR/PREFIX NUMBER SUFFIX, the number (not negative) with at least `digits` digits:
// numberedFile(dir, "block-", 5, 7, ".pos") is DIR/block-00007.pos.
std::string numberedFile(const std::string& dir, const std::string& prefix, int digits, int number,
                         const std::string& suffix);

// The files of `dir` whose names end in `extension` (".lab"), sorted; none when dir is not a directory.
std::vector<std::string> filesEndingIn(const std::string& dir, const std::string& extension);

}  // namespace reversi
