#include "cacheaccount.h"

#include <algorithm>

namespace kvscope::gpu::detail {

CacheAccount::CacheAccount(const GptConfig& model, const DecodeOptions& options, CacheMode mode, Precision precision)
    : m_model(model)
    , m_mode(mode)
    , m_precision(precision)
    , m_batch(options.batch)
    , m_maxLength(options.promptLen + options.steps) {
    if (mode == CacheMode::Paged)
        m_pool.emplace(options.batch, m_maxLength, options.blockSize, options.shuffleBlocks, options.seed);
}

std::uint64_t CacheAccount::held() const {
    switch (m_mode) {
    case CacheMode::None:
        return 0;
    case CacheMode::Paged: // the blocks taken, whoever holds them: a block's bytes are those of blockSize positions
        return kvBytesByFormula(m_model, 1, std::uint64_t(m_pool->blockSize()) * m_pool->blocksTaken(), m_mode,
                                m_precision);
    case CacheMode::Dynamic:
        return kvBytesByFormula(m_model, m_batch, m_dynamicLength, m_mode, m_precision);
    default:
        return kvBytesByFormula(m_model, m_batch, m_maxLength, m_mode, m_precision);
    }
}

void CacheAccount::beginStep() {
    m_stepPeak = held();
    m_stepCopied = 0;
}

void CacheAccount::growthCopy(std::uint64_t buffersHeld, std::uint64_t freshBytes, std::uint64_t oldBytes) {
    m_stepPeak = std::max(m_stepPeak, buffersHeld + freshBytes);
    m_stepCopied += oldBytes;
}

std::uint64_t CacheAccount::peakInStep() const {
    return std::max(m_stepPeak, held());
}

} // namespace kvscope::gpu::detail
