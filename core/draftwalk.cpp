#include "draftwalk.h"

#include "error.h"
#include "speculation.h"

#include <algorithm>
#include <functional>
#include <string>

namespace kvscope {

namespace {
void requireRange(std::uint64_t value, std::uint64_t low, std::uint64_t high, const char* what) {
    if (value < low || value > high)
        throw Error(std::string("draft walk: ") + what + " must be between " + std::to_string(low) + " and " +
                    std::to_string(high) + ", got " + std::to_string(value));
}
std::uint32_t blocksFor(std::uint64_t tokens, std::uint32_t blockSize) {
    return std::uint32_t((tokens + blockSize - 1) / blockSize);
}
} // namespace

DraftWalk::DraftWalk(const DraftWalkConfig& config)
    : m_config(config)
    , m_state(config.seed) {
    requireRange(config.sequences, 1, 64, "sequences");
    requireRange(config.blockSize, 1, 256, "block size");
    requireRange(config.promptTokens, 1, 4096, "prompt tokens");
    requireRange(config.outputTokens, 1, 4096, "output tokens");
    requireRange(config.draftTokens, 1, kMaxDraftTokens, "draft tokens");
    requireRange(config.lookaheadTokens, 0, kMaxDraftTokens, "lookahead tokens");
    if (!(config.acceptance >= 0.0 && config.acceptance <= 1.0))
        throw Error("draft walk: the acceptance rate must be between 0 and 1");
    // The most a sequence holds: its prompt, its output and the drafts of its last step (bounded above: at most
    // 4096 + 4096 + 16 tokens of 64 sequences).
    const std::uint32_t perSequence = blocksFor(std::uint64_t(config.promptTokens) + config.outputTokens +
                                                    config.draftTokens + config.lookaheadTokens,
                                                config.blockSize);
    m_poolBlocks = perSequence * config.sequences;
    m_free.resize(m_poolBlocks);
    for (std::uint32_t i = 0; i < m_poolBlocks; ++i)
        m_free[i] = m_poolBlocks - 1 - i; // block 0 is taken first
    m_sequences.resize(config.sequences);
    for (DraftWalkSequence& s : m_sequences) {
        s.cached = config.promptTokens; // the prefill stored the prompt and sampled the first token
        s.generated = 1;
        s.finished = s.generated >= config.outputTokens;
        while (std::uint64_t(s.blocks.size()) * config.blockSize < s.cached) {
            s.blocks.push_back(m_free.back());
            m_free.pop_back();
        }
    }
}

double DraftWalk::draw() {
    // splitmix64: a fixed sequence for a seed on every platform and standard library.
    std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return double(z >> 11) * 0x1.0p-53;
}

bool DraftWalk::advance() {
    switch (m_phase) {
    case DraftPhase::Finished:
        return false;
    case DraftPhase::Start:
    case DraftPhase::Checked:
        draft();
        return true;
    case DraftPhase::Drafted:
        check();
        return true;
    }
    return false;
}

void DraftWalk::draft() {
    // Sequences that finished at the last check give their blocks back first.
    for (DraftWalkSequence& s : m_sequences)
        if (s.finished && !s.blocks.empty()) {
            m_free.insert(m_free.end(), s.blocks.begin(), s.blocks.end());
            s.blocks.clear();
            s.offered = 0;
            s.accepted = 0;
        }
    std::sort(m_free.begin(), m_free.end(), std::greater<>()); // the lowest block is taken first
    if (std::all_of(m_sequences.begin(), m_sequences.end(), [](const DraftWalkSequence& s) { return s.finished; })) {
        m_phase = DraftPhase::Finished;
        return;
    }
    ++m_step;
    for (DraftWalkSequence& s : m_sequences) {
        if (s.finished)
            continue;
        // No drafts past the output length: the server stops there.
        s.offered = std::min(m_config.draftTokens, m_config.outputTokens - s.generated);
        s.accepted = 0;
        // The last token, the drafts, and the slots kept for the drafter's next proposals.
        const std::uint64_t slots = std::uint64_t(s.cached) + 1 + s.offered + m_config.lookaheadTokens;
        while (std::uint64_t(s.blocks.size()) * m_config.blockSize < slots) {
            if (m_free.empty())
                throw Error("draft walk: the pool ran out of blocks"); // the pool is sized so that it cannot
            s.blocks.push_back(m_free.back());
            m_free.pop_back();
        }
        m_drafted += s.offered;
    }
    m_phase = DraftPhase::Drafted;
}

void DraftWalk::check() {
    for (DraftWalkSequence& s : m_sequences) {
        if (s.finished)
            continue;
        std::uint32_t n = 0;
        while (n < s.offered && draw() < m_config.acceptance)
            ++n;
        s.accepted = n;
        m_accepted += n;
        ++m_sequenceSteps;
        // The last token and the accepted drafts are now cached; the model samples one more after them unless the
        // output is complete. The sequence ends with its last token produced: that one is never cached.
        s.cached += 1 + n;
        m_kept += 1 + n;
        s.generated += n;
        if (s.generated < m_config.outputTokens)
            ++s.generated; // the model's own token, written by the next step
        s.finished = s.generated >= m_config.outputTokens;
    }
    m_phase = DraftPhase::Checked;
}

std::vector<SlotCell> DraftWalk::slotMap() const {
    const std::uint32_t b = m_config.blockSize;
    std::vector<SlotCell> map(std::size_t(m_poolBlocks) * b);
    for (std::uint32_t id = 0; id < m_sequences.size(); ++id) {
        const DraftWalkSequence& s = m_sequences[id];
        // While drafting, the slot after the cached tokens holds the last token (written by this step) and the
        // next `offered` hold drafts until the check.
        const bool drafting = m_phase == DraftPhase::Drafted && !s.finished;
        const std::uint64_t stored = std::uint64_t(s.cached) + (drafting ? 1 : 0);
        const std::uint64_t drafted = stored + (drafting ? s.offered : 0);
        for (std::size_t logical = 0; logical < s.blocks.size(); ++logical)
            for (std::uint32_t j = 0; j < b; ++j) {
                const std::uint64_t position = logical * b + j;
                // Held and empty past the drafts: the block's tail, or a rejected draft's slot.
                const SlotKind kind = position < stored    ? SlotKind::Token
                                      : position < drafted ? SlotKind::Reserved
                                                           : SlotKind::Internal;
                map[std::size_t(s.blocks[logical]) * b + j] = {id, kind, false};
            }
    }
    return map;
}

} // namespace kvscope
