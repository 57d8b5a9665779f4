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

void HashLru::unlink(std::uint32_t slot) {
    const std::uint32_t prev = m_prev[slot], next = m_next[slot];
    (prev == kNone ? m_head : m_next[prev]) = next;
    (next == kNone ? m_tail : m_prev[next]) = prev;
}

void HashLru::linkLast(std::uint32_t slot) {
    m_prev[slot] = m_tail;
    m_next[slot] = kNone;
    (m_tail == kNone ? m_head : m_next[m_tail]) = slot;
    m_tail = slot;
}

bool HashLru::erase(std::uint64_t hash) {
    const std::uint32_t slot = m_index.find(hash);
    if (slot == BlockHashIndex::npos)
        return false;
    unlink(slot);
    m_index.erase(hash);
    m_freeSlots.push_back(slot);
    --m_size;
    return true;
}

std::uint64_t HashLru::push(std::uint64_t hash) {
    if (m_capacity == 0)
        return hash; // holds nothing: passed straight on
    if (const std::uint32_t slot = m_index.find(hash); slot != BlockHashIndex::npos) {
        unlink(slot);
        linkLast(slot);
        return 0;
    }
    std::uint64_t out = 0;
    std::uint32_t slot = kNone;
    if (m_size == m_capacity) { // full: the least recent makes room, its slot reused
        slot = m_head;
        out = m_hash[slot];
        unlink(slot);
        m_index.erase(out);
        --m_size;
    } else if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = std::uint32_t(m_hash.size());
        m_hash.push_back(0);
        m_prev.push_back(kNone);
        m_next.push_back(kNone);
    }
    m_hash[slot] = hash;
    linkLast(slot);
    m_index.insert(hash, slot);
    ++m_size;
    return out;
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
    m_buckets.resize(blockSize);
    m_free.reset(std::uint32_t(blocks));
    for (std::uint64_t b = blocks; b-- > 0;) // block 0 on top: a fresh pool fills from the start
        m_free.push(std::uint32_t(b));
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

void PagedAllocator::setOffloadTiers(std::uint32_t hostBlocks, std::uint32_t diskBlocks) {
    if ((hostBlocks > 0 || diskBlocks > 0) && !m_prefixCache)
        throw Error("KV offloading keeps prefix blocks evicted from the pool: it needs prefix caching");
    if (diskBlocks > 0 && hostBlocks == 0)
        throw Error("a disk tier takes the blocks the host tier evicts: it needs a host tier");
    if (!m_seqs.empty() || m_prefixStats.promptTokens > 0)
        throw Error("paged allocator: offload tiers are set before the first admission");
    m_tiers = {HashLru(hostBlocks), HashLru(diskBlocks)};
}

void PagedAllocator::storeInTier(std::size_t tier, std::uint64_t hash) {
    for (; tier < m_tiers.size() && m_tiers[tier].capacity() > 0; ++tier) {
        ++m_prefixStats.tierStores[tier];
        hash = m_tiers[tier].push(hash);
        if (hash == 0)
            return;
        ++m_prefixStats.tierEvictions[tier]; // pushed out: stored a tier down, or dropped after the last
    }
}

void PagedAllocator::dropFromTiers(std::uint64_t hash) {
    for (std::size_t t = 0; t < m_tiers.size(); ++t)
        if (m_tiers[t].erase(hash)) {
            ++m_prefixStats.tierSuperseded[t];
            return;
        }
}

