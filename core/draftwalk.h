#pragma once
// Speculative decoding in a paged KV pool, slot by slot: a few sequences decode together, and every step each
// one writes its last token and k draft tokens into its blocks (vLLM V1 allocates the slots of these 1 + k new
// tokens before the step, and where a drafter runs on the GPU num_lookahead_tokens = k more for the drafts it
// proposes after the check), the model checks the drafts, and the slots of the rejected ones are emptied: they
// stay in the sequence's blocks, to be written over by the next step's drafts.
//
// A step is shown in two phases. Drafted: the cached tokens, the token being written, and k draft slots
// (SlotKind::Reserved: held for tokens that may not come). Checked: the accepted drafts are tokens
// (SlotKind::Token), the rejected slots empty (SlotKind::Internal: held, unused). Each draft is accepted with
// chance a given that the ones before it were (a seeded draw, so a walk replays the same), and the model's own
// token follows the accepted ones; a sequence keeps 1 + accepted tokens a step, (1 - a^(k+1)) / (1 - a) on
// average (expectedTokensPerStep). A sequence that reaches its output length frees its blocks.

#include "kvsimulator.h"

#include <cstdint>
#include <vector>

namespace kvscope {

struct DraftWalkConfig {
    std::uint32_t sequences = 4;       // 1..64
    std::uint32_t blockSize = 16;      // tokens per block, 1..256
    std::uint32_t promptTokens = 24;   // each sequence's prompt, cached before the first step (1..4096)
    std::uint32_t outputTokens = 80;   // tokens each sequence generates before it finishes (1..4096)
    std::uint32_t draftTokens = 3;     // k, 1..kMaxDraftTokens
    std::uint32_t lookaheadTokens = 0; // held beyond the drafts for the next ones: k (EAGLE, a draft model) or 0
    double acceptance = 0.7;           // a, [0, 1]
    std::uint64_t seed = 1;
    bool operator==(const DraftWalkConfig&) const = default;
};

enum class DraftPhase : std::uint8_t { Start, Drafted, Checked, Finished };

struct DraftWalkSequence {
    std::uint32_t cached = 0;    // tokens whose K and V are in the pool
    std::uint32_t generated = 0; // output tokens produced so far (the pending one included)
    std::uint32_t accepted = 0;  // drafts the last check accepted
    std::uint32_t offered = 0;   // drafts the last step wrote (k, fewer near the end)
    bool finished = false;
    std::vector<std::uint32_t> blocks; // physical blocks, logical order
};

class DraftWalk {
public:
    // Throws Error naming the field (sequences, block size, prompt, output, draft tokens, acceptance).
    explicit DraftWalk(const DraftWalkConfig& config);

    // The next phase: Start -> Drafted -> Checked -> Drafted ... -> Finished. False once finished.
    bool advance();
    DraftPhase phase() const { return m_phase; }
    std::uint64_t step() const { return m_step; } // steps begun (1 at the first Drafted)
    const DraftWalkConfig& config() const { return m_config; }
    const std::vector<DraftWalkSequence>& sequences() const { return m_sequences; }
    std::uint32_t poolBlocks() const { return m_poolBlocks; }

    // Every slot of the pool in physical block order, as the phase leaves it.
    std::vector<SlotCell> slotMap() const;

    // Totals so far, over every sequence: drafts written, drafts accepted, tokens kept and sequence-steps (a
    // sequence's step, counted when it is checked).
    std::uint64_t drafted() const { return m_drafted; }
    std::uint64_t acceptedTotal() const { return m_accepted; }
    std::uint64_t tokensKept() const { return m_kept; }
    std::uint64_t sequenceSteps() const { return m_sequenceSteps; }
    double tokensPerStep() const { return m_sequenceSteps == 0 ? 0.0 : double(m_kept) / double(m_sequenceSteps); }
    std::uint32_t freeBlocks() const { return std::uint32_t(m_free.size()); }

private:
    double draw(); // uniform in [0, 1), from a seeded 64-bit generator (the same on every platform)
    void draft();
    void check();

    DraftWalkConfig m_config;
    DraftPhase m_phase = DraftPhase::Start;
    std::uint64_t m_step = 0;
    std::uint32_t m_poolBlocks = 0;
    std::vector<DraftWalkSequence> m_sequences;
    std::vector<std::uint32_t> m_free; // free blocks, lowest last (taken from the back)
    std::uint64_t m_state = 0;         // splitmix64
    std::uint64_t m_drafted = 0, m_accepted = 0, m_kept = 0, m_sequenceSteps = 0;
};

} // namespace kvscope
