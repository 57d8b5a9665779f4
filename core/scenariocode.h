#pragma once

// A scenario code: the screen a teacher shares, as one line a student pastes into the window (File > Open Scenario
// Link), hands to `kvscope --open`, passes to kvscope-cli (--code) or clicks as a link the desktop entry opens.
//
//   kvscope:?v=1&preset=llama-3.1-8b&weights=bf16&kv=bf16&context=8192&batch=8&gpu=rtx-4090&util=0.9&tp=1
//           &block=16&chunk=2048&page=memory&lesson=course:3&step=120
//
// Every scenario field is written, so that a code reads the same in a later version whatever its defaults. A model
// that is not a preset as published (an imported config, a shape changed by hand) cannot be named by a preset id:
// the code then carries the whole scenario, `scenario=` the scenario file's JSON in base64url, in place of the
// fields (a long code, said so by the window). Unknown and repeated keys are errors, so that a typo is never
// silently dropped; %XX escapes (a link that passed through a browser) are read.

#include "scenario.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace kvscope {

inline constexpr std::string_view kScenarioCodePrefix = "kvscope:";
inline constexpr int kScenarioCodeVersion = 1;
inline constexpr std::size_t kScenarioCodeMaxBytes = std::size_t{256} * 1024;
inline constexpr std::uint64_t kScenarioCodeMaxStep = 1ull << 24; // the paged page's own limit (--sim-steps)

struct SharedScreen {
    Scenario scenario;
    std::string page;       // the window's page id ("memory"); empty: not said
    std::string lesson;     // a shipped lesson set and its 1-based lesson ("course:3"); empty: none
    std::uint64_t step = 0; // the paged replay's position; 0: its start
};

// True when `text` (spaces around it allowed) starts with "kvscope:".
bool isScenarioCode(std::string_view text);
// True when the code names a preset (short) rather than carrying the whole scenario.
bool scenarioCodeIsShort(const Scenario& scenario);
std::string encodeScenarioCode(const SharedScreen& screen);
// Throws Error starting "scenario code:" and naming the field at fault.
SharedScreen decodeScenarioCode(std::string_view code);

} // namespace kvscope
