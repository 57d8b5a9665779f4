#include "kvsimulator.h"

#include "checked.h"
#include "contiguousallocator.h"
#include "enumnames.h"
#include "error.h"
#include "pagedallocator.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>

namespace kvscope {

namespace {
constexpr EnumName<EventKind> kEventKinds[] = {
    {EventKind::Allocate, "allocate"},         {EventKind::Append, "append"}, {EventKind::Share, "share"},
    {EventKind::CopyOnWrite, "copy-on-write"}, {EventKind::Free, "free"},     {EventKind::Preempt, "preempt"},
};
constexpr EnumName<PreemptionMode> kPreemptionModes[] = {
    {PreemptionMode::Recompute, "recompute"},
    {PreemptionMode::Swap, "swap"},
};
constexpr EnumName<AdmissionPolicy> kAdmissionPolicies[] = {
    {AdmissionPolicy::Vllm, "vllm"},
    {AdmissionPolicy::Conservative, "conservative"},
    {AdmissionPolicy::Watermark, "watermark"},
};
constexpr EnumName<SamplingMode> kSamplingModes[] = {{SamplingMode::Parallel, "parallel"},
                                                     {SamplingMode::Beam, "beam"}};
constexpr EnumName<MomentKind> kMomentKinds[] = {
    {MomentKind::FirstWait, "first-wait"},
    {MomentKind::FirstPreemption, "first-preemption"},
    {MomentKind::PeakBatch, "peak-batch"},
    {MomentKind::Finished, "finished"},
};
} // namespace

std::string eventKindName(EventKind kind) {
    return std::string(enumName(kEventKinds, kind));
}

std::string preemptionModeName(PreemptionMode mode) {
    return std::string(enumName(kPreemptionModes, mode));
}

PreemptionMode parsePreemptionMode(std::string_view text, std::string_view what) {
    if (const auto mode = enumFromName(kPreemptionModes, text))
        return *mode;
    throw Error(std::string(what) + ": '" + std::string(text) + "' is not a preemption mode; expected " +
                enumNameList(kPreemptionModes));
}

std::string admissionPolicyName(AdmissionPolicy policy) {
    return std::string(enumName(kAdmissionPolicies, policy));
}

AdmissionPolicy parseAdmissionPolicy(std::string_view text, double& watermark, std::string_view what) {
    const auto colon = text.find(':');
    const std::optional<AdmissionPolicy> policy = enumFromName(kAdmissionPolicies, text.substr(0, colon));
    const auto fail = [&] {
        throw Error(std::string(what) + ": '" + std::string(text) + "' is not an admission policy; expected " +
                    enumNameList(kAdmissionPolicies) +
                    " (watermark:F keeps the share F of the blocks free, 0 < F < 1)");
    };
    if (!policy)
        fail();
    if (colon == std::string_view::npos)
        return *policy;
    if (*policy != AdmissionPolicy::Watermark)
        fail();
    const std::string_view number = text.substr(colon + 1);
    double f = 0.0;
    const auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), f);
    if (number.empty() || ec != std::errc() || ptr != number.data() + number.size() || !(f > 0.0 && f < 1.0))
        fail();
    watermark = f;
    return *policy;
}

std::string samplingModeName(SamplingMode mode) {
    return std::string(enumName(kSamplingModes, mode));
}

