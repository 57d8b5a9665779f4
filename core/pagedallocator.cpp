#include "pagedallocator.h"

#include "checked.h"
#include "error.h"

#include <algorithm>

namespace kvscope {

std::uint32_t BlockHashIndex::find(std::uint64_t key) const {
    if (m_keys.empty())
        return npos;
    const std::size_t mask = m_keys.size() - 1;
    for (std::size_t i = std::size_t(key) & mask;; i = (i + 1) & mask) {
        if (m_keys[i] == key)
            return m_blocks[i];
        if (m_keys[i] == 0)
            return npos;
    }
}

bool BlockHashIndex::insert(std::uint64_t key, std::uint32_t block) {
    if (key == 0) [[unlikely]]
        throw Error("prefix cache: a block hash of 0 cannot be indexed");
    if (2 * (m_size + 1) > m_keys.size())
        grow(); // at most half full: probes stay short
    const std::size_t mask = m_keys.size() - 1;
    std::size_t i = std::size_t(key) & mask;
    for (; m_keys[i] != 0; i = (i + 1) & mask)
        if (m_keys[i] == key)
            return false;
    m_keys[i] = key;
    m_blocks[i] = block;
    ++m_size;
    return true;
}

void BlockHashIndex::erase(std::uint64_t key) {
    if (m_keys.empty())
        return;
    const std::size_t mask = m_keys.size() - 1;
    std::size_t hole = std::size_t(key) & mask;
    while (m_keys[hole] != key) {
        if (m_keys[hole] == 0)
            return;
        hole = (hole + 1) & mask;
    }
    // Backward shift: move later entries of the probe run into the hole when their home slot
    // lies at or before it, so that every key stays reachable from its home without tombstones.
    for (std::size_t j = (hole + 1) & mask; m_keys[j] != 0; j = (j + 1) & mask) {
        const std::size_t home = std::size_t(m_keys[j]) & mask;
        if (((j - home) & mask) >= ((j - hole) & mask)) {
            m_keys[hole] = m_keys[j];
            m_blocks[hole] = m_blocks[j];
            hole = j;
        }
    }
    m_keys[hole] = 0;
    --m_size;
}

void BlockHashIndex::grow() {
    std::vector<std::uint64_t> keys(std::max<std::size_t>(64, 2 * m_keys.size()), 0);
    std::vector<std::uint32_t> blocks(keys.size());
    std::swap(keys, m_keys);
    std::swap(blocks, m_blocks);
    m_size = 0;
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] != 0)
            insert(keys[i], blocks[i]);
}

PagedAllocator::PagedAllocator(std::uint64_t poolSlots, std::uint32_t blockSize, bool prefixCache)
    : m_pool(poolSlots)
    , m_blockSize(blockSize)
    , m_prefixCache(prefixCache) {
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
    if (m_prefixCache) {
        m_hash.assign(std::size_t(blocks), 0);
        m_lruPrev.assign(std::size_t(blocks), UINT32_MAX);
        m_lruNext.assign(std::size_t(blocks), UINT32_MAX);
    }
}

std::uint64_t PagedAllocator::blockHash(std::uint64_t previous, std::uint32_t prefixId, std::uint32_t index) {
    // The tokens of block `index` of prefix `prefixId` are a function of the two (the simulator
    // has no token ids), chained with the block before: equal hashes mean equal prefixes.
    auto mix = [](std::uint64_t x) {
        x += 0x9e3779b97f4a7c15ull;
        x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
        x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
        return x ^ (x >> 31);
    };
    const std::uint64_t tokens = mix((std::uint64_t(prefixId) << 32) | index);
    const std::uint64_t h = mix(previous ^ tokens);
    return h == 0 ? 1 : h;
}

void PagedAllocator::lruRemove(std::uint32_t block) {
    const std::uint32_t prev = m_lruPrev[block], next = m_lruNext[block];
    (prev == UINT32_MAX ? m_lruHead : m_lruNext[prev]) = next;
    (next == UINT32_MAX ? m_lruTail : m_lruPrev[next]) = prev;
    m_lruPrev[block] = m_lruNext[block] = UINT32_MAX;
    --m_cachedFree;
    ++m_cacheVersion;
}

