#pragma once

#include "allocatorkind.h"
#include "kvallocator.h"
#include "workload.h"

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kvscope {

// How the `samples` sequences of one request relate. Parallel: n independent samples of one
// prompt (they share the prompt's blocks). Beam: beam search of width k: each step every beam
// continues from a parent beam; a beam chosen twice forks (its blocks shared, the last partial
// one copied on write) and a beam chosen by none is dropped, freeing the blocks only it held.
enum class SamplingMode { Parallel, Beam };
std::string samplingModeName(SamplingMode mode); // "parallel", "beam"
// "parallel:N" or "beam:K" (N, K from 1 to 64); throws Error naming `what`.
std::pair<SamplingMode, std::uint32_t> parseSampling(std::string_view text, std::string_view what = "--sampling");
// What a server does with a running request when the paged pool runs dry: drop its blocks and
// recompute its tokens when it is admitted again, or copy its blocks to CPU memory and back.
enum class PreemptionMode { Recompute, Swap };
std::string preemptionModeName(PreemptionMode mode); // "recompute", "swap"
PreemptionMode parsePreemptionMode(std::string_view text, std::string_view what = "--preemption");

// When the paged server admits a waiting request (the contiguous allocators admit when a region fits).
//   Vllm: when the blocks of its prompt are free beyond a 1% watermark (vLLM's scheduler); running requests
//     that later find no block are preempted.
//   Conservative: only when every running request, and this one, could grow to the maximum model length
//     in the pool at once: the request's maximum is reserved in the count, never preempted, a smaller batch.
//   Watermark: as Vllm with a larger reserve of free blocks, a share of the pool (SimConfig::watermark).
enum class AdmissionPolicy { Vllm, Conservative, Watermark };
std::string admissionPolicyName(AdmissionPolicy policy); // "vllm", "conservative", "watermark"
// "vllm", "conservative" or "watermark[:F]" (F the share kept free, 0 < F < 1, default 0.1); throws Error
// naming `what`. The watermark share is written to `watermark` when given.
AdmissionPolicy parseAdmissionPolicy(std::string_view text, double& watermark, std::string_view what = "--admission");

struct SimConfig {
    std::uint64_t poolSlots = 15'728; // token slots in the KV pool (the paper's 13B on an A100-40GB)
    AllocatorKind allocator = AllocatorKind::Paged;
    bool buddyPlacement = false;      // contiguous only: buddy instead of first fit
    std::uint32_t blockSize = 16;     // paged only
    std::uint32_t maxModelLen = 2048; // caps prompt + output; what the max policy reserves
    std::uint32_t samples = 1;        // parallel samples or beams per request (paged shares their blocks)
    SamplingMode sampling = SamplingMode::Parallel;
    std::uint32_t maxRunning = 256; // vLLM's max_num_seqs
    PreemptionMode preemption = PreemptionMode::Recompute;
    AdmissionPolicy admission = AdmissionPolicy::Vllm; // paged only
    double watermark = 0.1;                            // AdmissionPolicy::Watermark: the share of blocks kept free
    bool prefixCache = false; // paged only: keep full shared-prefix blocks for later requests (vLLM's APC)
    // Paged with prefix caching: tiers under the pool for the prefix blocks it evicts, host memory then a disk, in
    // token slots (whole blocks: slots / blockSize). 0: no tier. See PagedAllocator::setOffloadTiers. The contiguous
    // allocators have neither (as they have no prefix cache): a comparison runs them with the same config.
    std::uint64_t hostTierSlots = 0, diskTierSlots = 0;
    // vLLM's max_num_batched_tokens with chunked prefill: the tokens one step computes. Running requests take
    // theirs first, in admission order (a decode one per sequence, a prompt its next chunk), then admissions
    // while any remain; a prompt longer than what is left is computed in chunks over several steps, and its
    // first token comes with its last chunk. Memory as vLLM V0 holds it: a prompt's blocks are taken whole when
    // it is admitted. 0: no budget, every admitted prompt whole in its first step. At least maxRunning x
    // samples (vLLM refuses a budget below max_num_seqs); not with prefixCache (not modelled: refused).
    std::uint32_t maxBatchedTokens = 0;
    std::uint64_t kvBytesPerToken =
        0;                        // bytes of one token's K and V over all layers; 0 = unknown (swap cost in slots only)
    bool recordSteps = false;     // keep every step's figures (the view's timeline)
    bool recordEvents = false;    // keep the allocator's event log (the view's replay)
    bool checkInvariants = false; // verify the allocator after every step (tests)
    bool keepSlotMap = false;     // snapshot slotMap() at the moment lastStep() measures
    // A timed replay's two needs: requests join the queue only when release() says so (in trace order; their
    // arrivalStep is ignored), and each step keeps what it computed (traffic()).
    bool arrivalsByCaller = false;
    bool recordTraffic = false;
};

