#pragma once

#include "kvallocator.h"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <vector>

namespace kvscope {

// PagedAttention's block manager: fixed blocks of blockSize token slots from one free
// pool, a block table per sequence (logical block i -> physical block), a block appended
// only when the last one is full, reference counts so the samples of one request share
// their prompt blocks, and copy-on-write of a shared, partly filled block. O(1) per block.
//
// With prefix caching (vLLM's automatic prefix caching), a full block of a request's shared
// prefix is keyed by a hash of its tokens and of every block before it; when its last user
// ends, it stays cached (free, but still holding its K and V) and a later request with the
// same prefix takes it instead of computing it again. A block is evicted, least recently
// freed first, only when no never-cached free block is left.
// Prefix caching's hash -> block index: open addressing with linear probing and backward-shift
// deletion. Keys are block hashes, already well mixed and never 0 (0 marks an empty slot). A
// lookup is one or two cache lines where std::unordered_map chases a node per bucket.
class BlockHashIndex {
public:
    static constexpr std::uint32_t npos = UINT32_MAX;
    std::uint32_t find(std::uint64_t key) const;
    bool insert(std::uint64_t key, std::uint32_t block); // false, changing nothing, when the key is present
    void erase(std::uint64_t key);                       // no-op when absent
    std::size_t size() const { return m_size; }
    template <class F> void forEach(F&& f) const {
        for (std::size_t i = 0; i < m_keys.size(); ++i)
            if (m_keys[i] != 0)
                f(m_keys[i], m_blocks[i]);
    }

private:
    void grow();
    std::vector<std::uint64_t> m_keys;
    std::vector<std::uint32_t> m_blocks;
    std::size_t m_size = 0;
};

// One tier's prefix blocks, by hash, least recently stored first, at most `capacity` of them.
// Hashes are block hashes (never 0). Slots in arrays that grow to the capacity as blocks arrive, linked least recent
// first, found through a BlockHashIndex: no allocation per block (a std::list and std::unordered_map made the tiers
// most of a run's time).
class HashLru {
public:
    explicit HashLru(std::uint32_t capacity = 0)
        : m_capacity(capacity) {}
    std::uint32_t capacity() const { return m_capacity; }
    std::uint32_t size() const { return m_size; }
    bool contains(std::uint64_t hash) const { return m_index.find(hash) != BlockHashIndex::npos; }
    bool erase(std::uint64_t hash); // false when absent
    // Stores `hash` as the most recent (moved there when present); returns the hash it pushed out to make room,
    // 0 when none did.
    std::uint64_t push(std::uint64_t hash);
    template <class F> void forEach(F&& f) const {
        for (std::uint32_t s = m_head; s != kNone; s = m_next[s])
            f(m_hash[s]);
    }

private:
    static constexpr std::uint32_t kNone = UINT32_MAX;
    void unlink(std::uint32_t slot);
    void linkLast(std::uint32_t slot);
    std::uint32_t m_capacity = 0, m_size = 0;
    std::vector<std::uint64_t> m_hash; // per slot
    std::vector<std::uint32_t> m_prev, m_next;
    std::vector<std::uint32_t> m_freeSlots;
    std::uint32_t m_head = kNone, m_tail = kNone; // least and most recent
    BlockHashIndex m_index;                       // hash -> slot
};

class PagedAllocator : public KvAllocator {
public:
    PagedAllocator(std::uint64_t poolSlots, std::uint32_t blockSize, bool prefixCache = false);

    std::string name() const override { return "paged"; }
    std::uint64_t poolSlots() const override { return m_pool; }
    bool admit(const Request& request, std::uint32_t samples, std::uint32_t tokens, std::uint32_t finalLength) override;
    bool append(std::uint32_t request, std::uint32_t sample, std::uint32_t newLength) override;
    void release(std::uint32_t request) override;
    SlotUsage usage(const Request* next, std::uint32_t nextSamples) const override;
    void checkInvariants() const override;
    bool empty() const override { return m_seqs.empty(); }
    std::uint64_t usedSlots() const override { return std::uint64_t(usedBlocks()) * m_blockSize; }
    bool canAdmit(const Request& request, std::uint32_t tokens, std::uint32_t finalLength) const override;
    std::uint64_t appendsBeforeChange() const override;
    void advanceAll(std::uint32_t tokens) override;
    std::uint64_t sharedBlocksSaved() const override;

    std::uint32_t blockSize() const { return m_blockSize; }

