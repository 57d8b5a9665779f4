#pragma once

#include <cstdint>

namespace kvscope {

// The two-term model of a decode step: step_ms = a + b x (tokens computed in the step).
struct StepModel {
    double aMs = 0.0; // fixed cost per step (launches, synchronisation), ms
    double bMs = 0.0; // cost per token pushed through the model, ms
    double predict(double tokens) const { return aMs + bMs * tokens; }
    // Share of a step of `tokens` tokens that is fixed cost, 0..1 (0 when the step costs nothing).
    double fixedShare(double tokens) const {
        const double total = predict(tokens);
        return total > 0.0 ? aMs / total : 0.0;
    }
    // Whether the fit splits a step into a positive fixed and a positive per-token cost; noisy
    // or few steps can give a negative term, and then shares mean nothing.
    bool splits() const { return aMs > 0.0 && bMs > 0.0; }
};

// The course's method: two measured steps (x1 tokens took y1 ms, x2 tokens took y2 ms)
// give two equations a + x1 b = y1 and a + x2 b = y2. Throws Error when x1 == x2.
StepModel fitTwoPoints(double x1, double y1Ms, double x2, double y2Ms);

// What the course measured on its small GPT (docs/domain.md section 7), quoted beside our own
// measurements with where they came from. Times in ms, speedups as ratios.
struct CourseDecodeFigures {
    // The model: 8 layers, width 512, 27.6M parameters, 512-token context, FP32.
    std::uint32_t layers = 8;
    std::uint32_t width = 512;
    std::uint32_t contextTokens = 512;
    std::uint32_t steps = 500;
    // GPU (RTX 4090), batch 1.
    double gpuBatch1UncachedMs = 1.5;
    double gpuBatch1CachedMs = 1.22;
    double gpuBatch1Speedup = 1.2;
    // GPU, batch 64.
    double gpuBatch64UncachedMs = 21.8;
    double gpuBatch64CachedMs = 2.7;
    double gpuBatch64Speedup = 8.0;
    // CPU, batch 1.
    double cpuBatch1Speedup = 3.6;
    // Tokens an uncached step computes on average over 500 steps (about 250 per sequence).
    double uncachedMeanTokens = 250.0;
    // What batch 1's a and b predict for batch 64, as the course text quotes them (with the
    // rounded b = 0.0011 ms): 1.22 + 0.0011 x 64 x 250 and 1.22 + 0.0011 x 64.
    double gpuBatch64PredictedUncachedMs = 18.8;
    double gpuBatch64PredictedCachedMs = 1.29;

    // Seconds one run of `steps` steps took on the course's GPU, both modes:
    // 500 x (1.5 + 1.22) ms = 1.36 s at batch 1, 500 x (21.8 + 2.7) ms = 12.25 s at batch 64.
    constexpr double gpuBatch1RunSeconds() const { return steps * (gpuBatch1UncachedMs + gpuBatch1CachedMs) / 1000.0; }
    constexpr double gpuBatch64RunSeconds() const {
        return steps * (gpuBatch64UncachedMs + gpuBatch64CachedMs) / 1000.0;
    }
};
inline constexpr CourseDecodeFigures kCourseDecode{};

// The course's fit: a + b = 1.22 ms (a cached step at batch 1 computes one token) and
// a + 250 b = 1.5 ms (an uncached one, 250 tokens on average).
StepModel courseStepModel();

} // namespace kvscope