void PagedAllocator::lruPushBack(std::uint32_t block) {
    m_lruPrev[block] = m_lruTail;
    m_lruNext[block] = UINT32_MAX;
    (m_lruTail == UINT32_MAX ? m_lruHead : m_lruNext[m_lruTail]) = block;
    m_lruTail = block;
    ++m_cachedFree;
    ++m_cacheVersion;
}

PagedAllocator::PrefixChain& PagedAllocator::prefixChain(std::uint32_t prefixId, std::uint32_t blocks) const {
    // A prefix's chain depends on its id and block index only: computed once, reused by every request.
    // Prefix ids are small in generated workloads and most traces: a direct index, else a map.
    if (prefixId < 4096 && m_chainsById.size() <= prefixId)
        m_chainsById.resize(std::size_t(prefixId) + 1);
    PrefixChain& chain = prefixId < 4096 ? m_chainsById[prefixId] : m_chains[prefixId];
    while (chain.hashes.size() < blocks) {
        chain.hashes.push_back(
            blockHash(chain.hashes.empty() ? 0 : chain.hashes.back(), prefixId, std::uint32_t(chain.hashes.size())));
        chain.lastBlock.push_back(BlockHashIndex::npos);
    }
    return chain;
}

PagedAllocator::PrefixPlan PagedAllocator::planPrefix(const Request& request, std::uint32_t prompt) const {
    PrefixPlan plan;
    if (!m_prefixCache || request.prefixLen == 0)
        return plan;
    plan.cacheable = std::min(request.prefixLen, prompt) / m_blockSize;
    // At least one prompt token is computed, so the block holding the last one is never a hit.
    const std::uint32_t hittable = std::min(plan.cacheable, prompt == 0 ? 0 : (prompt - 1) / m_blockSize);
    // The hits depend on the prefix, how far it can hit, and the cache: the simulator asks about
    // the head of the queue several times a step, and requests with one system prompt ask alike.
    // Which hits are live holds for a cache version too (a hit block changes between held and
    // cached-free only through the LRU list, which bumps the version).
    if (m_planMemo.prefixId == request.prefixId && m_planMemo.hittable == hittable &&
        m_planMemo.version == m_cacheVersion) {
        plan.hits = m_planMemo.hits;
        plan.liveHits = m_planMemo.liveHits;
        return plan;
    }
    PrefixChain& chain = prefixChain(request.prefixId, hittable);
    m_planBlocks.clear();
    for (std::uint32_t i = 0; i < hittable; ++i) {
        // The block found last time, if it still holds this hash (an array read), else a lookup.
        std::uint32_t block = chain.lastBlock[i];
        if (block == BlockHashIndex::npos || m_hash[block] != chain.hashes[i])
            block = chain.lastBlock[i] = m_cache.find(chain.hashes[i]);
        if (block == BlockHashIndex::npos)
            break;
        ++plan.hits;
        m_planBlocks.push_back(block); // admit() takes these without looking them up again
        plan.liveHits += m_refCount[block] > 0 ? 1 : 0;
    }
    m_planMemo = {request.prefixId, hittable, m_cacheVersion, plan.hits, plan.liveHits};
    return plan;
}

PagedAllocator::RequestState* PagedAllocator::find(std::uint32_t request) {
    if (request >= m_requests.size() || m_requests[request].count == 0)
        return nullptr;
    return &m_requests[request];
}

std::vector<std::uint32_t> PagedAllocator::spareTable() {
    if (m_spareTables.empty())
        return {};
    std::vector<std::uint32_t> table = std::move(m_spareTables.back());
    m_spareTables.pop_back();
    table.clear();
    return table;
}

