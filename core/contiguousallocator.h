#pragma once

#include "allocatorkind.h"
#include "kvallocator.h"

#include <map>
#include <optional>
#include <unordered_map>
#include <vector>

namespace kvscope {

enum class Placement { FirstFit, Buddy };

// Regions in one address space of token slots, so external fragmentation is real holes.
class ContiguousAllocator : public KvAllocator {
public:
    // `policy`: one of the contiguous kinds (allocatorKinds(), contiguous); how much a sequence reserves.
    ContiguousAllocator(std::uint64_t poolSlots, AllocatorKind policy, Placement placement, std::uint32_t maxModelLen);

    std::string name() const override;
    std::uint64_t poolSlots() const override { return m_pool; }
    bool admit(const Request& request, std::uint32_t samples, std::uint32_t tokens, std::uint32_t finalLength) override;
    bool append(std::uint32_t request, std::uint32_t sample, std::uint32_t newLength) override;
    void release(std::uint32_t request) override;
    SlotUsage usage(const Request* next, std::uint32_t nextSamples) const override;
    void checkInvariants() const override;
    bool empty() const override { return m_regions.empty(); }
    bool canAdmit(const Request& request, std::uint32_t tokens, std::uint32_t finalLength) const override;
    std::uint64_t appendsBeforeChange() const override;
    void advanceAll(std::uint32_t tokens) override;

    // The slots a request of this shape would be given (before buddy rounding).
    std::uint64_t reservationFor(std::uint32_t promptLen, std::uint32_t finalLength) const;

    struct Region {
        std::uint32_t request = 0;
        std::uint32_t sample = 0;
        std::uint64_t offset = 0;      // first slot
        std::uint64_t size = 0;        // slots held (buddy: a power of two)
        std::uint32_t length = 0;      // tokens stored
        std::uint32_t finalLength = 0; // tokens at the end
    };
    std::vector<Region> regions() const;                                // by offset
    std::vector<std::pair<std::uint64_t, std::uint64_t>> holes() const; // (offset, size), by offset

private:
    std::optional<std::uint64_t> allocate(std::uint64_t slots); // returns the offset
    void deallocate(std::uint64_t offset, std::uint64_t size);
    std::uint64_t placedSize(std::uint64_t slots) const;

    std::uint64_t m_pool;
    AllocatorKind m_policy;
    Placement m_placement;
    std::uint32_t m_maxModelLen;
    // First fit: free holes by offset, merged with their neighbours on free.
    std::map<std::uint64_t, std::uint64_t> m_holes;
    // Buddy: free blocks per order (size 2^order), by offset.
    std::vector<std::map<std::uint64_t, bool>> m_buddyFree;
    std::map<std::uint64_t, Region> m_regions;                   // by offset
    std::unordered_map<std::uint64_t, std::uint64_t> m_offsetOf; // (request << 32 | sample) -> offset
};

} // namespace kvscope