    // One decode step for every sequence, in admission order: each stores one token, exactly as
    // append() would one by one. Returns the number of sequences when all stored; else the index
    // (into the admission-ordered sequences) of the first one that needs a block when none is
    // free: those before it stored their token, it and those after it are untouched. The caller
    // then frees room (preempts the last request) and calls again with that index to finish the
    // same step from there. Only the sequences that take a block or copy one are visited; the
    // rest store their token by the clock's tick. Every sequence must be short of its final length
    // (the simulator releases a request with its last token).
    std::size_t appendAll(std::size_t from);
    std::size_t sequenceCount() const { return m_seqs.size(); }
    std::uint32_t requestOfSequence(std::size_t index) const { return m_seqs[index].request; }

    // Beam search: sample j continues from sample parents[j]'s sequence (all of one length): its
    // table becomes a copy of the parent's (every block's reference count goes up), then its own
    // blocks are dropped, so blocks no beam continues are freed.
    void reorderSamples(std::uint32_t request, const std::vector<std::uint32_t>& parents);
    // A sequence's last block is partly filled and shared: its next token copies it first.
    bool hasSharedPartialBlock() const;
    std::uint64_t copyOnWrites() const { return m_copyOnWrites; }

    // A stretch of `steps` decode steps where every sequence stores one token per step and none
    // reaches its final length before the last, with no shared partly filled block: blocks it
    // needs, and its sums over the stretch (step by step, after each step's tokens) of reserved,
    // internal and free slots. Each costs O(block size) plus the blocks taken: sequences are
    // bucketed by the step at which their last block fills.
    struct StretchSums {
        std::uint64_t reserved = 0, internal = 0, free = 0;
    };
    std::uint64_t blocksForStretch(std::uint64_t steps) const;
    // The longest stretch, at most `limit` steps, whose blocks the free pool can supply.
    std::uint64_t stepsBeforeDry(std::uint64_t limit) const;
    StretchSums advanceStretch(std::uint32_t steps); // needs blocksForStretch(steps) <= never-cached free blocks
    std::uint32_t blockCount() const { return std::uint32_t(m_refCount.size()); }
    // Blocks a request can have: never-cached free blocks and cached blocks no one holds.
    std::uint32_t freeBlocks() const { return std::uint32_t(m_free.size()) + m_cachedFree; }
    std::uint32_t cachedFreeBlocks() const { return m_cachedFree; } // free, holding a cached prefix block
    std::uint32_t usedBlocks() const { return blockCount() - freeBlocks(); }
    // A full prefix block keyed in the prefix cache (held or free).
    bool isPrefixKeyed(std::uint32_t block) const { return m_prefixCache && m_hash[block] != 0; }
    bool isCachedFree(std::uint32_t block) const {
        return m_prefixCache && m_refCount[block] == 0 && m_hash[block] != 0;
    }

    // Prefix caching with tiers under the pool (SGLang's HiCache with its write-back policy; vLLM's CPU offloading
    // and LMCache store on write instead): a cached block the pool evicts is copied down to host memory, and one the
    // host tier evicts goes to the disk tier, each tier least recently stored first. A request whose prefix goes
    // on past the pool's hits into a tier loads those blocks back, into blocks taken from the pool as a miss takes
    // them, instead of computing them; the chain stops at the first block found nowhere. A block lives in one place
    // at a time: loading it moves it up, and a block computed again supersedes a stale copy below. Needs prefix
    // caching; a disk tier needs a host tier. Call before the first admission. Throws Error otherwise.
    void setOffloadTiers(std::uint32_t hostBlocks, std::uint32_t diskBlocks);
    bool offloading() const { return m_tiers[0].capacity() > 0; }
    // Whether admit() loads blocks from the tiers (default true). A request swapped back in brings its own blocks
    // from swap space: the simulator turns this off for its admission.
    void setTierLoads(bool on) { m_tierLoads = on; }
    const HashLru& tier(OffloadTier t) const { return m_tiers[std::size_t(t)]; }

