#include "blockpool.h"

#include "error.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <string>

namespace kvscope::gpu::detail {

BlockPool::BlockPool(std::uint32_t sequences, std::uint32_t maxPositions, std::uint32_t blockSize, bool shuffle,
                     std::uint64_t seed)
    : m_sequences(sequences)
    , m_blockSize(blockSize)
    , m_blocksPerSequence(blockSize == 0 ? 0 : std::uint32_t((std::uint64_t(maxPositions) + blockSize - 1) / blockSize))
    , m_taken(sequences, 0) {
    if (blockSize == 0)
        throw Error("--block-size must be at least 1");
    m_free.resize(blocks());
    std::iota(m_free.begin(), m_free.end(), 0u);
    if (shuffle)
        std::shuffle(m_free.begin(), m_free.end(), std::mt19937_64(seed * 7919 + 1));
    m_table.assign(std::size_t(m_sequences) * m_blocksPerSequence, 0);
}

bool BlockPool::reserve(std::uint32_t positions) {
    const std::uint64_t needed = (std::uint64_t(positions) + m_blockSize - 1) / m_blockSize;
    if (needed > m_blocksPerSequence)
        throw Error("the paged pool holds " + std::to_string(std::uint64_t(m_blocksPerSequence) * m_blockSize) +
                    " positions per sequence, " + std::to_string(positions) + " were asked for");
    bool changed = false;
    for (std::size_t s = 0; s < m_sequences; ++s)
        for (; m_taken[s] < needed; ++m_taken[s]) {
            m_table[s * m_blocksPerSequence + m_taken[s]] = std::int32_t(m_free.back());
            m_free.pop_back();
            changed = true;
        }
    return changed;
}

} // namespace kvscope::gpu::detail