// What one step computed, for pricing it in seconds (SimConfig::recordTraffic).
struct StepTraffic {
    // A request admitted this step that survived it: its prompt went through the model (and, for a request
    // preempted before in recompute mode, the tokens it had generated), which stored its next token.
    // With a token budget (SimConfig::maxBatchedTokens) one entry per chunk: a prompt may take several steps.
    struct Prefill {
        std::uint32_t request = 0;
        std::uint32_t cached = 0; // tokens found in the prefix cache: read back, not computed (its first chunk)
        std::uint32_t tokens = 0; // tokens computed (at least 1): prompt + tokens generated before, less `cached`
        bool recompute = false;   // a preempted request computing its tokens again
        std::uint32_t offset = 0; // tokens of it already in the cache before this chunk: `cached` and earlier chunks
        bool endsPrompt = true;   // the chunk reaches the end: the request stores its first token this step
        // Tokens loaded back from each offload tier (OffloadTier's order): in the cache before `tokens` are
        // computed, like `cached`, but copied over the tier's link this step.
        std::array<std::uint32_t, kOffloadTiers> loaded{};
    };
    std::vector<Prefill> prefills;
    // One entry per sequence (sample or beam) that decoded a token: the tokens in its cache before the step. A
    // request swapped back in decodes here, its cache copied back from CPU memory.
    std::vector<std::uint64_t> decodeContexts;
    std::vector<std::uint32_t> finished; // stored their last token this step
    std::vector<std::uint32_t> rejected; // turned away this step (they never run)
    std::uint64_t swappedSlots = 0;      // token slots copied GPU -> CPU (preemption) or back (resumption)
    // Tokens loaded from each offload tier by requests admitted and preempted in the same step: no prefill of theirs
    // ran, but their blocks were copied into the pool (and stay in its prefix cache), so the step paid the copy.
    std::array<std::uint64_t, kOffloadTiers> loadedByPreempted{};
    bool idle() const { return prefills.empty() && decodeContexts.empty(); }
};

// One decode step's picture of the pool, after the step's tokens were stored.
struct StepStats {
    std::uint64_t step = 0;
    SlotUsage usage;
    std::uint32_t running = 0;         // requests being decoded
    std::uint32_t waiting = 0;         // arrived, not admitted
    std::uint64_t preemptions = 0;     // so far
    std::uint64_t tokensGenerated = 0; // so far
    std::uint64_t sharedBlocksSaved = 0;
    std::uint32_t usedBlocks = 0;       // paged: blocks held by running sequences
    std::uint32_t cachedFreeBlocks = 0; // paged with prefix caching: free blocks still holding a cached prefix
    std::array<std::uint32_t, kOffloadTiers> tierBlocks{}; // prefix blocks held in each offload tier
    // The share of memory sharing saves now: blocks saved ÷ the blocks the same sequences would
    // hold unshared (used + saved); 0 when nothing is held. Kwon et al.'s Figure 15 metric.
    double sharingSaving() const {
        const double unshared = double(usedBlocks) + double(sharedBlocksSaved);
        return unshared > 0 ? double(sharedBlocksSaved) / unshared : 0.0;
    }
};