std::uint32_t PagedAllocator::takeBlock() {
    std::uint32_t block;
    if (!m_free.empty()) {
        block = m_free.back();
        m_free.pop_back();
    } else {
        // Only cached blocks are left: the least recently freed one loses its prefix.
        block = m_lruHead;
        lruRemove(block);
        m_cache.erase(m_hash[block]);
        m_hash[block] = 0;
        ++m_cacheVersion;
        ++m_prefixStats.evictions;
    }
    m_refCount[block] = 1;
    ++m_blockOps;
    return block;
}

[[noreturn]] [[gnu::noinline, gnu::cold]] static void freedTwice(std::uint32_t block) {
    throw Error("paged allocator: block " + std::to_string(block) + " freed twice");
}

// Inlined into release's walk over every block a request held: a call per block was a tenth of a
// million-request run.
[[gnu::always_inline]] inline void PagedAllocator::dropBlock(std::uint32_t block) {
    if (m_refCount[block] == 0) [[unlikely]]
        freedTwice(block);
    if (m_refCount[block] > 1)
        --m_sharedSaved;
    if (--m_refCount[block] == 0) {
        if (m_prefixCache && m_hash[block] != 0)
            lruPushBack(block); // kept with its K and V for a later request with the same prefix
        else
            m_free.push_back(block);
        ++m_blockOps;
    }
}

std::uint32_t PagedAllocator::blocksToAdmit(const Request& request, std::uint32_t samples, std::uint32_t tokens) const {
    const std::uint32_t prompt = std::min(request.promptLen, tokens);
    // Cached prefix blocks that running sequences hold need no free block.
    const std::uint32_t live = planPrefix(request, prompt).liveHits;
    if (samples == 1 || tokens == prompt)
        return std::uint32_t(ceilDiv(tokens, m_blockSize)) * (tokens == prompt ? 1 : samples) - live;
    // Resumed after a preemption: the full prompt blocks are shared, the rest is each sample's own.
    const std::uint32_t shared = prompt / m_blockSize;
    return shared - live + samples * std::uint32_t(ceilDiv(tokens - shared * m_blockSize, m_blockSize));
}

