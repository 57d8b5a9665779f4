#pragma once
// What a decode cache holds, the same account on every backend: its bytes by core's formula,
// the most it held during a step and what it copied to grow, and the paged cache's block pool.
// The backends own the buffers; this is the host-side bookkeeping. Plain C++17: the .cu files
// include it.

#include "blockpool.h"
#include "decode.h"

#include <cstdint>
#include <optional>

namespace kvscope::gpu::detail {

class CacheAccount {
public:
    // The cache of `mode` for options.batch sequences of up to promptLen + steps positions, K and
    // V stored as cacheDType(mode, precision, model).
    CacheAccount(const GptConfig& model, const DecodeOptions& options, CacheMode mode, Precision precision);

    CacheMode mode() const { return m_mode; }
    std::uint32_t maxLength() const { return m_maxLength; } // positions per sequence reserved up front
    BlockPool& pool() { return *m_pool; }                   // paged only
    const BlockPool& pool() const { return *m_pool; }

    // Bytes of K and V held now, scales included: reserved up front (contiguous, int8, fp8), the
    // blocks taken (paged), the positions a dynamic cache has grown to, nothing (none).
    std::uint64_t held() const;
    // The dynamic cache now holds `positions` positions of every sequence.
    void grownTo(std::uint32_t positions) { m_dynamicLength = positions; }

    // A step starts: its peak is what is held, nothing copied yet.
    void beginStep();
    // A growth copy: every layer's buffers held `buffersHeld` bytes when it began, and `oldBytes`
    // were copied into a new buffer of `freshBytes`, the old and the new held together for a moment.
    void growthCopy(std::uint64_t buffersHeld, std::uint64_t freshBytes, std::uint64_t oldBytes);
    // The most the cache held during the last step (dynamic: the old and the new buffer while it
    // copied), and the bytes that step copied to grow.
    std::uint64_t peakInStep() const;
    std::uint64_t copiedInStep() const { return m_stepCopied; }

private:
    const GptConfig m_model;
    CacheMode m_mode;
    Precision m_precision;
    std::uint32_t m_batch, m_maxLength;
    std::uint32_t m_dynamicLength = 0;
    std::optional<BlockPool> m_pool;
    std::uint64_t m_stepPeak = 0, m_stepCopied = 0;
};

} // namespace kvscope::gpu::detail