// What one token slot of the pool holds, for the memory-map view.
// Cached: free (counted in usage().free), but still holding a cached prefix block's K and V.
enum class SlotKind : std::uint8_t { Free, External, Token, Reserved, Internal, Cached };
// The bands of a pool's timeline, bottom to top (Cached slots count as Free here).
inline constexpr std::array<SlotKind, 5> kShareBands{SlotKind::Token, SlotKind::Reserved, SlotKind::Internal,
                                                     SlotKind::External, SlotKind::Free};
// The upper edge of each band of kShareBands, in percent of the pool, stacked: band i ends at
// 100 x (slots of bands 0..i) / pool slots, so the last edge is 100 (an empty pool counts as 1
// slot: every edge 0).
std::array<double, 5> stackedSharePercents(const SlotUsage& usage);

// Moments of a replay worth jumping to, found in its recorded steps (the page's scrubber lists them).
enum class MomentKind : std::uint8_t {
    FirstWait,       // the first step a request that has arrived is left waiting: the pool cannot admit it
    FirstPreemption, // the first step a running request is preempted to make room
    PeakBatch,       // the first step the most requests run at once
    Finished,        // the last step: every request has finished
};
struct RunMoment {
    std::uint64_t step = 0; // StepStats::step of the moment
    MomentKind kind = MomentKind::Finished;
    std::uint32_t value = 0; // PeakBatch: the requests running; FirstWait: those waiting
};
// A moment kind's name in files (a lesson's "moment"): "first-wait", "first-preemption", "peak-batch", "finished".
std::string_view momentKindName(MomentKind kind);
std::optional<MomentKind> parseMomentKind(std::string_view name);
std::vector<std::string> momentKindNames(); // in MomentKind's order
// Each kind at most once, in step order (ties in MomentKind's order); nothing for an empty run.
std::vector<RunMoment> runMoments(const std::vector<StepStats>& steps);
struct SlotCell {
    std::uint32_t request = UINT32_MAX; // owner, UINT32_MAX when free
    SlotKind kind = SlotKind::Free;
    bool shared = false; // a paged block read by several samples
    bool operator==(const SlotCell&) const = default;
};
// A paged sequence's block table, logical order, for the view's table.
struct BlockTableView {
    std::uint32_t request = 0;
    std::uint32_t sample = 0;
    std::vector<std::uint32_t> blocks; // physical block of logical block i
    std::vector<bool> shared;          // entry i's block is read by other sequences too (copy on write)
    std::uint32_t tokens = 0;          // the sequence's length: its last block holds the remainder
    std::vector<bool> prefixCached;    // entry i's block is a full prefix block kept in the prefix cache
};

// One request's block tables drawn as a tree: one row per sequence (sample or beam), rows ordered
// so that sequences sharing blocks sit side by side, and in each column (logical block) one cell
// per physical block, spanning every row that reads it. Beams that fork show as one cell that
// splits into several; a beam dropped and replaced shows its new parent's cells.
struct ForkCell {
    std::uint32_t firstRow = 0, rows = 1; // the rows (sequences) that read this physical block
    std::uint32_t block = 0;              // physical block
    std::uint32_t tokens = 0;             // tokens stored in it (block size when full)
    bool prefixCached = false;
};
struct ForkDiagram {
    std::uint32_t request = 0;
    std::uint32_t blockSize = 0;
    std::vector<std::uint32_t> rowSample;       // the sample (beam) shown in each row
    std::vector<std::vector<ForkCell>> columns; // per logical block, cells top to bottom
    std::uint32_t sharedCells() const;          // cells read by more than one row
};
ForkDiagram forkDiagram(const std::vector<BlockTableView>& tables, std::uint32_t request, std::uint32_t blockSize);

struct SlotFractions {
    double tokenStates = 0, reserved = 0, internal = 0, external = 0, free = 0;
};

