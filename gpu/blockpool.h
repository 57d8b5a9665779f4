#pragma once
// The paged cache's host-side bookkeeping (PagedAttention, docs/domain.md section 6), the same on
// every backend; only where the blocks' K and V live is the backend's. Plain C++17: the .cu
// files include it.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kvscope::gpu::detail {

// A pool of sequences x blocksPerSequence physical blocks of blockSize positions each, a free
// list, and per sequence a block table from logical block to physical block. Blocks are taken
// from the end of the free list; with `shuffle` the list is first scattered (std::shuffle with
// mt19937_64(seed x 7919 + 1)), as a long-running server's pool is, so that a sequence's
// neighbouring logical blocks lie far apart in memory.
class BlockPool {
public:
    // Room for `maxPositions` positions of every sequence: ceil(maxPositions / blockSize) blocks each.
    BlockPool(std::uint32_t sequences, std::uint32_t maxPositions, std::uint32_t blockSize, bool shuffle,
              std::uint64_t seed);

    // Gives every sequence, first to last, the blocks it still needs to hold `positions` positions.
    // True when a table changed. Throws kvscope::Error past maxPositions (the pool would run dry).
    bool reserve(std::uint32_t positions);

    // The physical block holding `position` of `sequence` (reserved before).
    std::uint32_t blockOf(std::size_t sequence, std::uint32_t position) const {
        return std::uint32_t(m_table[sequence * m_blocksPerSequence + position / m_blockSize]);
    }
    // Every sequence's table, one after the other, blocksPerSequence() entries each (0 past the
    // blocks taken): what the CUDA kernels read, as int.
    const std::vector<std::int32_t>& table() const { return m_table; }
    std::uint32_t blockSize() const { return m_blockSize; }
    std::uint32_t blocksPerSequence() const { return m_blocksPerSequence; }
    std::uint32_t blocks() const { return m_sequences * m_blocksPerSequence; } // in the pool
    std::uint32_t blocksTaken() const { return blocks() - std::uint32_t(m_free.size()); }

private:
    std::uint32_t m_sequences, m_blockSize, m_blocksPerSequence;
    std::vector<std::uint32_t> m_free;  // physical blocks not taken; the next one taken is the last
    std::vector<std::int32_t> m_table;  // [sequence][blocksPerSequence] physical block numbers
    std::vector<std::uint32_t> m_taken; // [sequence] blocks its table holds
};

} // namespace kvscope::gpu::detail