bool PagedAllocator::admit(const Request& request, std::uint32_t samples, std::uint32_t tokens,
                           std::uint32_t finalLength) {
    if (blocksToAdmit(request, samples, tokens) > freeBlocks())
        return false;
    if (request.id < m_requests.size() && m_requests[request.id].count != 0)
        throw Error("paged allocator: request " + std::to_string(request.id) + " admitted twice");
    if (samples == 0)
        throw Error("paged allocator: request " + std::to_string(request.id) + " admitted with no sample");
    RequestState state;
    state.first = std::uint32_t(m_seqs.size());
    state.count = samples;
    const std::uint32_t prompt = std::min(request.promptLen, tokens);
    // Blocks every sample shares: the whole prompt when nothing is generated yet, else its full blocks.
    const std::uint32_t sharedBlocks =
        tokens == prompt ? std::uint32_t(ceilDiv(prompt, m_blockSize)) : prompt / m_blockSize;
    std::vector<std::uint32_t>& shared = m_sharedScratch;
    shared.clear();
    const PrefixPlan plan = planPrefix(request, prompt);
    if (m_prefixCache) {
        m_prefixStats.promptTokens += prompt;
        m_prefixStats.hitTokens += std::uint64_t(plan.hits) * m_blockSize;
    }
    const std::vector<std::uint64_t>* chain =
        plan.cacheable ? &prefixChain(request.prefixId, plan.cacheable).hashes : nullptr;
    for (std::uint32_t i = 0; i < sharedBlocks; ++i) {
        const std::uint64_t h = i < plan.cacheable ? (*chain)[i] : 0;
        if (i < plan.hits) {
            // A hit: the cached block joins this request's table; its K and V are not computed again.
            const std::uint32_t block = m_planBlocks[i]; // found by planPrefix under this cache version
            const std::uint32_t before = m_refCount[block];
            if (before == 0)
                lruRemove(block);
            m_refCount[block] = before + samples;
            m_sharedSaved += before + samples - 1 - (before > 0 ? before - 1 : 0);
            shared.push_back(block);
            continue;
        }
        shared.push_back(takeBlock());
        m_refCount[shared.back()] = samples;
        m_sharedSaved += samples - 1;
        if (i < plan.cacheable && m_cache.insert(h, shared.back())) {
            m_hash[shared.back()] = h; // a full prefix block: findable by later requests
            ++m_cacheVersion;
        }
    }
    if (!shared.empty())
        logEvent(EventKind::Allocate, request.id, 0, shared.front(), shared.size());
    for (std::uint32_t s = 0; s < samples; ++s) {
        Sequence seq{request.id, s, tokens, finalLength, spareTable()};
        // Room for every block it will hold (at most the pool), so that appends never move the table.
        const std::uint64_t willHold =
            std::min<std::uint64_t>(ceilDiv(std::max(tokens, finalLength), m_blockSize), blockCount());
        seq.blockTable.reserve(std::max<std::size_t>(shared.size(), std::size_t(willHold)));
        seq.blockTable.assign(shared.begin(), shared.end());
        while (std::uint64_t(seq.blockTable.size()) * m_blockSize < tokens)
            seq.blockTable.push_back(takeBlock());
        if (s > 0 && !shared.empty())
            logEvent(EventKind::Share, request.id, s, shared.front(), shared.size());
        if (seq.blockTable.size() > shared.size())
            logEvent(EventKind::Allocate, request.id, s, seq.blockTable[shared.size()],
                     seq.blockTable.size() - shared.size());
        m_seqs.push_back(std::move(seq));
    }
    if (request.id >= m_requests.size())
        m_requests.resize(std::size_t(request.id) + 1);
    const Waste added = requestWaste(state);
    m_waste.reserved += added.reserved;
    m_waste.internal += added.internal;
    m_requests[request.id] = state;
    m_maybeSharedPartial = true;
    return true;
}

[[noreturn]] [[gnu::noinline, gnu::cold]] static void unknownRequest(std::uint32_t request) {
    throw Error("paged allocator: append to unknown request " + std::to_string(request));
}

std::size_t PagedAllocator::appendAll(std::size_t from) {
    for (std::size_t i = from; i < m_seqs.size(); ++i) {
        Sequence& seq = m_seqs[i];
        const std::uint64_t capacity = std::uint64_t(seq.blockTable.size()) * m_blockSize;
        if (seq.length < capacity && m_refCount[seq.blockTable.back()] == 1) {
            // Into its own last block: only this sequence's waste changes.
            const Waste before = sequenceWaste(capacity, seq.length, seq.finalLength);
            ++seq.length;
            const Waste after = sequenceWaste(capacity, seq.length, seq.finalLength);
            m_waste.reserved += after.reserved - before.reserved;
            m_waste.internal += after.internal - before.internal;
            continue;
        }
        if (!appendTo(m_requests[seq.request], seq, seq.length + 1))
            return i;
    }
    return m_seqs.size();
}

bool PagedAllocator::append(std::uint32_t request, std::uint32_t sample, std::uint32_t newLength) {
    RequestState* state = find(request);
    if (!state || sample >= state->count)
        unknownRequest(request);
    return appendTo(*state, samplesOf(*state)[sample], newLength);
}