struct SimSummary {
    std::string allocator;
    std::uint64_t poolSlots = 0;
    std::uint64_t steps = 0;
    std::uint64_t saturatedSteps = 0; // steps with at least one request waiting
    std::uint64_t requests = 0;
    std::uint64_t requestsFinished = 0;
    // Requests the run turned away or shortened, so that no request is cut silently.
    std::uint64_t requestsRejectedTooLong = 0; // prompt of maxModelLen tokens or more: no room for one output token
    std::uint64_t requestsCapped = 0;          // prompt + output above maxModelLen: output cut to fit
    std::uint64_t requestsRejectedPool = 0;    // alone in an empty pool and still too large: never fits
    std::uint64_t preemptions = 0;
    std::uint64_t recomputedTokens = 0; // recompute mode: tokens computed again when preempted requests resume
    std::uint64_t swappedSlots = 0;     // swap mode: token slots copied GPU -> CPU and back (both directions)
    std::uint64_t swapBytes = 0;        // swappedSlots x kvBytesPerToken (0 when that is unknown)
    std::uint64_t tokensGenerated = 0;
    std::uint64_t blockOperations = 0;
    std::uint64_t maxSharedBlocksSaved = 0;
    // Sharing (paged): saved ÷ unshared blocks, summed over every step before dividing (a
    // block-step weighted mean), and the largest one step showed.
    double meanSharingSaving = 0.0;
    double maxSharingSaving = 0.0;
    std::uint64_t copyOnWrites = 0; // blocks copied because a shared partial block was written
    std::uint64_t beamForks = 0;    // beam search: beams that continued another beam's sequence
    SlotFractions saturated;        // mean share of the pool over the saturated steps
    SlotFractions allSteps;         // mean share over every step
    double meanBatchSaturated = 0.0;
    double meanBatch = 0.0;
    // The batch a server sustains: the mean over the steps where requests wait (the lessons' and the paper's
    // figure; the drain at the end would pull it down), or over every step while none has waited yet.
    bool underLoad() const { return saturatedSteps > 0; }
    double meanBatchUnderLoad() const { return underLoad() ? meanBatchSaturated : meanBatch; }

    // Prefix caching (paged with SimConfig::prefixCache; zero otherwise).
    bool prefixCache = false;
    std::uint64_t promptTokens = 0;       // prompt tokens of every admission
    std::uint64_t prefixHitTokens = 0;    // found in cached blocks: prefill tokens saved
    double prefixHitRate = 0.0;           // prefixHitTokens / promptTokens
    std::uint64_t prefixEvictions = 0;    // cached blocks taken back for other requests
    double meanCachedFreeSlots = 0.0;     // slots of cached-but-free blocks, mean over all steps
    std::uint64_t maxCachedFreeSlots = 0; // and their peak
    // Offload tiers (SimConfig::hostTierSlots, diskTierSlots; OffloadTier's order; zero without them): their
    // capacity in blocks, prompt tokens loaded back from each (prefill saved, a copy paid), blocks stored into each
    // and evicted from each, and the blocks each holds at the end.
    bool offloading = false;
    std::array<std::uint32_t, kOffloadTiers> tierCapacityBlocks{}, tierBlocksAtEnd{};
    std::array<std::uint64_t, kOffloadTiers> tierHitTokens{}, tierStores{}, tierEvictions{};
    std::array<std::uint64_t, kOffloadTiers> tierSuperseded{}; // dropped: the pool computed the block again
    // Every tier's hits with the pool's: the share of prompt tokens not computed.
    double allTierHitRate() const {
        std::uint64_t hits = prefixHitTokens;
        for (const std::uint64_t t : tierHitTokens)
            hits += t;
        return promptTokens ? double(hits) / double(promptTokens) : 0.0;
    }
};

// A deterministic, step-by-step simulation of a serving engine's KV pool: FCFS admission
// (a request starts only when its memory is allocated), one token per running sequence
// per step (the prompt is stored in the first), release at the output length, and for the
// paged allocator preemption (recompute or swap) when a block cannot be had. A request whose
// prompt leaves no room under maxModelLen, or that cannot fit even an empty pool, is rejected and
// counted; the rest run.
class KvSimulator {
public:
    KvSimulator(const SimConfig& config, std::vector<Request> requests);