std::pair<SamplingMode, std::uint32_t> parseSampling(std::string_view text, std::string_view what) {
    const auto colon = text.find(':');
    const std::string_view mode = text.substr(0, colon);
    const std::string_view count = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
    std::uint32_t n = 0;
    const auto [ptr, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
    const bool numberOk =
        !count.empty() && ec == std::errc() && ptr == count.data() + count.size() && n >= 1 && n <= 64;
    const std::optional<SamplingMode> kind = enumFromName(kSamplingModes, mode);
    if (!kind || !numberOk)
        throw Error(std::string(what) + ": '" + std::string(text) +
                    "': expected parallel:N (N samples of each prompt) or beam:K (beam width K), N and K from 1 to 64");
    return {*kind, n};
}

std::string_view momentKindName(MomentKind kind) {
    return enumName(kMomentKinds, kind, "finished");
}

std::optional<MomentKind> parseMomentKind(std::string_view name) {
    return enumFromName(kMomentKinds, name);
}

std::vector<std::string> momentKindNames() {
    return enumNames(kMomentKinds);
}

std::vector<RunMoment> runMoments(const std::vector<StepStats>& steps) {
    std::vector<RunMoment> out;
    if (steps.empty())
        return out;
    const StepStats* firstWait = nullptr;
    const StepStats* firstPreemption = nullptr;
    const StepStats* peak = &steps.front();
    for (const StepStats& s : steps) {
        if (!firstWait && s.waiting > 0)
            firstWait = &s;
        if (!firstPreemption && s.preemptions > 0)
            firstPreemption = &s;
        if (s.running > peak->running)
            peak = &s;
    }
    if (firstWait)
        out.push_back({firstWait->step, MomentKind::FirstWait, firstWait->waiting});
    if (firstPreemption)
        out.push_back({firstPreemption->step, MomentKind::FirstPreemption, 0});
    out.push_back({peak->step, MomentKind::PeakBatch, peak->running});
    out.push_back({steps.back().step, MomentKind::Finished, 0});
    std::stable_sort(out.begin(), out.end(), [](const RunMoment& a, const RunMoment& b) { return a.step < b.step; });
    return out;
}

std::array<double, 5> stackedSharePercents(const SlotUsage& u) {
    const double total = double(std::max<std::uint64_t>(1, u.total()));
    const double slots[] = {double(u.tokenStates), double(u.reserved), double(u.internal), double(u.external),
                            double(u.free)}; // kShareBands' order
    std::array<double, 5> upper{};
    double sum = 0;
    for (std::size_t b = 0; b < upper.size(); ++b) {
        sum += slots[b];
        upper[b] = 100.0 * sum / total;
    }
    return upper;
}

KvSimulator::KvSimulator(const SimConfig& config, std::vector<Request> requests)
    : m_config(config)
    , m_requests(std::move(requests)) {
    if (m_config.samples == 0 || m_config.samples > 64)
        throw Error("--samples must be between 1 and 64, got " + std::to_string(m_config.samples));
    if (m_config.maxModelLen == 0)
        throw Error("--max-model-len must be at least 1");
    if (m_config.maxRunning == 0)
        throw Error("the running-request limit must be at least 1");
    // vLLM refuses a budget below max_num_seqs, the sequences a step may run: here requests x samples.
    if (m_config.maxBatchedTokens > 0 &&
        std::uint64_t(m_config.maxBatchedTokens) < std::uint64_t(m_config.maxRunning) * m_config.samples)
        throw Error("--max-batched-tokens must be at least the sequences a step may run, " +
                    std::to_string(m_config.maxRunning) + " requests x " + std::to_string(m_config.samples) +
                    " samples = " + std::to_string(std::uint64_t(m_config.maxRunning) * m_config.samples) +
                    " (vLLM's max_num_seqs), as vLLM requires; got " + std::to_string(m_config.maxBatchedTokens));
    // A prompt's blocks enter the prefix cache when it is admitted; in chunks they would be found by later requests
    // before they are computed. Not modelled: said rather than priced wrong.
    if (m_config.maxBatchedTokens > 0 && m_config.prefixCache)
        throw Error("--max-batched-tokens with --prefix-cache is not modelled yet: a chunked prompt's blocks would "
                    "count as cached for later requests before its chunks compute them");
    // The tiers keep what the paged pool's prefix cache evicts; said for every allocator a comparison runs, so a
    // setting that would do nothing is refused rather than ignored.
    if ((m_config.hostTierSlots > 0 || m_config.diskTierSlots > 0) && !m_config.prefixCache)
        throw Error(std::string(m_config.hostTierSlots > 0 ? "--host-tier-tokens" : "--disk-tier-tokens") +
                    ": the tiers keep the prefix blocks the paged pool evicts; give --prefix-cache too");
    if (m_config.diskTierSlots > 0 && m_config.hostTierSlots == 0)
        throw Error("--disk-tier-tokens: the disk tier takes the blocks the host tier evicts; give --host-tier-tokens "
                    "too");
    if (!(m_config.watermark > 0.0 && m_config.watermark < 1.0))
        throw Error("--admission: the watermark must be a share of the blocks between 0 and 1");
    if (!m_config.arrivalsByCaller) // the caller releases them in the order given
        std::stable_sort(m_requests.begin(), m_requests.end(),
                         [](const Request& a, const Request& b) { return a.arrivalStep < b.arrivalStep; });
    m_progress.resize(m_requests.size());
    for (std::size_t i = 0; i < m_requests.size(); ++i) {
        Request& r = m_requests[i];
        r.id = std::uint32_t(i);
        // The model length caps a request, visibly: a prompt with no room for one output token is
        // rejected (as vLLM rejects it), a longer output is cut to fit; both are counted.
        if (r.promptLen >= m_config.maxModelLen) {
            m_progress[i].rejected = true;
            ++m_rejectedTooLong;
            ++m_rejected;
            continue;
        }
        if (std::uint64_t(r.promptLen) + r.outputLen > m_config.maxModelLen) {
            r.outputLen = m_config.maxModelLen - r.promptLen;
            ++m_capped;
        }
        m_progress[i].finalLength = r.promptLen + r.outputLen;
    }

    switch (m_config.allocator) {
    case AllocatorKind::Paged:
        m_allocator = std::make_unique<PagedAllocator>(m_config.poolSlots, m_config.blockSize, m_config.prefixCache);
        if (m_config.hostTierSlots > 0 || m_config.diskTierSlots > 0) {
            // Whole blocks, each tier at least one: a tier too small for a block is said, not dropped.
            const auto blocks = [&](std::uint64_t slots, const char* what) {
                const std::uint64_t b = slots / m_config.blockSize;
                if (slots > 0 && b == 0)
                    throw Error(std::string(what) + ": " + std::to_string(slots) + " slots hold no block of " +
                                std::to_string(m_config.blockSize) + " tokens");
                if (b > 0xFFFFFFFFull)
                    throw Error(std::string(what) + ": too many blocks (" + std::to_string(b) + ")");
                return std::uint32_t(b);
            };
            static_cast<PagedAllocator&>(*m_allocator)
                .setOffloadTiers(blocks(m_config.hostTierSlots, "--host-tier-tokens"),
                                 blocks(m_config.diskTierSlots, "--disk-tier-tokens"));
        }
        break;
    default:
        m_allocator = std::make_unique<ContiguousAllocator>(
            m_config.poolSlots, m_config.allocator, m_config.buddyPlacement ? Placement::Buddy : Placement::FirstFit,
            m_config.maxModelLen);
    }
    if (m_config.recordEvents)
        m_allocator->setEventLog(&m_events);
    if (budgeted()) {
        m_grants.resize(m_requests.size());
        m_prompts.resize(m_requests.size());
    }
}

bool KvSimulator::finished() const {
    return m_finished + m_rejected == m_requests.size();
}

std::vector<std::uint32_t> KvSimulator::runningRequests() const {
    return m_running;
}

bool KvSimulator::admitHead() {
    const std::uint32_t id = m_waiting.front();
    const Request& r = m_requests[id];
    const Progress& p = m_progress[id];
    const std::uint32_t tokens = r.promptLen + generatedOf(id); // a preempted request recomputes what it had
    if (m_config.allocator == AllocatorKind::Paged && !m_running.empty() && !pagedPolicyAdmits(r, tokens))
        return false;
    const std::uint64_t usedBefore = m_allocator->usedSlots();
    const bool countHits = (m_config.recordTraffic || budgeted()) && m_config.allocator == AllocatorKind::Paged;
    const std::uint64_t hitsBefore =
        countHits ? static_cast<const PagedAllocator&>(*m_allocator).prefixStats().hitTokens : 0;
    const std::array<std::uint64_t, kOffloadTiers> tierBefore =
        countHits ? static_cast<const PagedAllocator&>(*m_allocator).prefixStats().tierHitTokens
                  : std::array<std::uint64_t, kOffloadTiers>{};
    // A request swapped back in brings its own blocks from swap space, not from the offload tiers.
    const bool swapResume = p.preempted && generatedOf(id) > 0 && m_config.preemption == PreemptionMode::Swap;
    if (m_config.allocator == AllocatorKind::Paged && swapResume)
        static_cast<PagedAllocator&>(*m_allocator).setTierLoads(false);
    const bool admitted = m_allocator->admit(r, m_config.samples, tokens, p.finalLength);
    if (m_config.allocator == AllocatorKind::Paged && swapResume)
        static_cast<PagedAllocator&>(*m_allocator).setTierLoads(true);
    if (!admitted)
        return false;
    // A request preempted in the step that first admitted it never ran: its prompt is computed now, whatever the
    // preemption mode.
    const bool ran = p.preempted && generatedOf(id) > 0;
    const bool swappedIn = ran && m_config.preemption == PreemptionMode::Swap;
    const bool recompute = ran && m_config.preemption == PreemptionMode::Recompute;
    // A prompt found whole in the cache still computes its last token, for the logits of the next one.
    const std::uint32_t cached =
        countHits
            ? std::uint32_t(std::min<std::uint64_t>(
                  static_cast<const PagedAllocator&>(*m_allocator).prefixStats().hitTokens - hitsBefore, tokens - 1))
            : 0;
    // Blocks loaded back from the tiers below the pool: in the cache before the prompt's rest is computed. The
    // tiers' hits end before the block holding the prompt's last token, as the pool's do.
    std::array<std::uint32_t, kOffloadTiers> loaded{};
    std::uint32_t loadedAll = 0;
    if (countHits)
        for (std::size_t t = 0; t < kOffloadTiers; ++t) {
            loaded[t] = std::uint32_t(static_cast<const PagedAllocator&>(*m_allocator).prefixStats().tierHitTokens[t] -
                                      tierBefore[t]);
            loadedAll += loaded[t];
        }
    if (m_config.recordTraffic && !budgeted())
        m_admissions.push_back({id, cached, tokens - cached - loadedAll, swappedIn, recompute, loaded});
    if (p.preempted) {
        // Resuming: its blocks come back from CPU memory, or its tokens are computed again (a request that had
        // not run computes its prompt in either mode).
        if (m_config.preemption == PreemptionMode::Recompute)
            m_recomputed += tokens;
        else if (generatedOf(id) > 0)
            m_swappedSlots += m_allocator->usedSlots() - usedBefore;
        m_progress[id].preempted = false;
    }
    m_waiting.pop_front();
    m_running.push_back(id);
    startRunning(id);
    if (budgeted())
        grantAdmitted(id, tokens, cached, swappedIn, recompute);
    if (m_config.allocator == AllocatorKind::Paged && m_config.admission == AdmissionPolicy::Conservative) {
        m_reserved.resize(m_requests.size(), 0);
        m_reserved[id] = conservativeReserve();
        m_reservedSum += m_reserved[id];
    }
    return true;
}

std::uint32_t KvSimulator::conservativeReserve() const {
    // Each sequence may grow to the maximum model length; prompt blocks shared by samples are counted per
    // sample, which only makes the reserve larger.
    const auto& paged = static_cast<const PagedAllocator&>(*m_allocator);
    return m_config.samples * std::uint32_t(ceilDiv(m_config.maxModelLen, paged.blockSize()));
}

void KvSimulator::unreserve(std::uint32_t id) {
    if (id < m_reserved.size()) {
        m_reservedSum -= m_reserved[id];
        m_reserved[id] = 0;
    }
}

bool KvSimulator::pagedPolicyAdmits(const Request& r, std::uint32_t tokens) const {
    const auto& paged = static_cast<const PagedAllocator&>(*m_allocator);
    const std::uint32_t need = paged.blocksToAdmit(r, m_config.samples, tokens);
    switch (m_config.admission) {
    case AdmissionPolicy::Conservative:
        return need <= paged.freeBlocks() && m_reservedSum + conservativeReserve() <= paged.blockCount();
    case AdmissionPolicy::Watermark: {
        const auto keep = std::uint32_t(std::ceil(m_config.watermark * paged.blockCount()));
        return need + std::max(1u, keep) <= paged.freeBlocks();
    }
    case AdmissionPolicy::Vllm:
        break;
    }
    // vLLM keeps a 1% watermark of free blocks so that running sequences can grow.
    return need + std::max(1u, paged.blockCount() / 100) <= paged.freeBlocks();
}

void KvSimulator::startRunning(std::uint32_t id) {
    Progress& p = m_progress[id];
    p.count = m_tokenClock - p.count;
    p.running = true;
    m_finishTopChecked = false;
    m_finishes.emplace_back(p.count + m_requests[id].outputLen, id);
    std::push_heap(m_finishes.begin(), m_finishes.end(), std::greater<>());
}

void KvSimulator::stopRunning(std::uint32_t id) {
    Progress& p = m_progress[id];
    p.count = generatedOf(id);
    p.running = false;
    m_finishTopChecked = false;
}

std::uint64_t KvSimulator::nextFinish() {
    if (m_finishTopChecked)
        return m_finishes.front().first;
    while (!m_finishes.empty()) {
        const auto [when, id] = m_finishes.front();
        if (m_progress[id].running && m_progress[id].count + m_requests[id].outputLen == when) {
            m_finishTopChecked = true; // until the heap or a running request changes
            return when;
        }
        // Preempted since: a resumed request's finishing time only grows, so this entry is stale.
        std::pop_heap(m_finishes.begin(), m_finishes.end(), std::greater<>());
        m_finishes.pop_back();
    }
    return UINT64_MAX;
}

void KvSimulator::preempt(std::size_t index) {
    const std::uint32_t id = m_running[index];
    unreserve(id);
    const std::uint64_t usedBefore = m_allocator->usedSlots();
    m_allocator->release(id);
    // Only what it alone held leaves the GPU, and only a request that ran has anything to keep: one preempted
    // in the step that admitted it computes its prompt when it returns.
    if (m_config.preemption == PreemptionMode::Swap && generatedOf(id) > 0)
        m_swappedSlots += usedBefore - m_allocator->usedSlots();
    stopRunning(id);
    m_progress[id].preempted = true;
    if (budgeted())
        m_prompts[id] = {}; // a prompt cut off in its chunks is computed again from the start
    m_running.erase(m_running.begin() + std::ptrdiff_t(index));
    m_waiting.push_front(id); // first in line again, with its tokens to recompute or swap in
    ++m_last.preemptions;
    if (m_config.recordEvents)
        m_events.push_back({m_step, EventKind::Preempt, id, 0, 0, 0});
}

void KvSimulator::reorderBeams(std::uint32_t id) {
    // A random model of beam selection, not a model's scores: each step, each beam keeps its own
    // sequence with probability 3/4, else continues from a beam drawn at random (possibly itself).
    // Deterministic: the draw depends on the request, its step and the trace only.
    std::uint64_t x = (std::uint64_t(id) << 32) ^ generatedOf(id) ^ 0x2545f4914f6cdd1dull;
    auto next = [&x] {
        x += 0x9e3779b97f4a7c15ull;
        std::uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    };
    std::vector<std::uint32_t> parents(m_config.samples);
    bool changed = false;
    for (std::uint32_t j = 0; j < m_config.samples; ++j) {
        const std::uint64_t r = next();
        parents[j] = (r & 3) != 0 ? j : std::uint32_t((r >> 2) % m_config.samples);
        if (parents[j] != j) {
            changed = true;
            ++m_beamForks;
        }
    }
    if (changed)
        static_cast<PagedAllocator&>(*m_allocator).reorderSamples(id, parents);
}

void KvSimulator::reject(std::uint32_t id) {
    if (m_progress[id].running)
        stopRunning(id);
    if (m_config.recordTraffic)
        m_traffic.rejected.push_back(id);
    m_progress[id].rejected = true;
    m_progress[id].preempted = false;
    ++m_rejectedPool;
    ++m_rejected;
}

void KvSimulator::rejectAlone() {
    // The only running request, and still out of room: re-admitting it would fail the same way forever.
    const std::uint32_t id = m_running.back();
    m_allocator->release(id);
    unreserve(id);
    m_running.pop_back();
    reject(id);
}

void KvSimulator::decodeEach() {
    for (std::size_t i = 0; i < m_running.size();) {
        const std::uint32_t id = m_running[i];
        if (m_anyStalled && m_grants[id].stalled) { // no token this step (chunked prefill)
            ++i;
            continue;
        }
        const std::uint32_t newLength = m_requests[id].promptLen + generatedOf(id) + 1;
        bool stored = true;
        if (m_config.sampling == SamplingMode::Beam && m_config.samples > 1 &&
            m_config.allocator == AllocatorKind::Paged && generatedOf(id) > 0)
            reorderBeams(id);
        for (std::uint32_t s = 0; s < m_config.samples && stored; ++s) {
            while (!m_allocator->append(id, s, newLength)) {
                if (m_running.size() == 1) {
                    rejectAlone();
                    stored = false;
                    break;
                }
                preempt(m_running.size() - 1);
                if (m_running.size() <= i) { // the victim was this request
                    stored = false;
                    break;
                }
            }
        }
        if (!stored)
            break;
        m_last.tokensGenerated += m_config.samples;
        ++i;
    }
    ++m_tokenClock; // every request still running stored its token
}

void KvSimulator::decodePaged() {
    // The same order and outcome as decodeEach (m_running and the allocator's sequences are both
    // in admission order), with the sequences walked inside the allocator.
    auto& paged = static_cast<PagedAllocator&>(*m_allocator);
    for (std::size_t from = 0;;) {
        from = paged.appendAll(from);
        if (from == paged.sequenceCount())
            break;
        const std::uint32_t id = paged.requestOfSequence(from);
        if (m_running.size() == 1) {
            rejectAlone();
            break;
        }
        const bool victimIsAsker = m_running.back() == id;
        preempt(m_running.size() - 1); // the sequences before `from` stay where they are
        if (victimIsAsker)
            break;
    }
    ++m_tokenClock; // every request still running stored its token
    m_last.tokensGenerated += std::uint64_t(m_running.size()) * m_config.samples;
}

void KvSimulator::grantRunning() {
    m_budgetLeft = m_config.maxBatchedTokens;
    m_anyStalled = false;
    for (const std::uint32_t id : m_running) {
        Grant& g = m_grants[id];
        g = {};
        g.step = m_step;
        PromptLeft& prompt = m_prompts[id];
        if (prompt.left > 0) { // the next chunk of its prompt
            g.chunk = std::uint32_t(std::min<std::uint64_t>(prompt.left, m_budgetLeft));
            g.offset = prompt.total - prompt.left;
            g.endsPrompt = g.chunk == prompt.left;
            g.recompute = prompt.recompute;
            prompt.left -= g.chunk;
            m_budgetLeft -= g.chunk;
            g.stalled = prompt.left > 0;
        } else if (m_budgetLeft >= m_config.samples) { // a decode, one token per sequence
            m_budgetLeft -= m_config.samples;
        } else {
            g.stalled = true; // the budget went to the requests before it
        }
        m_anyStalled = m_anyStalled || g.stalled;
    }
}

void KvSimulator::grantAdmitted(std::uint32_t id, std::uint32_t tokens, std::uint32_t cached, bool swappedIn,
                                bool recompute) {
    Grant& g = m_grants[id];
    g = {};
    g.step = m_step;
    if (swappedIn) { // its cache came back from CPU memory: it decodes
        if (m_budgetLeft >= m_config.samples)
            m_budgetLeft -= m_config.samples;
        else
            g.stalled = true;
    } else {
        const std::uint32_t toCompute = tokens - cached;
        g.chunk = std::uint32_t(std::min<std::uint64_t>(toCompute, m_budgetLeft));
        g.offset = cached;
        g.cached = cached;
        g.endsPrompt = g.chunk == toCompute;
        g.recompute = recompute;
        m_prompts[id] = {tokens, toCompute - g.chunk, recompute};
        m_budgetLeft -= g.chunk;
        g.stalled = !g.endsPrompt;
    }
    m_anyStalled = m_anyStalled || g.stalled;
}

void KvSimulator::holdStalled() {
    // The clock moved for every running request; a stalled one stored nothing, so its count moves with it, and its
    // finishing time with the count (the entry it had is now stale: nextFinish skips it).
    for (const std::uint32_t id : m_running)
        if (m_grants[id].stalled) {
            Progress& p = m_progress[id];
            ++p.count;
            m_finishes.emplace_back(p.count + m_requests[id].outputLen, id);
            std::push_heap(m_finishes.begin(), m_finishes.end(), std::greater<>());
        }
    m_finishTopChecked = false;
}

void KvSimulator::release(std::size_t count) {
    for (const std::size_t end = std::min(m_requests.size(), m_nextArrival + count); m_nextArrival < end;
         ++m_nextArrival)
        if (!m_progress[m_nextArrival].rejected)
            m_waiting.push_back(std::uint32_t(m_nextArrival));
}

void KvSimulator::recordTraffic(std::size_t runningBefore) {
    if (budgeted()) { // each running request's share, as granted (victims of the step are no longer running)
        for (const std::uint32_t id : m_running) {
            const Grant& g = m_grants[id];
            if (g.chunk > 0)
                m_traffic.prefills.push_back({id, g.cached, g.chunk, g.recompute, g.offset, g.endsPrompt});
            else if (!g.stalled)
                m_traffic.decodeContexts.insert(m_traffic.decodeContexts.end(), m_config.samples,
                                                std::uint64_t(m_requests[id].promptLen) + generatedOf(id) - 1);
        }
        return;
    }
    // Victims of a step are taken from the back of m_running (the latest admitted), so the admissions that
    // survived the step are the first of this step's admissions, at the end of m_running in the same order.
    const std::size_t survivors = m_running.size() > runningBefore ? m_running.size() - runningBefore : 0;
    const std::size_t olderRunning = m_running.size() - survivors;
    for (std::size_t i = 0; i < olderRunning; ++i) {
        const std::uint32_t id = m_running[i];
        m_traffic.decodeContexts.insert(m_traffic.decodeContexts.end(), m_config.samples,
                                        std::uint64_t(m_requests[id].promptLen) + generatedOf(id) - 1);
    }
    for (std::size_t i = survivors; i < m_admissions.size(); ++i)
        for (std::size_t t = 0; t < kOffloadTiers; ++t)
            m_traffic.loadedByPreempted[t] += m_admissions[i].loaded[t];
    for (std::size_t i = 0; i < survivors; ++i) {
        const Admission& a = m_admissions[i];
        if (a.swapped) // its cache came back from CPU memory: it decodes from there
            m_traffic.decodeContexts.insert(m_traffic.decodeContexts.end(), m_config.samples,
                                            std::uint64_t(m_requests[a.request].promptLen) + generatedOf(a.request) -
                                                1);
        else
            m_traffic.prefills.push_back(
                {a.request, a.cached, a.tokens, a.recompute, a.cached + a.loaded[0] + a.loaded[1], true, a.loaded});
    }
}

bool KvSimulator::step() {
    if (finished())
        return false;
    m_allocator->setStep(m_step);
    const std::uint64_t swappedBefore = m_swappedSlots;
    if (m_config.recordTraffic) {
        m_traffic.prefills.clear();
        m_traffic.decodeContexts.clear();
        m_traffic.finished.clear();
        m_traffic.rejected.clear();
        m_traffic.loadedByPreempted = {};
        m_admissions.clear();
    }
    while (!m_config.arrivalsByCaller && m_nextArrival < m_requests.size() &&
           m_requests[m_nextArrival].arrivalStep <= m_step) {
        if (!m_progress[m_nextArrival].rejected)
            m_waiting.push_back(std::uint32_t(m_nextArrival));
        ++m_nextArrival;
    }
    const std::size_t runningBefore = m_running.size();
    if (budgeted())
        grantRunning();

    while (!m_waiting.empty() && m_running.size() < m_config.maxRunning && (!budgeted() || m_budgetLeft > 0)) {
        if (admitHead())
            continue;
        if (!m_running.empty())
            break;
        // Nothing runs and the pool is empty, yet the head does not fit: it never will.
        reject(m_waiting.front());
        m_waiting.pop_front();
    }

    // Decode: every running sequence stores one token. When the paged pool runs dry, the
    // most recently admitted request is preempted (it may be the one that asked).
    if (m_config.allocator == AllocatorKind::Paged && m_config.sampling != SamplingMode::Beam && !m_anyStalled)
        decodePaged();
    else
        decodeEach();
    if (m_anyStalled)
        holdStalled();
    if (m_config.recordTraffic)
        recordTraffic(runningBefore);

    m_last.step = m_step;
    m_last.usage = m_allocator->usage(m_waiting.empty() ? nullptr : &m_requests[m_waiting.front()], m_config.samples);
    m_last.running = std::uint32_t(m_running.size());
    m_last.waiting = std::uint32_t(m_waiting.size());
    m_last.sharedBlocksSaved = m_allocator->sharedBlocksSaved();
    if (m_config.allocator == AllocatorKind::Paged) {
        const auto& paged = static_cast<const PagedAllocator&>(*m_allocator);
        m_last.usedBlocks = paged.usedBlocks();
        m_last.cachedFreeBlocks = paged.cachedFreeBlocks();
        m_last.tierBlocks = {paged.tier(OffloadTier::Host).size(), paged.tier(OffloadTier::Disk).size()};
        m_sumCachedFree += m_last.cachedFreeBlocks;
        m_maxCachedFree = std::max<std::uint64_t>(m_maxCachedFree, m_last.cachedFreeBlocks);
        m_sumSaved += double(m_last.sharedBlocksSaved);
        m_sumUnshared += double(m_last.usedBlocks) + double(m_last.sharedBlocksSaved);
        m_maxSaving = std::max(m_maxSaving, m_last.sharingSaving());
    }
    const double pool = double(m_allocator->poolSlots());
    const SlotFractions f{double(m_last.usage.tokenStates) / pool, double(m_last.usage.reserved) / pool,
                          double(m_last.usage.internal) / pool, double(m_last.usage.external) / pool,
                          double(m_last.usage.free) / pool};
    auto accumulate = [&](SlotFractions& sum) {
        sum.tokenStates += f.tokenStates;
        sum.reserved += f.reserved;
        sum.internal += f.internal;
        sum.external += f.external;
        sum.free += f.free;
    };
    accumulate(m_sumAll);
    m_batchAll += m_last.running;
    if (m_last.waiting > 0) {
        accumulate(m_sumSaturated);
        m_batchSaturated += m_last.running;
        ++m_saturatedSteps;
    }
    m_maxShared = std::max(m_maxShared, m_last.sharedBlocksSaved);
    if (m_config.recordSteps)
        m_steps.push_back(m_last);
    if (m_config.keepSlotMap) {
        m_map = buildSlotMap();
        m_tables = buildBlockTables();
    }

    releaseFinished();
    if (m_config.recordTraffic)
        m_traffic.swappedSlots = m_swappedSlots - swappedBefore;
    if (m_config.checkInvariants)
        m_allocator->checkInvariants();
    ++m_step;
    return !finished();
}

void KvSimulator::releaseFinished() {
    // Requests that generated their last token leave, in admission order, and their memory goes back.
    if (nextFinish() > m_tokenClock)
        return;
    for (std::size_t i = 0; i < m_running.size();) {
        const std::uint32_t id = m_running[i];
        if (generatedOf(id) >= m_requests[id].outputLen) {
            m_allocator->release(id);
            unreserve(id);
            stopRunning(id);
            m_progress[id].done = true;
            ++m_finished;
            if (m_config.recordTraffic)
                m_traffic.finished.push_back(id);
            m_running.erase(m_running.begin() + std::ptrdiff_t(i));
        } else {
            ++i;
        }
    }
}

bool KvSimulator::headWouldAdmit() const {
    const Request& r = m_requests[m_waiting.front()];
    const std::uint32_t tokens = r.promptLen + generatedOf(r.id);
    if (m_config.allocator == AllocatorKind::Paged)
        return pagedPolicyAdmits(r, tokens);
    return m_allocator->canAdmit(r, tokens, m_progress[r.id].finalLength);
}

std::uint64_t KvSimulator::quietSteps() {
    if (m_config.recordSteps || m_config.keepSlotMap || m_config.recordEvents || m_config.checkInvariants ||
        m_config.recordTraffic || m_config.arrivalsByCaller || finished())
        return 0;
    // Several sequences per request: only paged parallel samples, once none writes into a shared
    // block (after each request's first step); beams reorder every step.
    if (m_config.samples != 1 &&
        (m_config.allocator != AllocatorKind::Paged || m_config.sampling == SamplingMode::Beam ||
         static_cast<const PagedAllocator&>(*m_allocator).hasSharedPartialBlock()))
        return 0;
    // A token budget: every step of a stretch decodes every running request, with no prompt left in chunks.
    if (budgeted() &&
        (std::uint64_t(m_running.size()) * m_config.samples > m_config.maxBatchedTokens ||
         std::any_of(m_running.begin(), m_running.end(), [this](std::uint32_t id) { return m_prompts[id].left > 0; })))
        return 0;
    std::uint64_t k = UINT64_MAX;
    if (m_nextArrival < m_requests.size()) {
        const std::uint64_t arrival = m_requests[m_nextArrival].arrivalStep;
        if (arrival <= m_step)
            return 0;
        k = arrival - m_step;
    }
    if (!m_waiting.empty() && (m_running.empty() || (m_running.size() < m_config.maxRunning && headWouldAdmit())))
        return 0;
    // Paged: a stretch may end with the step that stores a request's last token (run() releases
    // it afterwards, as that step would). The contiguous allocators step it.
    const std::uint32_t lastStepApart = m_config.allocator == AllocatorKind::Paged ? 0 : 1;
    if (!m_running.empty()) // the earliest to finish has >= 1 token left
        k = std::min<std::uint64_t>(k, nextFinish() - m_tokenClock - lastStepApart);
    if (m_running.empty())
        return k == UINT64_MAX ? 0 : k;
    if (m_config.allocator != AllocatorKind::Paged)
        return std::min(k, m_allocator->appendsBeforeChange());
    // Paged: blocks may be taken during the stretch, as long as the pool never runs dry in it
    // (a dry pool preempts, which must be stepped).
    return static_cast<const PagedAllocator&>(*m_allocator).stepsBeforeDry(k);
}

void KvSimulator::fastForward(std::uint64_t k) {
    const Request* next = m_waiting.empty() ? nullptr : &m_requests[m_waiting.front()];
    const SlotUsage u = m_allocator->usage(next, m_config.samples); // before the stretch's first token
    const double R = double(m_running.size());
    const double pool = double(m_allocator->poolSlots());
    const double kd = double(k);
    SlotFractions sum;
    if (m_config.allocator == AllocatorKind::Paged) {
        // Sums over the stretch, block boundaries included; tokens are what the rest leaves.
        auto& paged = static_cast<PagedAllocator&>(*m_allocator);
        m_sumCachedFree += kd * paged.cachedFreeBlocks();       // a stretch never evicts: the cache stays as it is
        const double saved = double(paged.sharedBlocksSaved()); // no block is shared or copied in a stretch
        const auto s = paged.advanceStretch(std::uint32_t(k));
        const double usedSum = kd * paged.blockCount() - double(s.free) / paged.blockSize(); // blocks over the stretch
        m_sumSaved += kd * saved;
        m_sumUnshared += usedSum + kd * saved;
        sum.reserved = double(s.reserved) / pool;
        sum.internal = double(s.internal) / pool;
        sum.free = double(s.free) / pool;
        sum.external = kd * double(u.external) / pool;
        sum.tokenStates = kd - sum.reserved - sum.internal - sum.free - sum.external;
    } else {
        const double growth = R * kd * (kd + 1.0) / 2.0; // sum over the stretch of (j + 1) x R
        sum.tokenStates = (kd * double(u.tokenStates) + growth) / pool;
        sum.reserved = (kd * double(u.reserved) - growth) / pool;
        sum.internal = kd * double(u.internal) / pool;
        sum.external = kd * double(u.external) / pool;
        sum.free = kd * double(u.free) / pool;
        m_allocator->advanceAll(std::uint32_t(k));
    }
    auto accumulate = [&](SlotFractions& total) {
        total.tokenStates += sum.tokenStates;
        total.reserved += sum.reserved;
        total.internal += sum.internal;
        total.external += sum.external;
        total.free += sum.free;
    };
    accumulate(m_sumAll);
    m_batchAll += kd * R;
    if (!m_waiting.empty()) {
        accumulate(m_sumSaturated);
        m_batchSaturated += kd * R;
        m_saturatedSteps += k;
    }
    m_tokenClock += k;
    m_step += k;
    m_last.step = m_step - 1;
    m_last.usage = m_allocator->usage(next, m_config.samples);
    m_last.running = std::uint32_t(m_running.size());
    m_last.waiting = std::uint32_t(m_waiting.size());
    m_last.tokensGenerated += k * m_running.size() * m_config.samples;
    m_last.sharedBlocksSaved = m_allocator->sharedBlocksSaved();
    if (m_config.allocator == AllocatorKind::Paged) {
        const auto& paged = static_cast<const PagedAllocator&>(*m_allocator);
        m_last.usedBlocks = paged.usedBlocks();
        m_last.cachedFreeBlocks = paged.cachedFreeBlocks();
    }
}

void KvSimulator::run() {
    run({});
}

bool KvSimulator::run(const std::function<bool(double)>& progress) {
    std::uint64_t nextReport = m_step + 10'000;
    while (!finished()) {
        if (const std::uint64_t quiet = quietSteps(); quiet > 0) {
            fastForward(quiet);
            releaseFinished();
        }
        step(); // does nothing once every request has finished
        if (progress && m_step >= nextReport) {
            nextReport = m_step + 10'000;
            if (!progress(double(m_finished + m_rejected) / double(m_requests.size())))
                return false;
        }
    }
    return true;
}

SimSummary KvSimulator::summary() const {
    SimSummary s;
    s.allocator = m_allocator->name();
    s.poolSlots = m_allocator->poolSlots();
    s.steps = m_step;
    s.saturatedSteps = m_saturatedSteps;
    s.requests = m_requests.size();
    s.requestsFinished = m_finished;
    s.requestsRejectedTooLong = m_rejectedTooLong;
    s.requestsCapped = m_capped;
    s.requestsRejectedPool = m_rejectedPool;
    s.preemptions = m_last.preemptions;
    s.recomputedTokens = m_recomputed;
    s.swappedSlots = m_swappedSlots;
    s.swapBytes = mulChecked("bytes swapped", m_swappedSlots, m_config.kvBytesPerToken);
    s.tokensGenerated = m_last.tokensGenerated;
    s.blockOperations = m_allocator->blockOperations();
    s.maxSharedBlocksSaved = m_maxShared;
    s.meanSharingSaving = m_sumUnshared > 0 ? m_sumSaved / m_sumUnshared : 0.0;
    s.maxSharingSaving = m_maxSaving;
    s.beamForks = m_beamForks;
    if (m_config.allocator == AllocatorKind::Paged)
        s.copyOnWrites = static_cast<const PagedAllocator&>(*m_allocator).copyOnWrites();
    auto mean = [](const SlotFractions& sum, double n) {
        if (n == 0)
            return SlotFractions{};
        return SlotFractions{sum.tokenStates / n, sum.reserved / n, sum.internal / n, sum.external / n, sum.free / n};
    };
    s.saturated = mean(m_sumSaturated, double(m_saturatedSteps));
    s.allSteps = mean(m_sumAll, double(m_step));
    s.meanBatchSaturated = m_saturatedSteps ? m_batchSaturated / double(m_saturatedSteps) : 0.0;
    s.meanBatch = m_step ? m_batchAll / double(m_step) : 0.0;
    if (m_config.allocator == AllocatorKind::Paged && m_config.prefixCache) {
        const auto& paged = static_cast<const PagedAllocator&>(*m_allocator);
        s.prefixCache = true;
        s.promptTokens = paged.prefixStats().promptTokens;
        s.prefixHitTokens = paged.prefixStats().hitTokens;
        s.prefixHitRate = s.promptTokens ? double(s.prefixHitTokens) / double(s.promptTokens) : 0.0;
        s.prefixEvictions = paged.prefixStats().evictions;
        s.meanCachedFreeSlots = m_step ? m_sumCachedFree * m_config.blockSize / double(m_step) : 0.0;
        s.maxCachedFreeSlots = m_maxCachedFree * m_config.blockSize;
        s.offloading = paged.offloading();
        for (std::size_t t = 0; t < kOffloadTiers; ++t) {
            const HashLru& tier = paged.tier(OffloadTier(t));
            s.tierCapacityBlocks[t] = tier.capacity();
            s.tierBlocksAtEnd[t] = tier.size();
            s.tierHitTokens[t] = paged.prefixStats().tierHitTokens[t];
            s.tierStores[t] = paged.prefixStats().tierStores[t];
            s.tierEvictions[t] = paged.prefixStats().tierEvictions[t];
            s.tierSuperseded[t] = paged.prefixStats().tierSuperseded[t];
        }
    }
    return s;
}

std::uint32_t KvSimulator::blockSize() const {
    return m_config.allocator == AllocatorKind::Paged ? m_config.blockSize : 1;
}

std::vector<BlockTableView> KvSimulator::buildBlockTables() const {
    std::vector<BlockTableView> out;
    if (m_config.allocator != AllocatorKind::Paged)
        return out;
    const auto& paged = static_cast<const PagedAllocator&>(*m_allocator);
    for (const auto& seq : paged.sequences()) {
        BlockTableView view{seq.request, seq.sample, seq.blockTable, {}, seq.length, {}};
        for (const std::uint32_t block : seq.blockTable) {
            view.shared.push_back(paged.refCount(block) > 1);
            view.prefixCached.push_back(paged.isPrefixKeyed(block));
        }
        out.push_back(std::move(view));
    }
    return out;
}

std::vector<SlotCell> KvSimulator::buildSlotMap() const {
    std::vector<SlotCell> map(std::size_t(m_allocator->poolSlots()));
    const Request* next = m_waiting.empty() ? nullptr : &m_requests[m_waiting.front()];
    if (m_config.allocator == AllocatorKind::Paged) {
        const auto& paged = static_cast<const PagedAllocator&>(*m_allocator);
        const std::uint32_t b = paged.blockSize();
        for (std::size_t slot = std::size_t(paged.blockCount()) * b; slot < map.size(); ++slot)
            map[slot].kind = SlotKind::External; // the tail too small for a block
        if (paged.cachedFreeBlocks() > 0)
            for (std::uint32_t block = 0; block < paged.blockCount(); ++block)
                if (paged.isCachedFree(block))
                    for (std::uint32_t i = 0; i < b; ++i)
                        map[std::size_t(block) * b + i].kind = SlotKind::Cached;
        for (const auto& seq : paged.sequences()) {
            for (std::size_t logical = 0; logical < seq.blockTable.size(); ++logical) {
                const std::uint32_t block = seq.blockTable[logical];
                const bool shared = paged.refCount(block) > 1;
                const std::uint64_t first = std::uint64_t(logical) * b;
                for (std::uint32_t i = 0; i < b; ++i) {
                    SlotCell& cell = map[std::size_t(block) * b + i];
                    const std::uint64_t position = first + i;
                    SlotKind kind = position < seq.length        ? SlotKind::Token
                                    : position < seq.finalLength ? SlotKind::Reserved
                                                                 : SlotKind::Internal;
                    if (shared && kind == SlotKind::Internal)
                        kind = SlotKind::Reserved; // as usage() counts it: one sample will write there
                    if (cell.request == UINT32_MAX || kind == SlotKind::Token)
                        cell = {seq.request, kind, shared};
                }
            }
        }
        return map;
    }
    const auto& contiguous = static_cast<const ContiguousAllocator&>(*m_allocator);
    for (const auto& r : contiguous.regions()) {
        const std::uint64_t used = std::min<std::uint64_t>(r.finalLength, r.size);
        for (std::uint64_t i = 0; i < r.size; ++i)
            map[std::size_t(r.offset + i)] = {r.request,
                                              i < r.length ? SlotKind::Token
                                              : i < used   ? SlotKind::Reserved
                                                           : SlotKind::Internal,
                                              false};
    }
    const std::uint64_t need = next ? contiguous.reservationFor(next->promptLen, m_progress[next->id].finalLength) : 0;
    const std::uint64_t placed = m_config.buddyPlacement ? std::bit_ceil(need) : need;
    for (const auto& [offset, size] : contiguous.holes())
        if (next && size < placed)
            for (std::uint64_t i = 0; i < size; ++i)
                map[std::size_t(offset + i)].kind = SlotKind::External;
    return map;
}

SimSummary simulate(const SimConfig& config, const std::vector<Request>& requests) {
    KvSimulator sim(config, requests);
    sim.run();
    return sim.summary();
}

std::optional<SimSummary> simulate(const SimConfig& config, const std::vector<Request>& requests,
                                   const std::function<bool(double)>& progress) {
    KvSimulator sim(config, requests);
    if (!sim.run(progress))
        return std::nullopt;
    return sim.summary();
}

std::uint32_t ForkDiagram::sharedCells() const {
    std::uint32_t n = 0;
    for (const auto& column : columns)
        for (const ForkCell& cell : column)
            n += cell.rows > 1 ? 1 : 0;
    return n;
}

ForkDiagram forkDiagram(const std::vector<BlockTableView>& tables, std::uint32_t request, std::uint32_t blockSize) {
    ForkDiagram d;
    d.request = request;
    d.blockSize = blockSize;
    std::vector<const BlockTableView*> rows;
    for (const BlockTableView& t : tables)
        if (t.request == request)
            rows.push_back(&t);
    // Sharing is by prefix (a beam copies its parent's whole table; samples share the prompt's
    // leading blocks), so in table order the sequences reading one block are adjacent.
    std::stable_sort(rows.begin(), rows.end(),
                     [](const BlockTableView* a, const BlockTableView* b) { return a->blocks < b->blocks; });
    std::size_t width = 0;
    for (const BlockTableView* row : rows) {
        d.rowSample.push_back(row->sample);
        width = std::max(width, row->blocks.size());
    }
    d.columns.resize(width);
    for (std::size_t c = 0; c < width; ++c) {
        for (std::uint32_t r = 0; r < rows.size(); ++r) {
            const BlockTableView& row = *rows[r];
            if (c >= row.blocks.size())
                continue;
            auto& column = d.columns[c];
            if (!column.empty() && column.back().block == row.blocks[c] &&
                column.back().firstRow + column.back().rows == r) {
                ++column.back().rows;
                continue;
            }
            const std::uint64_t before = std::uint64_t(c) * blockSize;
            const std::uint32_t tokens =
                row.tokens > before ? std::uint32_t(std::min<std::uint64_t>(blockSize, row.tokens - before)) : 0;
            column.push_back({r, 1, row.blocks[c], tokens, c < row.prefixCached.size() && row.prefixCached[c]});
        }
    }
    return d;
}

} // namespace kvscope