std::uint32_t PagedAllocator::loadFromTiers(const PrefixChain& chain, std::uint32_t from, std::uint32_t to) {
    std::uint32_t loaded = 0;
    for (std::uint32_t i = from; i < to; ++i) {
        std::size_t found = 0;
        while (found < m_tiers.size() && !m_tiers[found].erase(chain.hashes[i]))
            ++found;
        if (found == m_tiers.size())
            break; // found nowhere: this block and the rest are computed
        m_prefixStats.tierHitTokens[found] += m_blockSize;
        ++loaded;
    }
    return loaded;
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
    plan.hittable = hittable;
    // The hits depend on the prefix, how far it can hit, and the cache: the simulator asks about
    // the head of the queue several times a step, and requests with one system prompt ask alike,
    // so each prefix remembers its last answer. Which hits are live holds for a cache version too
    // (a hit block changes between held and cached-free only through the LRU list, which bumps it).
    PrefixChain& chain = prefixChain(request.prefixId, hittable);
    if (chain.memoHittable == hittable && chain.memoVersion == m_cacheVersion) {
        plan.hits = std::uint32_t(chain.hitBlocks.size());
        plan.liveHits = chain.memoLiveHits;
        return plan;
    }
    chain.hitBlocks.clear();
    for (std::uint32_t i = 0; i < hittable; ++i) {
        // The block found last time, if it still holds this hash (an array read), else a lookup.
        std::uint32_t block = chain.lastBlock[i];
        if (block == BlockHashIndex::npos || m_hash[block] != chain.hashes[i])
            block = chain.lastBlock[i] = m_cache.find(chain.hashes[i]);
        if (block == BlockHashIndex::npos)
            break;
        ++plan.hits;
        chain.hitBlocks.push_back(block); // admit() takes these without looking them up again
        plan.liveHits += m_refCount[block] > 0 ? 1 : 0;
    }
    chain.memoHittable = hittable;
    chain.memoVersion = m_cacheVersion;
    chain.memoLiveHits = plan.liveHits;
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

std::uint32_t PagedAllocator::evictCached() {
    // Only cached blocks are left: the least recently freed one loses its prefix.
    const std::uint32_t block = m_lruHead;
    lruRemove(block);
    m_cache.erase(m_hash[block]);
    if (offloading())
        storeInTier(0, m_hash[block]); // its K and V copied down before the block is written over
    m_hash[block] = 0;
    ++m_cacheVersion;
    ++m_prefixStats.evictions;
    return block;
}

// Inlined where blocks are taken one at a time: the common case is a pop.
[[gnu::always_inline]] inline std::uint32_t PagedAllocator::takeBlock() {
    const std::uint32_t block = !m_free.empty() ? m_free.pop() : evictCached();
    m_refCount[block] = 1;
    ++m_blockOps;
    return block;
}

void PagedAllocator::takeBlocks(std::vector<std::uint32_t>& table, std::size_t count) {
    // The same blocks in the same order as `count` takeBlock() calls, with the counters in
    // registers: admissions and stretches take most of a long run's blocks.
    const std::size_t before = table.size();
    table.resize(before + count);
    std::uint32_t* out = table.data() + before;
    std::uint32_t* refCount = m_refCount.data();
    const std::size_t fromFree = std::min(count, m_free.size());
    const std::uint32_t* top = m_free.end();
    for (std::size_t i = 0; i < fromFree; ++i) {
        const std::uint32_t block = *--top;
        refCount[block] = 1;
        out[i] = block;
    }
    m_free.drop(fromFree);
    for (std::size_t i = fromFree; i < count; ++i) {
        out[i] = evictCached();
        refCount[out[i]] = 1;
    }
    m_blockOps += count;
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
            m_free.push(block);
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
    const PrefixChain* chain = plan.cacheable ? &prefixChain(request.prefixId, plan.cacheable) : nullptr;
    // Blocks past the pool's hits that a tier below holds are loaded, not computed. Taken out of their tier before
    // the pool's blocks are taken: an eviction below stores into the tiers and must not push them out first.
    if (offloading() && m_tierLoads && chain)
        loadFromTiers(*chain, plan.hits, plan.hittable);
    for (std::uint32_t i = 0; i < sharedBlocks; ++i) {
        const std::uint64_t h = i < plan.cacheable ? chain->hashes[i] : 0;
        if (i < plan.hits) {
            // A hit: the cached block joins this request's table; its K and V are not computed again.
            const std::uint32_t block = chain->hitBlocks[i]; // found by planPrefix under this cache version
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
            if (offloading())
                dropFromTiers(h); // loaded from a tier (already out of it), or computed again past a gap
        }
    }
    if (!shared.empty())
        logEvent(EventKind::Allocate, request.id, 0, shared.front(), shared.size());
    for (std::uint32_t s = 0; s < samples; ++s) {
        Seq seq{request.id, s, finalLength, bucketFor(tokens), m_clock - tokens, spareTable()};
        // Room for every block it will hold (at most the pool), so that appends never move the table.
        const std::uint64_t willHold =
            std::min<std::uint64_t>(ceilDiv(std::max(tokens, finalLength), m_blockSize), blockCount());
        seq.blockTable.reserve(std::max<std::size_t>(shared.size(), std::size_t(willHold)));
        seq.blockTable.assign(shared.begin(), shared.end());
        const std::uint64_t holds = ceilDiv(tokens, m_blockSize);
        if (holds > seq.blockTable.size())
            takeBlocks(seq.blockTable, std::size_t(holds - seq.blockTable.size()));
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
    for (std::uint32_t s = 0; s < samples; ++s)
        bucketAdd(m_seqs[state.first + s]);
    // The samples share the prompt's last block while it is partly filled: each copies it on its first token.
    if (samples > 1 && !shared.empty() && std::uint64_t(shared.size()) * m_blockSize > tokens &&
        m_seqs[state.first].blockTable.size() == shared.size())
        m_sharedPartial.push_back(request.id);
    return true;
}

void PagedAllocator::bucketAdd(const Seq& seq) {
    m_buckets[seq.bucket].push_back({seq.request, seq.sample});
}

void PagedAllocator::bucketRemove(const Seq& seq) {
    auto& bucket = m_buckets[seq.bucket];
    const auto it = std::find(bucket.begin(), bucket.end(), BucketEntry{seq.request, seq.sample});
    if (it == bucket.end()) [[unlikely]]
        throw Error("paged allocator: request " + std::to_string(seq.request) + " is missing from its step bucket");
    *it = bucket.back();
    bucket.pop_back();
}

std::uint32_t PagedAllocator::bucketFor(std::uint32_t length) const {
    // The residue of (clock - length) modulo the block size.
    return (m_phase + m_blockSize - length % m_blockSize) % m_blockSize;
}

void PagedAllocator::setLength(Seq& seq, std::uint32_t length) {
    const std::uint32_t bucket = bucketFor(length);
    if (bucket != seq.bucket) {
        bucketRemove(seq);
        seq.bucket = bucket;
        bucketAdd(seq);
    }
    seq.base = m_clock - length;
}

[[noreturn]] [[gnu::noinline, gnu::cold]] static void unknownRequest(std::uint32_t request) {
    throw Error("paged allocator: append to unknown request " + std::to_string(request));
}

std::size_t PagedAllocator::appendAll(std::size_t from) {
    if (m_pendingFrom == npos && from != 0)
        throw Error("paged allocator: a decode step starts at the first sequence, not at " + std::to_string(from));
    // Only two kinds of sequence do more than store a token in place: those whose last block is
    // full (their bucket's turn) take a block, and samples sharing a partly filled last block copy
    // it. They are visited in admission order, so that a dry pool stops the step at the sequence
    // where append() one by one would stop. A stopped step is finished by the next call, from the
    // sequence it stopped at; every token lands when the step completes, by the clock.
    std::vector<std::size_t>& visit = m_neededScratch;
    visit.clear();
    for (const BucketEntry& e : m_buckets[m_phase])
        if (const std::size_t position = positionOf(e); position >= from)
            visit.push_back(position);
    for (const std::uint32_t id : m_sharedPartial) {
        const RequestState& state = m_requests[id];
        for (std::uint32_t s = 0; s < state.count; ++s)
            if (state.first + s >= from && m_seqs[state.first + s].bucket != m_phase)
                visit.push_back(state.first + s);
    }
    std::sort(visit.begin(), visit.end());
    for (const std::size_t position : visit) {
        Seq& seq = m_seqs[position];
        const std::uint32_t length = lengthOf(seq);
        const std::uint64_t capacity = std::uint64_t(seq.blockTable.size()) * m_blockSize;
        if (capacity == length) {
            // A new block. Its waste until the step completes: the whole block is empty.
            if (freeBlocks() == 0) {
                m_pendingFrom = position;
                return position;
            }
            seq.blockTable.push_back(takeBlock());
            logEvent(EventKind::Append, seq.request, seq.sample, seq.blockTable.back(), 1);
            const Waste added = sequenceWaste(capacity + m_blockSize, length, seq.finalLength);
            m_waste.reserved += added.reserved;
            m_waste.internal += added.internal;
        } else if (m_refCount[seq.blockTable.back()] > 1) {
            // Writing into a block other samples still read: copy it first (copy-on-write).
            if (freeBlocks() == 0) {
                m_pendingFrom = position;
                return position;
            }
            const RequestState& state = m_requests[seq.request];
            const Waste before = requestWaste(state);
            const std::uint32_t copy = takeBlock();
            ++m_copyOnWrites;
            dropBlock(seq.blockTable.back());
            logEvent(EventKind::CopyOnWrite, seq.request, seq.sample, copy, 1);
            seq.blockTable.back() = copy;
            const Waste after = requestWaste(state);
            m_waste.reserved += after.reserved - before.reserved;
            m_waste.internal += after.internal - before.internal;
        }
    }
    completeStep();
    return m_seqs.size();
}

void PagedAllocator::completeStep() {
    // Every sequence stores its token: its empty slots and its tokens to come both fall by one, so
    // its reserved slots fall by one (each is short of its final length) and its internal ones stay.
    tick(1);
    m_waste.reserved -= m_seqs.size();
    m_sharedPartial.clear(); // every shared partial block was copied (the last holder writes in place)
    m_pendingFrom = npos;
}

void PagedAllocator::tick(std::uint64_t steps) {
    m_clock += steps;
    m_phase = std::uint32_t((m_phase + steps % m_blockSize) % m_blockSize);
}

bool PagedAllocator::append(std::uint32_t request, std::uint32_t sample, std::uint32_t newLength) {
    RequestState* state = find(request);
    if (!state || sample >= state->count)
        unknownRequest(request);
    return appendTo(*state, samplesOf(*state)[sample], newLength);
}

bool PagedAllocator::appendTo(const RequestState& state, Seq& seq, std::uint32_t newLength) {
    const std::uint32_t request = seq.request, sample = seq.sample;
    // The waste totals change only in this request: one sequence's arithmetic when the token goes
    // to a new block or to a last block only it holds, a recount of its samples when the write
    // copies a shared block (the other holders' waste changes with it).
    const bool newBlock = std::uint64_t(newLength) > std::uint64_t(seq.blockTable.size()) * m_blockSize;
    const bool alone = state.count == 1 || newBlock || m_refCount[seq.blockTable.back()] == 1;
    const Waste before =
        alone ? sequenceWaste(std::uint64_t(seq.blockTable.size()) * m_blockSize, lengthOf(seq), seq.finalLength)
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
    setLength(seq, newLength);
    const Waste after =
        alone ? sequenceWaste(std::uint64_t(seq.blockTable.size()) * m_blockSize, newLength, seq.finalLength)
              : requestWaste(state);
    m_waste.reserved += after.reserved - before.reserved;
    m_waste.internal += after.internal - before.internal;
    return true;
}

void PagedAllocator::reorderSamples(std::uint32_t request, const std::vector<std::uint32_t>& parents) {
    RequestState* state = find(request);
    if (!state || parents.size() != state->count)
        unknownRequest(request);
    Seq* samples = samplesOf(*state);
    for (const std::uint32_t parent : parents)
        if (parent >= state->count)
            throw Error("paged allocator: request " + std::to_string(request) + " has no sample " +
                        std::to_string(parent));
    const Waste before = requestWaste(*state);
    std::vector<std::uint32_t> lengths(parents.size());
    for (std::size_t j = 0; j < parents.size(); ++j)
        lengths[j] = lengthOf(samples[parents[j]]);
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
        Seq& seq = samples[j];
        if (parents[j] != j)
            logEvent(EventKind::Share, request, std::uint32_t(j), tables[j].empty() ? 0 : tables[j].front(),
                     tables[j].size());
        for (const std::uint32_t block : seq.blockTable)
            dropBlock(block);
        seq.blockTable = std::move(tables[j]);
        setLength(seq, lengths[j]); // beams advance together: the same length
    }
    const Waste after = requestWaste(*state);
    m_waste.reserved += after.reserved - before.reserved;
    m_waste.internal += after.internal - before.internal;
    if (hasSharedPartial(*state) &&
        std::find(m_sharedPartial.begin(), m_sharedPartial.end(), request) == m_sharedPartial.end())
        m_sharedPartial.push_back(request);
}

bool PagedAllocator::hasSharedPartial(const RequestState& state) const {
    const Seq* samples = samplesOf(state);
    for (std::uint32_t s = 0; s < state.count; ++s)
        if (!samples[s].blockTable.empty() && m_refCount[samples[s].blockTable.back()] > 1 &&
            std::uint64_t(samples[s].blockTable.size()) * m_blockSize > lengthOf(samples[s]))
            return true;
    return false;
}

void PagedAllocator::pruneSharedPartial() const {
    std::erase_if(m_sharedPartial, [this](std::uint32_t id) {
        return id >= m_requests.size() || m_requests[id].count == 0 || !hasSharedPartial(m_requests[id]);
    });
}

bool PagedAllocator::hasSharedPartialBlock() const {
    // Only an admission or a beam reorder can share a partly filled last block (an append takes a
    // fresh block or copies the shared one); both list the request.
    pruneSharedPartial();
    return !m_sharedPartial.empty();
}

void PagedAllocator::release(std::uint32_t request) {
    RequestState* state = find(request);
    if (!state)
        return;
    const Waste removed = requestWaste(*state);
    m_waste.reserved -= removed.reserved;
    m_waste.internal -= removed.internal;
    const Seq* samples = samplesOf(*state);
    for (std::uint32_t s = 0; s < state->count; ++s) {
        const Seq& seq = samples[s];
        bucketRemove(seq);
        // Tail first, as vLLM frees: the least recently freed block, evicted first, is a prefix's last.
        // dropBlock's work with the counters in registers: this loop is most of a preemption's cost.
        std::uint64_t unshared = 0, freed = 0;
        for (auto it = seq.blockTable.rbegin(); it != seq.blockTable.rend(); ++it) {
            const std::uint32_t block = *it;
            const std::uint32_t holders = m_refCount[block];
            if (holders == 0) [[unlikely]]
                freedTwice(block);
            m_refCount[block] = holders - 1;
            if (holders > 1) {
                ++unshared;
                continue;
            }
            ++freed;
            if (m_prefixCache && m_hash[block] != 0)
                lruPushBack(block); // kept with its K and V for a later request with the same prefix
            else
                m_free.push(block);
        }
        m_sharedSaved -= unshared;
        m_blockOps += freed;
        logEvent(EventKind::Free, request, seq.sample, seq.blockTable.empty() ? 0 : seq.blockTable.front(),
                 seq.blockTable.size());
    }
    // Close the gap, keeping admission order; the requests behind it move forward.
    const std::uint32_t first = state->first;
    for (std::uint32_t s = 0; s < state->count; ++s) // their tables' memory serves later admissions
        m_spareTables.push_back(std::move(m_seqs[first + s].blockTable));
    const std::uint32_t count = state->count;
    m_seqs.erase(m_seqs.begin() + std::ptrdiff_t(first),
                 m_seqs.begin() + std::ptrdiff_t(first) + std::ptrdiff_t(count));
    *state = {};
    if (!m_sharedPartial.empty())
        std::erase(m_sharedPartial, request);
    if (m_pendingFrom != npos) {
        // A step stopped at a dry pool: its caller frees the last request to finish it.
        if (m_pendingFrom >= first)
            m_pendingFrom = std::max<std::size_t>(first, m_pendingFrom - std::min<std::size_t>(count, m_pendingFrom));
        if (m_pendingFrom >= m_seqs.size())
            completeStep(); // what is left of it had been served
    }
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
    const Seq* samples = samplesOf(state);
    for (std::uint32_t s = 0; s < state.count; ++s) {
        const Seq& seq = samples[s];
        if (seq.blockTable.empty())
            continue;
        const std::uint32_t last = seq.blockTable.back();
        const std::uint32_t length = lengthOf(seq);
        const std::uint64_t gap = std::uint64_t(seq.blockTable.size()) * m_blockSize - length;
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
        const Waste own = sequenceWaste(std::uint64_t(seq.blockTable.size()) * m_blockSize, length, seq.finalLength);
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
    // A sequence in bucket q fills its last block in (q - clock) mod blockSize steps.
    for (std::uint32_t room = 0; room < m_blockSize; ++room)
        if (!m_buckets[(m_phase + room) % m_blockSize].empty())
            return room;
    return UINT64_MAX;
}

void PagedAllocator::advanceAll(std::uint32_t tokens) {
    // Only within the last blocks and short of every sequence's end (the simulator checks both),
    // so each sequence's reserved slots shrink by exactly `tokens` and its internal ones stay.
    tick(tokens);
    m_waste.reserved -= std::uint64_t(m_seqs.size()) * tokens;
}

std::uint64_t PagedAllocator::blocksForStretch(std::uint64_t steps) const {
    // The sequences with `room` empty slots in their last block need a block at steps room + 1,
    // room + 1 + blockSize, ...
    std::uint64_t blocks = 0;
    for (std::uint32_t room = 0; room < m_blockSize && room < steps; ++room)
        blocks += m_buckets[(m_phase + room) % m_blockSize].size() * ceilDiv(steps - room, m_blockSize);
    return blocks;
}

std::uint64_t PagedAllocator::stepsBeforeDry(std::uint64_t limit) const {
    // Never-cached blocks only: a stretch that evicts would change the cache mid-stretch.
    const std::uint64_t free = m_free.size();
    const std::uint64_t sequences = m_seqs.size();
    if (sequences == 0)
        return limit;
    // A sequence with `room` empty slots in its last block (0 <= room < blockSize) needs a block at
    // steps room + 1, room + 1 + blockSize, ...: the needs repeat every blockSize steps. Find the
    // step of the (free + 1)-th need from the buckets' sizes without listing the needs.
    const std::uint64_t cycles = free / sequences;  // whole cycles of blockSize steps take one block per sequence
    std::uint64_t left = free - cycles * sequences; // needs still covered within the next cycle
    for (std::uint32_t room = 0; room < m_blockSize; ++room) {
        const std::uint64_t needing = m_buckets[(m_phase + room) % m_blockSize].size();
        if (needing > left) {
            // The (free + 1)-th need falls at step cycles * blockSize + room + 1: stop before it.
            const std::uint64_t dry = cycles * m_blockSize + room + 1;
            return std::min(limit, dry - 1);
        }
        left -= needing;
    }
    return limit; // unreachable: a cycle's needs exceed what was left of free
}

PagedAllocator::StretchSums PagedAllocator::advanceStretch(std::uint32_t steps) {
    if (m_pendingFrom != npos || hasSharedPartialBlock()) [[unlikely]]
        throw Error("paged allocator: a stretch cannot start inside a step or on a shared partly filled block");
    // Every sequence loses one reserved slot a step (its empty slots and tokens to come fall
    // together; each stays short of its final length). A sequence that takes a block at step t
    // first gains that block's waste, r reserved and B - r internal with r = min(B, tokens to come),
    // which then counts in every step from t to k. So, with n sequences and R0, I0 the waste now:
    //   sum of reserved = k R0 - n k(k+1)/2 + sum over blocks taken of (k - t + 1) r
    //   sum of internal = k I0 + sum over blocks taken of (k - t + 1)(B - r)
    // and only the sequences that take a block are visited, bucket by bucket.
    const std::int64_t k = steps, B = m_blockSize, n = std::int64_t(m_seqs.size());
    const std::int64_t R0 = std::int64_t(m_waste.reserved), I0 = std::int64_t(m_waste.internal);
    const std::int64_t free0 = std::int64_t(m_free.size());
    std::int64_t weightedR = 0, weightedI = 0, addedR = 0, addedI = 0, blockSteps = 0;
    for (std::int64_t room = 0; room < B && room < k; ++room) {
        for (const BucketEntry& e : m_buckets[(m_phase + std::uint32_t(room)) % m_blockSize]) {
            Seq& seq = m_seqs[positionOf(e)];
            const std::int64_t length0 = lengthOf(seq), F = seq.finalLength;
            takeBlocks(seq.blockTable, std::size_t(ceilDiv(std::uint64_t(k - room), m_blockSize)));
            for (std::int64_t t = room + 1; t <= k; t += B) {
                // Before step t's token the sequence holds length0 + t - 1 tokens in full blocks.
                const std::int64_t r = std::min(B, std::max<std::int64_t>(0, F - (length0 + t - 1)));
                const std::int64_t weight = k - t + 1;
                weightedR += weight * r;
                weightedI += weight * (B - r);
                addedR += r;
                addedI += B - r;
                blockSteps += weight;
            }
        }
    }
    tick(std::uint64_t(k));
    m_waste.reserved = std::uint64_t(R0 - n * k + addedR);
    m_waste.internal = std::uint64_t(I0 + addedI);
    StretchSums sums;
    sums.reserved = std::uint64_t(k * R0 - n * (k * (k + 1) / 2) + weightedR);
    sums.internal = std::uint64_t(k * I0 + weightedI);
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
        const Seq* samples = samplesOf(m_requests[id]);
        for (std::uint32_t s = 0; s < m_requests[id].count; ++s)
            out.push_back({samples[s].request, samples[s].sample, lengthOf(samples[s]), samples[s].finalLength,
                           samples[s].blockTable});
    }
    return out;
}

KVSCOPE_CHECKER void PagedAllocator::checkInvariants() const {
    // Per block: table entries (reference counts equal them; free blocks have none), tokens
    // written (a block several sequences read holds the same tokens for each) and whether it is
    // free. One scratch array, kept: the tests and the trace fuzzer call this after every step.
    auto& blocks = m_checkScratch;
    blocks.assign(m_refCount.size(), BlockCheck{});
    std::size_t bucketed = 0;
    for (const auto& bucket : m_buckets)
        bucketed += bucket.size();
    if (bucketed != m_seqs.size())
        throw Error("paged allocator: the step buckets hold " + std::to_string(bucketed) + " entries for " +
                    std::to_string(m_seqs.size()) + " sequences");
    for (const Seq& seq : m_seqs) {
        const std::uint32_t id = seq.request;
        const std::uint32_t length = lengthOf(seq);
        if (seq.bucket != bucketFor(length))
            throw Error("paged allocator: request " + std::to_string(id) + " is in the wrong step bucket");
        const auto& bucket = m_buckets[seq.bucket];
        if (std::find(bucket.begin(), bucket.end(), BucketEntry{seq.request, seq.sample}) == bucket.end())
            throw Error("paged allocator: request " + std::to_string(id) + " is missing from its step bucket");
        if (std::uint64_t(seq.blockTable.size()) * m_blockSize < length ||
            (length > 0 && std::uint64_t(seq.blockTable.size() - 1) * m_blockSize >= length))
            throw Error("paged allocator: request " + std::to_string(id) + " holds " +
                        std::to_string(seq.blockTable.size()) + " blocks for " + std::to_string(length) + " tokens");
        // A block several sequences read is never written by one of them: every holder sees the
        // same tokens in it (the first writer copies it before writing).
        for (std::size_t logical = 0; logical < seq.blockTable.size(); ++logical) {
            BlockCheck& block = blocks[seq.blockTable[logical]];
            ++block.counted;
            const auto tokens =
                std::uint32_t(std::min<std::uint64_t>(m_blockSize, length - std::uint64_t(logical) * m_blockSize));
            if (block.filled != UINT32_MAX && block.filled != tokens)
                throw Error("paged allocator: shared block " + std::to_string(seq.blockTable[logical]) +
                            " holds different tokens for two sequences (written while shared)");
            block.filled = tokens;
        }
    }
    for (const std::uint32_t block : m_free) {
        if (blocks[block].free)
            throw Error("paged allocator: block " + std::to_string(block) + " is twice in the free pool");
        if (m_prefixCache && m_hash[block] != 0)
            throw Error("paged allocator: block " + std::to_string(block) + " is free but still keyed in the cache");
        blocks[block].free = true;
    }
    // Cached blocks no one holds: in the LRU list once each, keyed in the cache, counted.
    std::uint32_t cached = 0;
    for (std::uint32_t b = m_lruHead; b != UINT32_MAX; b = m_lruNext[b]) {
        if (blocks[b].free || ++cached > m_refCount.size())
            throw Error("paged allocator: block " + std::to_string(b) + " is twice among the free blocks");
        if (m_hash[b] == 0 || m_cache.find(m_hash[b]) != b)
            throw Error("paged allocator: cached block " + std::to_string(b) + " is not found by its hash");
        blocks[b].free = true;
    }
    if (cached != m_cachedFree)
        throw Error("paged allocator: the cached free blocks were miscounted");
    m_cache.forEach([this](std::uint64_t h, std::uint32_t b) {
        if (m_hash[b] != h)
            throw Error("paged allocator: the cache's key of block " + std::to_string(b) + " drifted");
    });
    // Offload tiers: within their capacity, and each block in one place only (the pool or one tier).
    for (std::size_t t = 0; t < m_tiers.size(); ++t) {
        if (m_tiers[t].size() > m_tiers[t].capacity())
            throw Error("paged allocator: offload tier " + std::to_string(t) + " holds more than its capacity");
        m_tiers[t].forEach([&](std::uint64_t h) {
            if (m_cache.find(h) != BlockHashIndex::npos)
                throw Error("paged allocator: a prefix block is both in the pool and in offload tier " +
                            std::to_string(t));
            for (std::size_t u = t + 1; u < m_tiers.size(); ++u)
                if (m_tiers[u].contains(h))
                    throw Error("paged allocator: a prefix block is in two offload tiers");
        });
    }
    std::uint64_t saved = 0;
    for (std::uint32_t b = 0; b < m_refCount.size(); ++b) {
        saved += m_refCount[b] > 1 ? m_refCount[b] - 1 : 0;
        if (blocks[b].counted != m_refCount[b])
            throw Error("paged allocator: block " + std::to_string(b) + " has reference count " +
                        std::to_string(m_refCount[b]) + " but " + std::to_string(blocks[b].counted) + " table entries");
        if (blocks[b].free != (m_refCount[b] == 0))
            throw Error("paged allocator: block " + std::to_string(b) +
                        (blocks[b].free ? " is free and in use" : " is lost"));
    }
    if (saved != m_sharedSaved)
        throw Error("paged allocator: the shared-block count drifted");
    for (std::size_t i = 0; i < m_seqs.size(); i += std::max(1u, m_requests[m_seqs[i].request].count)) {
        const std::uint32_t id = m_seqs[i].request;
        if (hasSharedPartial(m_requests[id]) &&
            std::find(m_sharedPartial.begin(), m_sharedPartial.end(), id) == m_sharedPartial.end())
            throw Error("paged allocator: request " + std::to_string(id) +
                        " shares a partly filled block that its next step would not copy");
    }
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