bool PagedAllocator::appendTo(const RequestState& state, Sequence& seq, std::uint32_t newLength) {
    const std::uint32_t request = seq.request, sample = seq.sample;
    // The waste totals change only in this request: one sequence's arithmetic when the token goes
    // to a new block or to a last block only it holds, a recount of its samples when the write
    // copies a shared block (the other holders' waste changes with it).
    const bool newBlock = std::uint64_t(newLength) > std::uint64_t(seq.blockTable.size()) * m_blockSize;
    const bool alone = state.count == 1 || newBlock || m_refCount[seq.blockTable.back()] == 1;
    const Waste before =
        alone ? sequenceWaste(std::uint64_t(seq.blockTable.size()) * m_blockSize, seq.length, seq.finalLength)
              : requestWaste(state);
    // Tokens arrive in order, so a token lands in the last block or in a new one.
    if (newBlock) {
        if (freeBlocks() == 0)
            return false;
        seq.blockTable.push_back(takeBlock());
        logEvent(EventKind::Append, request, sample, seq.blockTable.back(), 1);
    } else if (m_refCount[seq.blockTable.back()] > 1) {
        // Writing into a block other samples still read: copy it first (copy-on-write).
        if (freeBlocks() == 0)
            return false;
        const std::uint32_t copy = takeBlock();
        ++m_copyOnWrites;
        dropBlock(seq.blockTable.back());
        logEvent(EventKind::CopyOnWrite, request, sample, copy, 1);
        seq.blockTable.back() = copy;
    }
    seq.length = newLength;
    const Waste after =
        alone ? sequenceWaste(std::uint64_t(seq.blockTable.size()) * m_blockSize, seq.length, seq.finalLength)
              : requestWaste(state);
    m_waste.reserved += after.reserved - before.reserved;
    m_waste.internal += after.internal - before.internal;
    return true;
}

void PagedAllocator::reorderSamples(std::uint32_t request, const std::vector<std::uint32_t>& parents) {
    RequestState* state = find(request);
    if (!state || parents.size() != state->count)
        unknownRequest(request);
    Sequence* samples = samplesOf(*state);
    for (const std::uint32_t parent : parents)
        if (parent >= state->count)
            throw Error("paged allocator: request " + std::to_string(request) + " has no sample " +
                        std::to_string(parent));
    const Waste before = requestWaste(*state);
    std::vector<std::vector<std::uint32_t>> tables(parents.size());
    for (std::size_t j = 0; j < parents.size(); ++j) {
        tables[j] = samples[parents[j]].blockTable;
        for (const std::uint32_t block : tables[j]) {
            if (m_refCount[block] >= 1)
                ++m_sharedSaved;
            ++m_refCount[block];
        }
    }
    for (std::size_t j = 0; j < parents.size(); ++j) {
        Sequence& seq = samples[j];
        if (parents[j] != j)
            logEvent(EventKind::Share, request, std::uint32_t(j), tables[j].empty() ? 0 : tables[j].front(),
                     tables[j].size());
        for (const std::uint32_t block : seq.blockTable)
            dropBlock(block);
        seq.blockTable = std::move(tables[j]);
        seq.length = samples[parents[j]].length; // beams advance together: the same length
    }
    const Waste after = requestWaste(*state);
    m_waste.reserved += after.reserved - before.reserved;
    m_waste.internal += after.internal - before.internal;
    m_maybeSharedPartial = true;
}

bool PagedAllocator::hasSharedPartialBlock() const {
    // Only an admission or a beam reorder can share a partly filled last block (an append takes
    // a fresh block or copies the shared one): after a scan that finds none, no scan is needed
    // until the next of those.
    if (!m_maybeSharedPartial)
        return false;
    for (const Sequence& seq : m_seqs)
        if (!seq.blockTable.empty() && m_refCount[seq.blockTable.back()] > 1 &&
            std::uint64_t(seq.blockTable.size()) * m_blockSize > seq.length)
            return true;
    m_maybeSharedPartial = false;
    return false;
}

