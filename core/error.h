#pragma once

#include "scenariofield.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace kvscope {

// Why a scenario input was refused, as data: the window words it in the reader's language from these
// (ScenarioController::refusalText); the message is the English the CLI prints.
enum class RefusalKind {
    BelowOne,             // the field's value is below 1 (context, batch, tensor-parallel degree)
    NotPositive,          // the card's memory is 0
    OutOfRange,           // the utilization `value` is outside (0, 1]
    UnevenQueryHeads,     // `value` GPUs cannot split `heads` query heads evenly
    UnevenKvHeads,        // `value` GPUs cannot split `heads` KV heads evenly
    KvHeadsNotReplicable, // `value` GPUs is not a multiple of `heads` KV heads (fewer heads than GPUs)
    EagleHeadUnknown,     // speculative decoding: KV Scope does not know the model's EAGLE head
};
struct Refusal {
    RefusalKind kind = RefusalKind::BelowOne;
    double value = 0;        // the value refused
    std::uint64_t heads = 0; // the heads it was to split, where the kind names them
};

// Every failure core/ reports: bad input, an impossible size, an unknown name.
// The message names the file, field or argument at fault and what was expected. A refused scenario input also
// carries its field and why, so that the window marks that control and says why in its own language (the CLI
// names the option in the message).
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
    Error(const std::string& message, ScenarioField field, Refusal refusal)
        : std::runtime_error(message)
        , m_field(field)
        , m_refusal(refusal) {}

    std::optional<ScenarioField> field() const { return m_field; }
    std::optional<Refusal> refusal() const { return m_refusal; }

private:
    std::optional<ScenarioField> m_field;
    std::optional<Refusal> m_refusal;
};

} // namespace kvscope
