#pragma once

#include <stdexcept>
#include <string>

namespace kvscope {

// Every failure core/ reports: bad input, an impossible size, an unknown name.
// The message names the file, field or argument at fault and what was expected.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace kvscope