    bool step(); // runs one step; false when every request has finished
    // To the end. Stretches where nothing arrives, is admitted, takes a block or finishes
    // change every share linearly, so they are summed in closed form rather than stepped
    // (one sample per request, nothing recorded per step); the summary is the same.
    void run();
    // The same, reporting the share of requests settled (finished or rejected, 0..1) about every
    // 10,000 steps; when `progress` returns false the run stops there and run() returns false.
    bool run(const std::function<bool(double)>& progress);
    bool finished() const;

    const SimConfig& config() const { return m_config; }
    const KvAllocator& allocator() const { return *m_allocator; }
    const std::vector<Request>& requests() const { return m_requests; }
    const StepStats& lastStep() const { return m_last; }
    const std::vector<StepStats>& steps() const { return m_steps; }    // when recordSteps
    const std::vector<AllocEvent>& events() const { return m_events; } // when recordEvents
    const StepTraffic& traffic() const { return m_traffic; }           // the last step's, when recordTraffic
    // arrivalsByCaller: the next `count` requests of the trace join the queue before the next step.
    void release(std::size_t count);
    std::size_t released() const { return m_nextArrival; }               // requests that have arrived so far
    bool idle() const { return m_running.empty() && m_waiting.empty(); } // nothing runs, nothing waits
    std::vector<std::uint32_t> runningRequests() const;
    std::vector<std::uint32_t> waitingRequests() const { return {m_waiting.begin(), m_waiting.end()}; }
    std::uint32_t generated(std::uint32_t request) const { return generatedOf(request); }
    SimSummary summary() const;

    // Every slot of the pool in address order (contiguous) or physical-block order (paged),
    // at the moment lastStep() was measured (after the step's tokens, before finished
    // requests leave). Needs keepSlotMap; the kinds add up to lastStep().usage.
    const std::vector<SlotCell>& slotMap() const { return m_map; }
    const std::vector<BlockTableView>& blockTables() const { return m_tables; } // paged only
    std::uint32_t blockSize() const;                                            // 1 for contiguous maps

private:
    // Every running request generates one token a step, so a running request's count is kept as
    // an offset of one clock (generated = m_tokenClock - count): a step or a stretch moves the
    // clock, not each request, and the next to finish is the top of a heap of finishing times.
    struct Progress {
        std::uint64_t count = 0;       // tokens generated; while running, the clock's value when it had none
        std::uint32_t finalLength = 0; // prompt + output, capped by maxModelLen
        bool running = false;
        bool done = false;
        bool rejected = false;
        bool preempted = false; // waiting again after a preemption (its tokens to recompute or swap in)
    };
    std::uint32_t generatedOf(std::uint32_t id) const {
        const Progress& p = m_progress[id];
        return std::uint32_t(p.running ? m_tokenClock - p.count : p.count);
    }
    void startRunning(std::uint32_t id); // admitted: its count joins the clock
    void stopRunning(std::uint32_t id);  // preempted, rejected or done: its count is kept as it is
    bool admitHead();
    bool headWouldAdmit() const;
    // The paged admission policy's answer for a request of `tokens` tokens while others run.
    bool pagedPolicyAdmits(const Request& request, std::uint32_t tokens) const;
    std::uint32_t conservativeReserve() const; // blocks a request may grow to (AdmissionPolicy::Conservative)
    std::vector<std::uint32_t> m_reserved;     // Conservative: each running request's reserve, in blocks
    std::uint64_t m_reservedSum = 0;
    void unreserve(std::uint32_t id);
    std::uint64_t quietSteps();
    void fastForward(std::uint64_t steps);
    std::vector<SlotCell> buildSlotMap() const;
    std::vector<BlockTableView> buildBlockTables() const;
    void preempt(std::size_t runningIndex);
    void rejectAlone();
    void releaseFinished();             // after a step's tokens: requests that stored their last one leave
    void decodeEach();                  // one token for every running sequence, append by append
    void decodePaged();                 // the same for paged parallel samples, walked inside the allocator
    void reject(std::uint32_t request); // counted as refused by the pool; not running, not waiting

