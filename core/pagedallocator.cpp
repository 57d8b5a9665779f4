#include "pagedallocator.h"

#include "checked.h"
#include "error.h"

#include <algorithm>

namespace kvscope {

PagedAllocator::PagedAllocator(std::uint64_t poolSlots, std::uint32_t blockSize)
    : m_pool(poolSlots)
    , m_blockSize(blockSize) {
    if (blockSize == 0 || blockSize > 256)
        throw Error("--block-size must be between 1 and 256 tokens, got " + std::to_string(blockSize));
    const std::uint64_t blocks = poolSlots / blockSize;
    if (blocks == 0)
        throw Error("the KV pool of " + std::to_string(poolSlots) + " slots holds no block of " +
                    std::to_string(blockSize) + " tokens");
    if (blocks > 0xFFFFFFFFull)
        throw Error("the KV pool has too many blocks (" + std::to_string(blocks) + ")");
    m_refCount.assign(std::size_t(blocks), 0);
    m_free.reserve(std::size_t(blocks));
    for (std::uint64_t b = blocks; b-- > 0;) // block 0 on top: a fresh pool fills from the start
        m_free.push_back(std::uint32_t(b));
}

PagedAllocator::RequestState* PagedAllocator::find(std::uint32_t request) {
    if (request >= m_requests.size() || m_requests[request].samples.empty())
        return nullptr;
    return &m_requests[request];
}

std::uint32_t PagedAllocator::takeBlock() {
    const std::uint32_t block = m_free.back();
    m_free.pop_back();
    m_refCount[block] = 1;
    ++m_blockOps;
    return block;
}

void PagedAllocator::dropBlock(std::uint32_t block) {
    if (m_refCount[block] == 0) [[unlikely]]
        throw Error("paged allocator: block " + std::to_string(block) + " freed twice");
    if (m_refCount[block] > 1)
        --m_sharedSaved;
    if (--m_refCount[block] == 0) {
        m_free.push_back(block);
        ++m_blockOps;
    }
}

std::uint32_t PagedAllocator::blocksToAdmit(const Request& request, std::uint32_t samples, std::uint32_t tokens) const {
    const std::uint32_t prompt = std::min(request.promptLen, tokens);
    if (samples == 1 || tokens == prompt)
        return std::uint32_t(ceilDiv(tokens, m_blockSize)) * (tokens == prompt ? 1 : samples);
    // Resumed after a preemption: the full prompt blocks are shared, the rest is each sample's own.
    const std::uint32_t shared = prompt / m_blockSize;
    return shared + samples * std::uint32_t(ceilDiv(tokens - shared * m_blockSize, m_blockSize));
}

bool PagedAllocator::admit(const Request& request, std::uint32_t samples, std::uint32_t tokens,
                           std::uint32_t finalLength) {
    if (blocksToAdmit(request, samples, tokens) > m_free.size())
        return false;
    if (request.id < m_requests.size() && !m_requests[request.id].samples.empty())
        throw Error("paged allocator: request " + std::to_string(request.id) + " admitted twice");
    RequestState state;
    const std::uint32_t prompt = std::min(request.promptLen, tokens);
    // Blocks every sample shares: the whole prompt when nothing is generated yet, else its full blocks.
    const std::uint32_t sharedBlocks =
        tokens == prompt ? std::uint32_t(ceilDiv(prompt, m_blockSize)) : prompt / m_blockSize;
    std::vector<std::uint32_t> shared;
    for (std::uint32_t i = 0; i < sharedBlocks; ++i) {
        shared.push_back(takeBlock());
        m_refCount[shared.back()] = samples;
        m_sharedSaved += samples - 1;
    }
    if (!shared.empty())
        logEvent(EventKind::Allocate, request.id, 0, shared.front(), shared.size());
    for (std::uint32_t s = 0; s < samples; ++s) {
        Sequence seq{request.id, s, tokens, finalLength, shared};
        while (std::uint64_t(seq.blockTable.size()) * m_blockSize < tokens)
            seq.blockTable.push_back(takeBlock());
        if (s > 0 && !shared.empty())
            logEvent(EventKind::Share, request.id, s, shared.front(), shared.size());
        if (seq.blockTable.size() > shared.size())
            logEvent(EventKind::Allocate, request.id, s, seq.blockTable[shared.size()],
                     seq.blockTable.size() - shared.size());
        state.samples.push_back(std::move(seq));
    }
    if (request.id >= m_requests.size())
        m_requests.resize(std::size_t(request.id) + 1);
    const Waste added = requestWaste(state);
    m_waste.reserved += added.reserved;
    m_waste.internal += added.internal;
    state.activeIndex = std::uint32_t(m_active.size());
    m_requests[request.id] = std::move(state);
    m_active.push_back(request.id);
    return true;
}

[[noreturn]] [[gnu::noinline, gnu::cold]] static void unknownRequest(std::uint32_t request) {
    throw Error("paged allocator: append to unknown request " + std::to_string(request));
}

bool PagedAllocator::append(std::uint32_t request, std::uint32_t sample, std::uint32_t newLength) {
    RequestState* state = find(request);
    if (!state || sample >= state->samples.size())
        unknownRequest(request);
    Sequence& seq = state->samples[sample];
    // The waste totals change only in this request: one sequence's arithmetic when it is alone,
    // a recount of its samples (which may share a block) otherwise.
    const bool alone = state->samples.size() == 1;
    const Waste before =
        alone ? sequenceWaste(std::uint64_t(seq.blockTable.size()) * m_blockSize, seq.length, seq.finalLength)
              : requestWaste(*state);
    // Tokens arrive in order, so a token lands in the last block or in a new one.
    if (std::uint64_t(newLength) > std::uint64_t(seq.blockTable.size()) * m_blockSize) {
        if (m_free.empty())
            return false;
        seq.blockTable.push_back(takeBlock());
        logEvent(EventKind::Append, request, sample, seq.blockTable.back(), 1);
    } else if (m_refCount[seq.blockTable.back()] > 1) {
        // Writing into a block other samples still read: copy it first (copy-on-write).
        if (m_free.empty())
            return false;
        const std::uint32_t copy = takeBlock();
        dropBlock(seq.blockTable.back());
        logEvent(EventKind::CopyOnWrite, request, sample, copy, 1);
        seq.blockTable.back() = copy;
    }
    seq.length = newLength;
    const Waste after =
        alone ? sequenceWaste(std::uint64_t(seq.blockTable.size()) * m_blockSize, seq.length, seq.finalLength)
              : requestWaste(*state);
    m_waste.reserved += after.reserved - before.reserved;
    m_waste.internal += after.internal - before.internal;
    return true;
}

void PagedAllocator::release(std::uint32_t request) {
    RequestState* state = find(request);
    if (!state)
        return;
    const Waste removed = requestWaste(*state);
    m_waste.reserved -= removed.reserved;
    m_waste.internal -= removed.internal;
    for (const Sequence& seq : state->samples) {
        for (const std::uint32_t block : seq.blockTable)
            dropBlock(block);
        logEvent(EventKind::Free, request, seq.sample, seq.blockTable.empty() ? 0 : seq.blockTable.front(),
                 seq.blockTable.size());
    }
    state->samples.clear();
    // Swap-remove from the active list.
    const std::uint32_t moved = m_active.back();
    m_active[state->activeIndex] = moved;
    m_requests[moved].activeIndex = state->activeIndex;
    m_active.pop_back();
}

PagedAllocator::Waste PagedAllocator::sequenceWaste(std::uint64_t capacity, std::uint32_t length,
                                                    std::uint32_t finalLength) {
    const std::uint64_t gap = capacity - length;
    const std::uint64_t toCome = std::min<std::uint64_t>(gap, finalLength - std::min(finalLength, length));
    return {toCome, gap - toCome};
}

PagedAllocator::Waste PagedAllocator::requestWaste(const RequestState& state) const {
    Waste w;
    // Only a sequence's last block can be partly filled; a shared one is counted once.
    std::uint32_t sharedPartial = UINT32_MAX;
    for (const Sequence& seq : state.samples) {
        if (seq.blockTable.empty())
            continue;
        const std::uint32_t last = seq.blockTable.back();
        const std::uint64_t gap = std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length;
        if (gap == 0)
            continue;
        if (m_refCount[last] > 1) {
            if (sharedPartial != last) {
                sharedPartial = last;
                w.reserved += gap; // one sample will write there in place
            }
            continue;
        }
        const Waste own =
            sequenceWaste(std::uint64_t(seq.blockTable.size()) * m_blockSize, seq.length, seq.finalLength);
        w.reserved += own.reserved;
        w.internal += own.internal;
    }
    return w;
}

SlotUsage PagedAllocator::usage(const Request*, std::uint32_t) const {
    SlotUsage u;
    const std::uint64_t used = std::uint64_t(m_refCount.size() - m_free.size()) * m_blockSize;
    u.reserved = m_waste.reserved;
    u.internal = m_waste.internal;
    u.tokenStates = used - u.reserved - u.internal;
    u.free = std::uint64_t(m_free.size()) * m_blockSize;
    u.external = m_pool - std::uint64_t(m_refCount.size()) * m_blockSize; // the tail smaller than a block
    return u;
}

bool PagedAllocator::canAdmit(const Request& request, std::uint32_t tokens, std::uint32_t) const {
    return blocksToAdmit(request, 1, tokens) <= m_free.size();
}

std::uint64_t PagedAllocator::appendsBeforeChange() const {
    std::uint64_t k = UINT64_MAX;
    for (const std::uint32_t id : m_active)
        for (const Sequence& seq : m_requests[id].samples)
            k = std::min<std::uint64_t>(k, std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length);
    return k;
}

void PagedAllocator::advanceAll(std::uint32_t tokens) {
    // Only within the last blocks and short of every sequence's end (the simulator checks both),
    // so each sequence's reserved slots shrink by exactly `tokens` and its internal ones stay.
    std::uint64_t sequences = 0;
    for (const std::uint32_t id : m_active)
        for (Sequence& seq : m_requests[id].samples) {
            seq.length += tokens;
            ++sequences;
        }
    m_waste.reserved -= sequences * tokens;
}

std::uint64_t PagedAllocator::blocksForStretch(std::uint64_t steps) const {
    std::uint64_t blocks = 0;
    for (const std::uint32_t id : m_active)
        for (const Sequence& seq : m_requests[id].samples) {
            const std::uint64_t room = std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length;
            if (steps > room)
                blocks += ceilDiv(steps - room, m_blockSize);
        }
    return blocks;
}

std::uint64_t PagedAllocator::stepsBeforeDry(std::uint64_t limit) const {
    const std::uint64_t free = m_free.size();
    if (blocksForStretch(limit) <= free)
        return limit;
    // The stretch must end just before the (free + 1)-th block is needed. No sequence can
    // contribute more than free + 1 of the earliest times, so collect at most that many each.
    std::vector<std::uint64_t> times;
    for (const std::uint32_t id : m_active)
        for (const Sequence& seq : m_requests[id].samples) {
            std::uint64_t t = std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length + 1;
            for (std::uint64_t n = 0; n <= free && t <= limit; ++n, t += m_blockSize)
                times.push_back(t);
        }
    std::nth_element(times.begin(), times.begin() + std::ptrdiff_t(free), times.end());
    return times[std::size_t(free)] - 1;
}

PagedAllocator::StretchSums PagedAllocator::advanceStretch(std::uint32_t steps) {
    // Between two block boundaries a sequence's empty slots and its tokens still to come both
    // fall by one a step, so which of the two bounds its reserved slots stays the same: each
    // segment sums in closed form. `Sum(x, a, b)` = sum over j = a..b of (x - j).
    const auto sumDown = [](std::int64_t x, std::int64_t a, std::int64_t b) -> std::int64_t {
        return b < a ? 0 : (b - a + 1) * x - (a + b) * (b - a + 1) / 2;
    };
    const std::int64_t k = steps, B = m_blockSize;
    const std::int64_t free0 = std::int64_t(m_free.size());
    std::int64_t reserved = 0, internal = 0, blockSteps = 0; // blockSteps: sum over steps of blocks taken so far
    for (const std::uint32_t id : m_active) {
        for (Sequence& seq : m_requests[id].samples) {
            const std::int64_t L = seq.length, F = seq.finalLength;
            std::int64_t capacity = std::int64_t(seq.blockTable.size()) * B;
            const Waste before = sequenceWaste(std::uint64_t(capacity), seq.length, seq.finalLength);
            std::int64_t first = 1; // first step of the segment
            std::int64_t last = std::min(k, capacity - L);
            while (first <= k) {
                if (last >= first) {
                    // Steps first..last with `capacity` slots: gap = capacity - L - j, to come = F - L - j.
                    if (capacity <= F) {
                        reserved += sumDown(capacity - L, first, last);
                    } else {
                        reserved += sumDown(F - L, first, last);
                        internal += (last - first + 1) * (capacity - F);
                    }
                }
                if (last >= k)
                    break;
                // Step last + 1 stores the first token of a new block, taken for the rest of the stretch.
                capacity += B;
                blockSteps += k - last;
                first = last + 1;
                last = std::min(k, capacity - L);
            }
            while (std::int64_t(seq.blockTable.size()) * B < capacity)
                seq.blockTable.push_back(takeBlock());
            seq.length += std::uint32_t(k);
            const Waste after = sequenceWaste(std::uint64_t(capacity), seq.length, seq.finalLength);
            m_waste.reserved += after.reserved - before.reserved;
            m_waste.internal += after.internal - before.internal;
        }
    }
    StretchSums sums;
    sums.reserved = std::uint64_t(reserved);
    sums.internal = std::uint64_t(internal);
    // Free slots fall by a block at each boundary: k x free0 blocks, less each block for the steps after it was taken.
    sums.free = std::uint64_t(B * (k * free0 - blockSteps));
    return sums;
}

std::uint64_t PagedAllocator::sharedBlocksSaved() const {
    return m_sharedSaved;
}

std::vector<PagedAllocator::Sequence> PagedAllocator::sequences() const {
    std::vector<std::uint32_t> ids = m_active;
    std::sort(ids.begin(), ids.end());
    std::vector<Sequence> out;
    for (const std::uint32_t id : ids)
        out.insert(out.end(), m_requests[id].samples.begin(), m_requests[id].samples.end());
    return out;
}

void PagedAllocator::checkInvariants() const {
    // Reference counts equal the number of block-table entries; free blocks have none.
    std::vector<std::uint32_t> counted(m_refCount.size(), 0);
    for (const std::uint32_t id : m_active) {
        for (const Sequence& seq : m_requests[id].samples) {
            if (std::uint64_t(seq.blockTable.size()) * m_blockSize < seq.length ||
                (seq.length > 0 && std::uint64_t(seq.blockTable.size() - 1) * m_blockSize >= seq.length))
                throw Error("paged allocator: request " + std::to_string(id) + " holds " +
                            std::to_string(seq.blockTable.size()) + " blocks for " + std::to_string(seq.length) +
                            " tokens");
            for (const std::uint32_t block : seq.blockTable)
                ++counted[block];
        }
    }
    std::vector<bool> isFree(m_refCount.size(), false);
    for (const std::uint32_t block : m_free) {
        if (isFree[block])
            throw Error("paged allocator: block " + std::to_string(block) + " is twice in the free pool");
        isFree[block] = true;
    }
    std::uint64_t saved = 0;
    for (std::uint32_t b = 0; b < m_refCount.size(); ++b) {
        saved += m_refCount[b] > 1 ? m_refCount[b] - 1 : 0;
        if (counted[b] != m_refCount[b])
            throw Error("paged allocator: block " + std::to_string(b) + " has reference count " +
                        std::to_string(m_refCount[b]) + " but " + std::to_string(counted[b]) + " table entries");
        if (isFree[b] != (m_refCount[b] == 0))
            throw Error("paged allocator: block " + std::to_string(b) +
                        (isFree[b] ? " is free and in use" : " is lost"));
    }
    if (saved != m_sharedSaved)
        throw Error("paged allocator: the shared-block count drifted");
    Waste recount;
    for (const std::uint32_t id : m_active) {
        const Waste w = requestWaste(m_requests[id]);
        recount.reserved += w.reserved;
        recount.internal += w.internal;
    }
    if (recount.reserved != m_waste.reserved || recount.internal != m_waste.internal)
        throw Error("paged allocator: the waste totals drifted from a full recount");
}

} // namespace kvscope
