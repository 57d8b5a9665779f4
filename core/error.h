#pragma once

#include "scenariofield.h"

#include <optional>
#include <stdexcept>
#include <string>

namespace kvscope {

// Every failure core/ reports: bad input, an impossible size, an unknown name.
// The message names the file, field or argument at fault and what was expected. A refused scenario input also
// carries its field, so that the window marks that control (the CLI names the option in the message).
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
    Error(const std::string& message, ScenarioField field)
        : std::runtime_error(message)
        , m_field(field) {}

    std::optional<ScenarioField> field() const { return m_field; }

private:
    std::optional<ScenarioField> m_field;
};

} // namespace kvscope