    // Chunked prefill (SimConfig::maxBatchedTokens). A running request's share of a step: its chunk of prompt,
    // or a decode, or nothing (stalled: its prompt not yet whole, or the budget spent before its turn). A stalled
    // request stores no token, so its count follows the clock (see Progress).
    bool budgeted() const { return m_config.maxBatchedTokens > 0; }
    struct Grant {
        std::uint64_t step = UINT64_MAX; // the step it is for
        std::uint32_t chunk = 0, offset = 0, cached = 0;
        bool endsPrompt = false, recompute = false, stalled = false;
    };
    struct PromptLeft {
        std::uint32_t total = 0, left = 0; // tokens to have in the cache before the first decode, still to compute
        bool recompute = false;
    };
    std::vector<Grant> m_grants;
    std::vector<PromptLeft> m_prompts;
    std::uint64_t m_budgetLeft = 0;
    bool m_anyStalled = false;
    void grantRunning(); // at a step's start: the running requests' shares, in order
    void grantAdmitted(std::uint32_t id, std::uint32_t tokens, std::uint32_t cached, bool swappedIn, bool recompute);
    void holdStalled(); // after the decode: stalled requests keep their count

    SimConfig m_config;
    std::vector<Request> m_requests;
    std::vector<Progress> m_progress;
    std::unique_ptr<KvAllocator> m_allocator;
    std::deque<std::uint32_t> m_waiting;
    std::vector<std::uint32_t> m_running; // in admission order
    std::uint64_t m_tokenClock = 0;       // decode steps so far; see Progress
    // (the clock value at which a running request stores its last token, request), earliest on top;
    // entries of requests preempted since are skipped (their finishing time no longer matches).
    using Finish = std::pair<std::uint64_t, std::uint32_t>;
    std::vector<Finish> m_finishes;
    bool m_finishTopChecked = false; // the top entry is known to be live
    std::uint64_t nextFinish();      // the earliest finishing time of a running request; UINT64_MAX when none
    std::size_t m_nextArrival = 0;
    std::uint64_t m_step = 0;
    std::uint64_t m_finished = 0;
    std::uint64_t m_rejected = 0; // of every kind, so finished() can count them as settled
    std::uint64_t m_rejectedTooLong = 0, m_capped = 0, m_rejectedPool = 0;
    std::uint64_t m_recomputed = 0, m_swappedSlots = 0;
    StepStats m_last;
    std::vector<StepStats> m_steps;
    std::vector<AllocEvent> m_events;
    StepTraffic m_traffic;
    struct Admission { // admitted this step, for the traffic record
        std::uint32_t request = 0, cached = 0, tokens = 0;
        bool swapped = false, recompute = false;
        std::array<std::uint32_t, kOffloadTiers> loaded{};
    };
    std::vector<Admission> m_admissions;
    void recordTraffic(std::size_t runningBefore);
    std::vector<SlotCell> m_map;
    std::vector<BlockTableView> m_tables;
    // Running sums for the summary, so long runs need not keep every step.
    SlotFractions m_sumSaturated, m_sumAll;
    double m_batchSaturated = 0, m_batchAll = 0;
    std::uint64_t m_saturatedSteps = 0;
    std::uint64_t m_maxShared = 0;
    double m_sumCachedFree = 0;               // blocks, summed over steps
    double m_sumSaved = 0, m_sumUnshared = 0; // blocks, summed over steps (sharing saving)
    double m_maxSaving = 0;
    std::uint64_t m_beamForks = 0;
    void reorderBeams(std::uint32_t request); // beam search: each beam continues from a parent
    std::uint64_t m_maxCachedFree = 0;        // blocks
};

// Runs one allocator over the trace to the end and returns its summary.
SimSummary simulate(const SimConfig& config, const std::vector<Request>& requests);
// The same with progress and cancel (see KvSimulator::run); nullopt when cancelled.
std::optional<SimSummary> simulate(const SimConfig& config, const std::vector<Request>& requests,
                                   const std::function<bool(double)>& progress);

} // namespace kvscope
