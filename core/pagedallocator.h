#pragma once

#include "kvallocator.h"

#include <vector>

namespace kvscope {

// PagedAttention's block manager: fixed blocks of blockSize token slots from one free
// pool, a block table per sequence (logical block i -> physical block), a block appended
// only when the last one is full, reference counts so the samples of one request share
// their prompt blocks, and copy-on-write of a shared, partly filled block. O(1) per block.
class PagedAllocator : public KvAllocator {
public:
    PagedAllocator(std::uint64_t poolSlots, std::uint32_t blockSize);

    std::string name() const override { return "paged"; }
    std::uint64_t poolSlots() const override { return m_pool; }
    bool admit(const Request& request, std::uint32_t samples, std::uint32_t tokens, std::uint32_t finalLength) override;
    bool append(std::uint32_t request, std::uint32_t sample, std::uint32_t newLength) override;
    void release(std::uint32_t request) override;
    SlotUsage usage(const Request* next, std::uint32_t nextSamples) const override;
    void checkInvariants() const override;
    bool empty() const override { return m_active.empty(); }
    std::uint64_t usedSlots() const override { return std::uint64_t(m_refCount.size() - m_free.size()) * m_blockSize; }
    bool canAdmit(const Request& request, std::uint32_t tokens, std::uint32_t finalLength) const override;
    std::uint64_t appendsBeforeChange() const override;
    void advanceAll(std::uint32_t tokens) override;
    std::uint64_t sharedBlocksSaved() const override;

    std::uint32_t blockSize() const { return m_blockSize; }

    // A stretch of `steps` decode steps where every sequence (one sample each) stores one
    // token per step and none finishes: blocks it needs, and its sums over the stretch
    // (step by step, after each step's tokens) of reserved, internal and free slots.
    struct StretchSums {
        std::uint64_t reserved = 0, internal = 0, free = 0;
    };
    std::uint64_t blocksForStretch(std::uint64_t steps) const;
    // The longest stretch, at most `limit` steps, whose blocks the free pool can supply.
    std::uint64_t stepsBeforeDry(std::uint64_t limit) const;
    StretchSums advanceStretch(std::uint32_t steps); // needs blocksForStretch(steps) <= freeBlocks()
    std::uint32_t blockCount() const { return std::uint32_t(m_refCount.size()); }
    std::uint32_t freeBlocks() const { return std::uint32_t(m_free.size()); }
    std::uint32_t refCount(std::uint32_t block) const { return m_refCount[block]; }
    // Blocks a request of this shape needs at admission (shared prompt blocks counted once).
    std::uint32_t blocksToAdmit(const Request& request, std::uint32_t samples, std::uint32_t tokens) const;

    struct Sequence {
        std::uint32_t request = 0;
        std::uint32_t sample = 0;
        std::uint32_t length = 0;
        std::uint32_t finalLength = 0;
        std::vector<std::uint32_t> blockTable; // logical -> physical
    };
    std::vector<Sequence> sequences() const; // by request, then sample

private:
    struct RequestState {
        std::vector<Sequence> samples; // empty = not admitted
        std::uint32_t activeIndex = 0; // position in m_active
    };
    RequestState* find(std::uint32_t request);
    // The empty slots in a request's partly filled blocks, split into reserved and internal.
    struct Waste {
        std::uint64_t reserved = 0, internal = 0;
    };
    Waste requestWaste(const RequestState& state) const;
    static Waste sequenceWaste(std::uint64_t capacity, std::uint32_t length, std::uint32_t finalLength);

    std::uint32_t takeBlock();
    void dropBlock(std::uint32_t block);

    std::uint64_t m_pool;
    std::uint32_t m_blockSize;
    std::vector<std::uint32_t> m_free;     // stack of free physical blocks
    std::vector<std::uint32_t> m_refCount; // per physical block; 0 = free
    // Indexed by request id (dense in a simulation): a hash lookup per stored token cost a third of a run.
    std::vector<RequestState> m_requests;
    std::vector<std::uint32_t> m_active; // admitted request ids, in no particular order
    std::uint64_t m_sharedSaved = 0;
    Waste m_waste; // over every admitted request, kept up to date so that usage() is O(1) // sum of (refCount - 1) over
                   // shared blocks, kept as blocks change
};

} // namespace kvscope