    // Prefix caching's counters since the start (all zero without it).
    struct PrefixStats {
        std::uint64_t promptTokens = 0; // prompt tokens of every admission (queries)
        std::uint64_t hitTokens = 0;    // of those, found in cached blocks in the pool (prefill saved)
        std::uint64_t evictions = 0;    // cached blocks taken back for other use
        // By offload tier (OffloadTier's order): prompt tokens loaded back from it (prefill saved, a copy paid),
        // blocks stored into it (evicted from the tier above), blocks it evicted (down a tier, or dropped), and
        // blocks dropped from it because the pool computed the same block again. Every block stored is held, loaded
        // back (tierHitTokens / block size), evicted or superseded.
        std::array<std::uint64_t, kOffloadTiers> tierHitTokens{}, tierStores{}, tierEvictions{}, tierSuperseded{};
    };
    const PrefixStats& prefixStats() const { return m_prefixStats; }
    bool prefixCaching() const { return m_prefixCache; }
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
    // A request's samples are m_seqs[first, first + count), count 0 = not admitted.
    struct RequestState {
        std::uint32_t first = 0;
        std::uint32_t count = 0;
    };
    // A running sequence. Every sequence stores one token per decode step, so lengths are kept as
    // offsets of one clock (length = m_clock - base) and a step that takes no block touches none
    // of them. A sequence's last block is full exactly when the clock is congruent to its base
    // modulo the block size: the sequences are bucketed by that residue (m_buckets), and a step,
    // a stretch or a look-ahead visits only the buckets whose turn it is.
    struct Seq {
        std::uint32_t request = 0;
        std::uint32_t sample = 0;
        std::uint32_t finalLength = 0;
        std::uint32_t bucket = 0; // base modulo the block size
        std::uint64_t base = 0;
        std::vector<std::uint32_t> blockTable; // logical -> physical
    };
    struct BucketEntry {
        std::uint32_t request = 0, sample = 0;
        bool operator==(const BucketEntry&) const = default;
    };
    std::uint32_t lengthOf(const Seq& seq) const { return std::uint32_t(m_clock - seq.base); }
    std::uint32_t bucketFor(std::uint32_t length) const; // the bucket of a sequence of this length now
    void setLength(Seq& seq, std::uint32_t length);      // moves it to its new bucket
    void bucketAdd(const Seq& seq);
    void bucketRemove(const Seq& seq);
    std::size_t positionOf(const BucketEntry& e) const { return std::size_t(m_requests[e.request].first) + e.sample; }
    void completeStep(); // appendAll's step: every sequence's token lands
    void tick(std::uint64_t steps);
    bool hasSharedPartial(const RequestState& state) const;
    void pruneSharedPartial() const;
    RequestState* find(std::uint32_t request);
    Seq* samplesOf(const RequestState& state) { return m_seqs.data() + state.first; }
    const Seq* samplesOf(const RequestState& state) const { return m_seqs.data() + state.first; }
    // The empty slots in a request's partly filled blocks, split into reserved and internal.
    struct Waste {
        std::uint64_t reserved = 0, internal = 0;
    };
    Waste requestWaste(const RequestState& state) const;
    bool appendTo(const RequestState& state, Seq& seq, std::uint32_t newLength);
    static Waste sequenceWaste(std::uint64_t capacity, std::uint32_t length, std::uint32_t finalLength) {
        const std::uint64_t gap = capacity - length;
        const std::uint64_t toCome = std::min<std::uint64_t>(gap, finalLength - std::min(finalLength, length));
        return {toCome, gap - toCome};
    }

    std::uint32_t takeBlock();
    void takeBlocks(std::vector<std::uint32_t>& table, std::size_t count); // appends `count` taken blocks
    [[gnu::noinline]] std::uint32_t evictCached();
    std::vector<std::uint32_t> spareTable(); // an empty table, with a released one's capacity when there is one
    void dropBlock(std::uint32_t block);
    // Prefix caching: the hash of full prefix block `index` of a request, and how many leading
    // blocks are found in the cache now (the chain stops at the first miss).
    struct PrefixPlan {
        std::uint32_t cacheable = 0; // full blocks inside the shared prefix
        std::uint32_t hittable = 0;  // of those, blocks that may be found (not the one holding the last token)
        std::uint32_t hits = 0;      // leading blocks found cached
        std::uint32_t liveHits = 0;  // of those, held by running sequences (no free block needed)
    };
    PrefixPlan planPrefix(const Request& request, std::uint32_t prompt) const;
    static std::uint64_t blockHash(std::uint64_t previous, std::uint32_t prefixId, std::uint32_t index);
    // A prefix's block hashes, and where each was found last (a hint, checked against m_hash).
    // And planPrefix's last answer for the prefix: the blocks hit, for a depth and a cache version.
    struct PrefixChain {
        std::vector<std::uint64_t> hashes;
        std::vector<std::uint32_t> lastBlock;
        std::vector<std::uint32_t> hitBlocks;
        std::uint32_t memoHittable = 0, memoLiveHits = 0;
        std::uint64_t memoVersion = UINT64_MAX;
    };
    PrefixChain& prefixChain(std::uint32_t prefixId, std::uint32_t blocks) const;
    void lruRemove(std::uint32_t block);
    void lruPushBack(std::uint32_t block);
    void storeInTier(std::size_t tier, std::uint64_t hash); // evicted from the level above
    void dropFromTiers(std::uint64_t hash);                 // a newer copy is computed in the pool
    // Loads the blocks after the pool's hits that a tier holds, leading ones only; returns how many.
    std::uint32_t loadFromTiers(const PrefixChain& chain, std::uint32_t from, std::uint32_t to);