void PagedAllocator::release(std::uint32_t request) {
    RequestState* state = find(request);
    if (!state)
        return;
    const Waste removed = requestWaste(*state);
    m_waste.reserved -= removed.reserved;
    m_waste.internal -= removed.internal;
    const Sequence* samples = samplesOf(*state);
    for (std::uint32_t s = 0; s < state->count; ++s) {
        const Sequence& seq = samples[s];
        // Tail first, as vLLM frees: the least recently freed block, evicted first, is a prefix's last.
        for (auto block = seq.blockTable.rbegin(); block != seq.blockTable.rend(); ++block)
            dropBlock(*block);
        logEvent(EventKind::Free, request, seq.sample, seq.blockTable.empty() ? 0 : seq.blockTable.front(),
                 seq.blockTable.size());
    }
    // Close the gap, keeping admission order; the requests behind it move forward.
    const std::uint32_t first = state->first;
    for (std::uint32_t s = 0; s < state->count; ++s) // their tables' memory serves later admissions
        m_spareTables.push_back(std::move(m_seqs[first + s].blockTable));
    m_seqs.erase(m_seqs.begin() + std::ptrdiff_t(first),
                 m_seqs.begin() + std::ptrdiff_t(first) + std::ptrdiff_t(state->count));
    *state = {};
    for (std::size_t i = first; i < m_seqs.size();) {
        RequestState& moved = m_requests[m_seqs[i].request];
        moved.first = std::uint32_t(i);
        i += moved.count;
    }
}

