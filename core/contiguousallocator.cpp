#include "contiguousallocator.h"

#include "error.h"

#include <algorithm>
#include <bit>

namespace kvscope {
namespace {
std::uint64_t key(std::uint32_t request, std::uint32_t sample) {
    return (std::uint64_t(request) << 32) | sample;
}
} // namespace

ContiguousAllocator::ContiguousAllocator(std::uint64_t poolSlots, AllocatorKind policy, Placement placement,
                                         std::uint32_t maxModelLen)
    : m_pool(poolSlots)
    , m_policy(policy)
    , m_placement(placement)
    , m_maxModelLen(maxModelLen) {
    if (poolSlots == 0)
        throw Error("the KV pool must hold at least one token slot");
    if (!allocatorInfo(policy).contiguous)
        throw Error("allocator '" + allocatorKindName(policy) + "' does not reserve contiguous regions; expected " +
                    allocatorKindNames(true));
    if (placement == Placement::FirstFit) {
        m_holes[0] = poolSlots;
    } else {
        // A pool that is not a power of two is cut into aligned power-of-two chunks.
        m_buddyFree.resize(std::size_t(std::bit_width(poolSlots)));
        std::uint64_t offset = 0;
        while (offset < poolSlots) {
            std::uint64_t size = std::bit_floor(poolSlots - offset);
            while (offset % size != 0)
                size /= 2;
            m_buddyFree[std::size_t(std::countr_zero(size))][offset] = true;
            offset += size;
        }
    }
}

std::string ContiguousAllocator::name() const {
    return allocatorKindName(m_policy) + (m_placement == Placement::Buddy ? " (buddy)" : "");
}

std::uint64_t ContiguousAllocator::reservationFor(std::uint32_t promptLen, std::uint32_t finalLength) const {
    switch (m_policy) {
    case AllocatorKind::Max:
        return m_maxModelLen;
    case AllocatorKind::Pow2:
        return std::min<std::uint64_t>(std::bit_ceil(std::uint64_t(std::max(finalLength, promptLen + 1u))),
                                       m_maxModelLen);
    case AllocatorKind::Oracle:
        return finalLength;
    case AllocatorKind::Paged: // refused by the constructor
        break;
    }
    return finalLength;
}

std::uint64_t ContiguousAllocator::placedSize(std::uint64_t slots) const {
    return m_placement == Placement::Buddy ? std::bit_ceil(slots) : slots;
}

std::optional<std::uint64_t> ContiguousAllocator::allocate(std::uint64_t slots) {
    if (m_placement == Placement::FirstFit) {
        for (auto it = m_holes.begin(); it != m_holes.end(); ++it) {
            if (it->second < slots)
                continue;
            const std::uint64_t offset = it->first;
            const std::uint64_t left = it->second - slots;
            m_holes.erase(it);
            if (left > 0)
                m_holes[offset + slots] = left;
            ++m_blockOps; // successful placements only: a failed attempt changes nothing
            return offset;
        }
        return std::nullopt;
    }
    const std::size_t want = std::size_t(std::countr_zero(placedSize(slots)));
    std::size_t order = want;
    while (order < m_buddyFree.size() && m_buddyFree[order].empty())
        ++order;
    if (order >= m_buddyFree.size())
        return std::nullopt;
    std::uint64_t offset = m_buddyFree[order].begin()->first;
    m_buddyFree[order].erase(m_buddyFree[order].begin());
    while (order > want) { // split, keeping the lower half
        --order;
        m_buddyFree[order][offset + (std::uint64_t(1) << order)] = true;
    }
    ++m_blockOps;
    return offset;
}

void ContiguousAllocator::deallocate(std::uint64_t offset, std::uint64_t size) {
    ++m_blockOps;
    if (m_placement == Placement::FirstFit) {
        auto next = m_holes.lower_bound(offset);
        if (next != m_holes.end() && next->first == offset + size) { // merge with the hole after
            size += next->second;
            next = m_holes.erase(next);
        }
        if (next != m_holes.begin()) { // and the one before
            auto prev = std::prev(next);
            if (prev->first + prev->second == offset) {
                prev->second += size;
                return;
            }
        }
        m_holes[offset] = size;
        return;
    }
    std::size_t order = std::size_t(std::countr_zero(size));
    while (order + 1 < m_buddyFree.size()) {
        const std::uint64_t buddy = offset ^ (std::uint64_t(1) << order);
        auto it = m_buddyFree[order].find(buddy);
        if (it == m_buddyFree[order].end())
            break;
        m_buddyFree[order].erase(it);
        offset = std::min(offset, buddy);
        ++order;
    }
    m_buddyFree[order][offset] = true;
}

bool ContiguousAllocator::admit(const Request& request, std::uint32_t samples, std::uint32_t tokens,
                                std::uint32_t finalLength) {
    const std::uint64_t reservation = reservationFor(request.promptLen, finalLength);
    const std::uint64_t size = placedSize(reservation);
    std::vector<std::uint64_t> placed;
    for (std::uint32_t s = 0; s < samples; ++s) {
        const auto offset = allocate(size);
        if (!offset) {
            for (std::size_t i = 0; i < placed.size(); ++i) { // all or nothing
                deallocate(placed[i], size);
                m_regions.erase(placed[i]);
                m_offsetOf.erase(key(request.id, std::uint32_t(i)));
            }
            return false;
        }
        placed.push_back(*offset);
        m_regions[*offset] = {request.id, s, *offset, size, tokens, finalLength};
        m_offsetOf[key(request.id, s)] = *offset;
    }
    for (std::uint32_t s = 0; s < samples; ++s)
        logEvent(EventKind::Allocate, request.id, s, placed[s], size);
    return true;
}

bool ContiguousAllocator::append(std::uint32_t request, std::uint32_t sample, std::uint32_t newLength) {
    auto it = m_offsetOf.find(key(request, sample));
    if (it == m_offsetOf.end())
        throw Error("contiguous allocator: append to unknown request " + std::to_string(request));
    Region& region = m_regions.at(it->second);
    if (newLength > region.size)
        return false; // the reservation is full: the request cannot grow here
    region.length = newLength;
    return true;
}

void ContiguousAllocator::release(std::uint32_t request) {
    for (std::uint32_t s = 0;; ++s) {
        auto it = m_offsetOf.find(key(request, s));
        if (it == m_offsetOf.end())
            break;
        const Region region = m_regions.at(it->second);
        m_regions.erase(it->second);
        m_offsetOf.erase(it);
        deallocate(region.offset, region.size);
        logEvent(EventKind::Free, request, s, region.offset, region.size);
    }
}

SlotUsage ContiguousAllocator::usage(const Request* next, std::uint32_t nextSamples) const {
    (void)nextSamples;
    SlotUsage u;
    for (const auto& [offset, r] : m_regions) {
        u.tokenStates += r.length;
        const std::uint64_t used = std::min<std::uint64_t>(r.finalLength, r.size);
        u.reserved += used - r.length;
        u.internal += r.size - used;
    }
    const std::uint64_t need =
        next ? placedSize(reservationFor(next->promptLen, next->promptLen + next->outputLen)) : 0;
    for (const auto& [offset, size] : holes()) {
        if (next && size < need)
            u.external += size;
        else
            u.free += size;
    }
    return u;
}

bool ContiguousAllocator::canAdmit(const Request& request, std::uint32_t, std::uint32_t finalLength) const {
    const std::uint64_t size = placedSize(reservationFor(request.promptLen, finalLength));
    for (const auto& [offset, hole] : holes())
        if (hole >= size) // first fit takes any hole this large; buddy any free block of this order or more
            return true;
    return false;
}

std::uint64_t ContiguousAllocator::appendsBeforeChange() const {
    std::uint64_t k = UINT64_MAX;
    for (const auto& [offset, r] : m_regions)
        k = std::min<std::uint64_t>(k, r.size - r.length);
    return k;
}

void ContiguousAllocator::advanceAll(std::uint32_t tokens) {
    for (auto& [offset, r] : m_regions)
        r.length += tokens;
}

std::vector<ContiguousAllocator::Region> ContiguousAllocator::regions() const {
    std::vector<Region> out;
    out.reserve(m_regions.size());
    for (const auto& [offset, r] : m_regions)
        out.push_back(r);
    return out;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> ContiguousAllocator::holes() const {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    if (m_placement == Placement::FirstFit) {
        out.assign(m_holes.begin(), m_holes.end());
        return out;
    }
    for (std::size_t order = 0; order < m_buddyFree.size(); ++order)
        for (const auto& [offset, unused] : m_buddyFree[order])
            out.emplace_back(offset, std::uint64_t(1) << order);
    std::sort(out.begin(), out.end());
    return out;
}

KVSCOPE_CHECKER void ContiguousAllocator::checkInvariants() const {
    // Regions and holes tile the pool exactly: no slot owned twice, none lost.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pieces = holes();
    for (const auto& [offset, r] : m_regions) {
        if (r.length > r.size || r.finalLength > r.size)
            throw Error(name() + ": a region of " + std::to_string(r.size) + " slots holds " +
                        std::to_string(r.length) + " tokens and will hold " + std::to_string(r.finalLength));
        pieces.emplace_back(offset, r.size);
    }
    std::sort(pieces.begin(), pieces.end());
    std::uint64_t at = 0;
    for (const auto& [offset, size] : pieces) {
        if (offset != at)
            throw Error(name() + ": slot " + std::to_string(std::min(offset, at)) +
                        (offset < at ? " is owned twice" : " is neither free nor allocated"));
        at = offset + size;
    }
    if (at != m_pool)
        throw Error(name() + ": the pool has " + std::to_string(m_pool) + " slots, the pieces cover " +
                    std::to_string(at));
    if (m_offsetOf.size() != m_regions.size())
        throw Error(name() + ": the request index and the regions disagree");
}

} // namespace kvscope