    std::uint64_t m_pool;
    std::uint32_t m_blockSize;
    // The never-cached free blocks, a stack in an array of the pool's size: pushes and pops are a
    // store and a count, with nothing to reallocate.
    class BlockStack {
    public:
        void reset(std::uint32_t capacity) {
            m_blocks.assign(capacity, 0);
            m_size = 0;
        }
        void push(std::uint32_t block) { m_blocks[m_size++] = block; }
        std::uint32_t pop() { return m_blocks[--m_size]; }
        void drop(std::size_t count) { m_size -= count; } // after reading the top `count` through end()
        bool empty() const { return m_size == 0; }
        std::size_t size() const { return m_size; }
        const std::uint32_t* begin() const { return m_blocks.data(); }
        const std::uint32_t* end() const { return m_blocks.data() + m_size; }

    private:
        std::vector<std::uint32_t> m_blocks;
        std::size_t m_size = 0;
    };
    BlockStack m_free;
    std::vector<std::uint32_t> m_refCount; // per physical block; 0 = free
    // Indexed by request id (dense in a simulation): a hash lookup per stored token cost a third of a run.
    std::vector<RequestState> m_requests;
    // Every running sequence in one flat array, a request's samples side by side, in admission
    // order: the per-step passes (stretch probes, stretches) walk it without chasing a pointer per
    // request, which made them the bulk of a million-request run.
    std::vector<Seq> m_seqs;
    // Starts high so that a base (clock - length) is never negative.
    std::uint64_t m_clock = std::uint64_t(1) << 40;
    std::uint32_t m_phase = 0;                       // m_clock modulo the block size: whose last block is full now
    std::vector<std::vector<BucketEntry>> m_buckets; // by base modulo the block size
    std::vector<std::size_t> m_neededScratch;        // appendAll's positions to visit
    // A step appendAll stopped at a dry pool, to be finished from here (npos: none). Until then
    // no sequence of it counts its token as stored.
    static constexpr std::size_t npos = std::size_t(-1);
    std::size_t m_pendingFrom = npos;
    std::uint64_t m_sharedSaved = 0; // sum of (refCount - 1) over shared blocks, kept as blocks change
    std::uint64_t m_copyOnWrites = 0;
    // Requests that may hold a shared, partly filled last block (a new request's samples share
    // the prompt's last block; beams after a reorder): the next token of each copies it. Pruned
    // when their copies are made.
    mutable std::vector<std::uint32_t> m_sharedPartial;
    Waste m_waste; // over every admitted request, kept up to date so that usage() is O(1)

    // Prefix caching: hash -> block for every cached block (held or not), the hash of each block
    // (0 = none), and the free cached blocks in a doubly linked list, least recently freed first.
    bool m_prefixCache = false;
    BlockHashIndex m_cache;
    std::vector<std::uint64_t> m_hash;
    std::vector<std::uint32_t> m_lruPrev, m_lruNext;
    std::uint32_t m_lruHead = UINT32_MAX, m_lruTail = UINT32_MAX;
    std::uint32_t m_cachedFree = 0;
    PrefixStats m_prefixStats;
    std::array<HashLru, kOffloadTiers> m_tiers;
    bool m_tierLoads = true;
    std::uint64_t m_cacheVersion = 0;              // changes whenever a lookup could answer differently
    mutable std::vector<PrefixChain> m_chainsById; // prefix id (< 4096) -> chain
    mutable std::unordered_map<std::uint32_t, PrefixChain> m_chains; // larger prefix ids -> chain
    // Block tables of released sequences, kept for their memory (a million-request run made and
    // freed two million of them), and admit's list of shared blocks.
    std::vector<std::vector<std::uint32_t>> m_spareTables;
    std::vector<std::uint32_t> m_sharedScratch;
    // checkInvariants' per-block tallies, kept between calls: a check, const as it is, writes them,
    // so it must not run beside another call on the same allocator (the simulator makes it from
    // its own thread, between steps).
    struct BlockCheck {
        std::uint32_t counted = 0;
        std::uint32_t filled = UINT32_MAX;
        bool free = false;
    };
    mutable std::vector<BlockCheck> m_checkScratch;
};

} // namespace kvscope
