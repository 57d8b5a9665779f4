#pragma once

#include "decode.h"

#include <span>

namespace kvscope::gpu {

// Figures about a decode run's time that the window shows: how long a run will take, from
// short probes, and how high its step-time chart should reach.

// Seconds a full run should take, from a probe's per-mode step costs (2 steps of each mode at
// the run's batch) and, when there is one, a prefix probe: batch 1, no cache and contiguous,
// 2 steps from the run's mean prefix, whose two equations give the cost per token of a long
// uncached step. Cached modes: their last probe step x steps, plus their first (the prefill).
// The uncached mode: steps x (a + b x (mean tokens - batch)), mean tokens = batch x (prompt +
// steps / 2), a = a cached step at this batch, b = the prefix probe's ms per token (else the
// probe's own last uncached step against the cached one, else that step per token).
double estimateRunSeconds(const DecodeOptions& options, const DecodeReport& probe,
                          const DecodeReport* prefixProbe = nullptr);

// Seconds left in a run under way, priced from its own steps so far (a probe taken before a
// load changed is soon wrong; these are not). Each remaining uncached step costs a + b x its
// tokens, batch x (prompt + step), from the physical least squares over the uncached steps so
// far (three or more); each remaining step of a cached mode the median of the one-token steps
// measured so far (that mode's, else any cached mode's, else that line at batch tokens: the
// two-term model's cached step), its step 0 (the prefill) the uncached mode's step 0 when there
// is one. -1 while a mode still to run has nothing to price it with: then the probes' estimate
// stands.
double remainingRunSeconds(const DecodeOptions& options, std::span<const StepRecord> done);

// The top of the step-time axis, ms: the 95th percentile (the element at rank n x 95 / 100 of
// the sorted steps) x 1.3, not the maximum, so that one stall of a shared machine does not
// flatten every line; with fewer than 20 steps there is no telling a stall from the trend, so
// the maximum x 1.15. At least 0.001 ms; 1 ms with no steps. `offScale`, when given, receives
// the steps above the top.
double stepTimeAxisTop(std::span<const double> stepMs, int* offScale = nullptr);

} // namespace kvscope::gpu