PagedAllocator::Waste PagedAllocator::requestWaste(const RequestState& state) const {
    Waste w;
    // Only a sequence's last block can be partly filled; a shared one is counted once (beams may
    // share several, one per group of beams that forked from one parent).
    std::uint32_t seen[64];
    std::size_t seenCount = 0;
    const Sequence* samples = samplesOf(state);
    for (std::uint32_t s = 0; s < state.count; ++s) {
        const Sequence& seq = samples[s];
        if (seq.blockTable.empty())
            continue;
        const std::uint32_t last = seq.blockTable.back();
        const std::uint64_t gap = std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length;
        if (gap == 0)
            continue;
        if (m_refCount[last] > 1) {
            if (std::find(seen, seen + seenCount, last) == seen + seenCount) {
                if (seenCount < std::size(seen))
                    seen[seenCount++] = last;
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
    const std::uint64_t used = std::uint64_t(usedBlocks()) * m_blockSize;
    u.reserved = m_waste.reserved;
    u.internal = m_waste.internal;
    u.tokenStates = used - u.reserved - u.internal;
    u.free = std::uint64_t(freeBlocks()) * m_blockSize;                   // cached blocks no one holds are free to take
    u.external = m_pool - std::uint64_t(m_refCount.size()) * m_blockSize; // the tail smaller than a block
    return u;
}

bool PagedAllocator::canAdmit(const Request& request, std::uint32_t tokens, std::uint32_t) const {
    return blocksToAdmit(request, 1, tokens) <= freeBlocks();
}

std::uint64_t PagedAllocator::appendsBeforeChange() const {
    std::uint64_t k = UINT64_MAX;
    for (const Sequence& seq : m_seqs)
        k = std::min<std::uint64_t>(k, std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length);
    return k;
}

void PagedAllocator::advanceAll(std::uint32_t tokens) {
    // Only within the last blocks and short of every sequence's end (the simulator checks both),
    // so each sequence's reserved slots shrink by exactly `tokens` and its internal ones stay.
    std::uint64_t sequences = 0;
    for (Sequence& seq : m_seqs) {
        seq.length += tokens;
        ++sequences;
    }
    m_waste.reserved -= sequences * tokens;
}

std::uint64_t PagedAllocator::blocksForStretch(std::uint64_t steps) const {
    std::uint64_t blocks = 0;
    for (const Sequence& seq : m_seqs) {
        const std::uint64_t room = std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length;
        if (steps > room)
            blocks += ceilDiv(steps - room, m_blockSize);
    }
    return blocks;
}

std::uint64_t PagedAllocator::stepsBeforeDry(std::uint64_t limit) const {
    // Never-cached blocks only: a stretch that evicts would change the cache mid-stretch.
    const std::uint64_t free = m_free.size();
    // A sequence with `room` empty slots in its last block (0 <= room < blockSize) needs a block at
    // steps room + 1, room + 1 + blockSize, ...: the needs repeat every blockSize steps. Count the
    // sequences by room, then find the step of the (free + 1)-th need without listing the needs.
    std::uint32_t byRoom[256] = {};
    const std::uint64_t sequences = m_seqs.size();
    for (const Sequence& seq : m_seqs) {
        const std::uint64_t room = std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length;
        if (room >= m_blockSize) [[unlikely]]
            return stepsBeforeDryByList(limit); // not reached while every table fits its tokens
        ++byRoom[room];
    }
    if (sequences == 0)
        return limit;
    // Whole cycles of blockSize steps each take one block per sequence.
    const std::uint64_t cycles = free / sequences;
    std::uint64_t left = free - cycles * sequences; // needs still covered within the next cycle
    for (std::uint32_t room = 0; room < m_blockSize; ++room) {
        if (byRoom[room] > left) {
            // The (free + 1)-th need falls at step cycles * blockSize + room + 1: stop before it.
            const std::uint64_t dry = cycles * m_blockSize + room + 1;
            return std::min(limit, dry - 1);
        }
        left -= byRoom[room];
    }
    return limit; // unreachable: a cycle's needs exceed what was left of free
}

std::uint64_t PagedAllocator::stepsBeforeDryByList(std::uint64_t limit) const {
    const std::uint64_t free = m_free.size();
    // The stretch must end just before the (free + 1)-th block is needed; no sequence can
    // contribute more than free + 1 of the earliest times, so collect at most that many each.
    std::vector<std::uint64_t> times;
    std::uint64_t needed = 0;
    for (const Sequence& seq : m_seqs) {
        const std::uint64_t room = std::uint64_t(seq.blockTable.size()) * m_blockSize - seq.length;
        if (limit <= room)
            continue;
        const std::uint64_t blocks = ceilDiv(limit - room, m_blockSize);
        needed += blocks;
        std::uint64_t t = room + 1;
        for (std::uint64_t n = std::min(blocks, free + 1); n > 0; --n, t += m_blockSize)
            times.push_back(t);
    }
    if (needed <= free)
        return limit;
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
    const std::int64_t triangle = k * (k + 1) / 2;           // sumDown(x, 1, k) = k x - triangle
    std::int64_t wholeStretchInBlock = 0;                    // sequences that take no block in the stretch
    for (Sequence& seq : m_seqs) {
        const std::int64_t L = seq.length, F = seq.finalLength;
        std::int64_t capacity = std::int64_t(seq.blockTable.size()) * B;
        if (capacity - L >= k && L + k <= F) {
            // The common case: k tokens into its last block, none past its end. One segment, and
            // its waste loses k reserved slots (the slots to come and the empty ones fall together).
            if (capacity <= F) {
                reserved += k * (capacity - L) - triangle;
            } else {
                reserved += k * (F - L) - triangle;
                internal += k * (capacity - F);
            }
            seq.length += std::uint32_t(k);
            ++wholeStretchInBlock;
            continue;
        }
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
    m_waste.reserved -= std::uint64_t(wholeStretchInBlock * k);
    StretchSums sums;
    sums.reserved = std::uint64_t(reserved);
    sums.internal = std::uint64_t(internal);
    // Free slots fall by a block at each boundary: k x free0 blocks, less each block for the steps after it was taken.
    sums.free = std::uint64_t(B * (k * free0 - blockSteps)) + std::uint64_t(k) * m_cachedFree * m_blockSize;
    return sums;
}

std::uint64_t PagedAllocator::sharedBlocksSaved() const {
    return m_sharedSaved;
}

std::vector<PagedAllocator::Sequence> PagedAllocator::sequences() const {
    std::vector<std::uint32_t> ids;
    for (std::size_t i = 0; i < m_seqs.size(); i += m_requests[m_seqs[i].request].count)
        ids.push_back(m_seqs[i].request);
    std::sort(ids.begin(), ids.end());
    std::vector<Sequence> out;
    for (const std::uint32_t id : ids) {
        const Sequence* samples = samplesOf(m_requests[id]);
        out.insert(out.end(), samples, samples + m_requests[id].count);
    }
    return out;
}

void PagedAllocator::checkInvariants() const {
    // Reference counts equal the number of block-table entries; free blocks have none.
    std::vector<std::uint32_t> counted(m_refCount.size(), 0);
    for (const Sequence& seq : m_seqs) {
        const std::uint32_t id = seq.request;
        if (std::uint64_t(seq.blockTable.size()) * m_blockSize < seq.length ||
            (seq.length > 0 && std::uint64_t(seq.blockTable.size() - 1) * m_blockSize >= seq.length))
            throw Error("paged allocator: request " + std::to_string(id) + " holds " +
                        std::to_string(seq.blockTable.size()) + " blocks for " + std::to_string(seq.length) +
                        " tokens");
        for (const std::uint32_t block : seq.blockTable)
            ++counted[block];
    }
    std::vector<bool> isFree(m_refCount.size(), false);
    for (const std::uint32_t block : m_free) {
        if (isFree[block])
            throw Error("paged allocator: block " + std::to_string(block) + " is twice in the free pool");
        if (m_prefixCache && m_hash[block] != 0)
            throw Error("paged allocator: block " + std::to_string(block) + " is free but still keyed in the cache");
        isFree[block] = true;
    }
    // Cached blocks no one holds: in the LRU list once each, keyed in the cache, counted.
    std::uint32_t cached = 0;
    for (std::uint32_t b = m_lruHead; b != UINT32_MAX; b = m_lruNext[b]) {
        if (isFree[b] || ++cached > m_refCount.size())
            throw Error("paged allocator: block " + std::to_string(b) + " is twice among the free blocks");
        if (m_hash[b] == 0 || m_cache.find(m_hash[b]) != b)
            throw Error("paged allocator: cached block " + std::to_string(b) + " is not found by its hash");
        isFree[b] = true;
    }
    if (cached != m_cachedFree)
        throw Error("paged allocator: the cached free blocks were miscounted");
    m_cache.forEach([this](std::uint64_t h, std::uint32_t b) {
        if (m_hash[b] != h)
            throw Error("paged allocator: the cache's key of block " + std::to_string(b) + " drifted");
    });
    // A block several sequences read is never written by one of them: every holder sees the same
    // tokens in it (the first writer copies it before writing).
    std::vector<std::uint32_t> filled(m_refCount.size(), UINT32_MAX);
    for (const Sequence& seq : m_seqs)
        for (std::size_t logical = 0; logical < seq.blockTable.size(); ++logical) {
            const std::uint32_t block = seq.blockTable[logical];
            const std::uint32_t tokens =
                std::uint32_t(std::min<std::uint64_t>(m_blockSize, seq.length - std::uint64_t(logical) * m_blockSize));
            if (filled[block] != UINT32_MAX && filled[block] != tokens)
                throw Error("paged allocator: shared block " + std::to_string(block) +
                            " holds different tokens for two sequences (written while shared)");
            filled[block] = tokens;
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
    if (!m_maybeSharedPartial)
        for (const Sequence& seq : m_seqs)
            if (!seq.blockTable.empty() && m_refCount[seq.blockTable.back()] > 1 &&
                std::uint64_t(seq.blockTable.size()) * m_blockSize > seq.length)
                throw Error("paged allocator: request " + std::to_string(seq.request) +
                            " shares a partly filled block that no scan would find");
    Waste recount;
    for (std::size_t i = 0; i < m_seqs.size(); i += m_requests[m_seqs[i].request].count) {
        const RequestState& state = m_requests[m_seqs[i].request];
        if (state.first != i || state.count == 0)
            throw Error("paged allocator: request " + std::to_string(m_seqs[i].request) +
                        "'s samples are not where its entry says");
        const Waste w = requestWaste(state);
        recount.reserved += w.reserved;
        recount.internal += w.internal;
    }
    if (recount.reserved != m_waste.reserved || recount.internal != m_waste.internal)
        throw Error("paged allocator: the waste totals drifted from a full recount");
}

} // namespace kvscope
