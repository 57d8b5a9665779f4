// The float64 reference forward pass: the simplest correct GPT forward, no cache, no
// BLAS, every sum in double. Slow on purpose; the tests compare every mode against it.
#include "decode.h"

#include <cmath>

namespace kvscope::gpu {
namespace {

using Matrix = std::vector<double>; // row-major

void layerNorm(Matrix& x, std::size_t rows, std::size_t width, const std::vector<float>& gain,
               const std::vector<float>& bias, Matrix& out) {
    out.assign(rows * width, 0.0);
    for (std::size_t r = 0; r < rows; ++r) {
        double mean = 0, var = 0;
        for (std::size_t i = 0; i < width; ++i)
            mean += x[r * width + i];
        mean /= double(width);
        for (std::size_t i = 0; i < width; ++i)
            var += (x[r * width + i] - mean) * (x[r * width + i] - mean);
        const double inv = 1.0 / std::sqrt(var / double(width) + 1e-5);
        for (std::size_t i = 0; i < width; ++i)
            out[r * width + i] = (x[r * width + i] - mean) * inv * gain[i] + bias[i];
    }
}

Matrix linear(const Matrix& in, std::size_t rows, std::size_t k, const std::vector<float>& w,
              const std::vector<float>& bias, std::size_t n) {
    Matrix out(rows * n);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t j = 0; j < n; ++j) {
            double sum = bias[j];
            for (std::size_t i = 0; i < k; ++i)
                sum += in[r * k + i] * double(w[i * n + j]);
            out[r * n + j] = sum;
        }
    return out;
}

} // namespace

std::vector<double> referenceLogits(const GptWeights& weights, const std::vector<std::int32_t>& tokens) {
    const GptConfig& c = weights.config;
    const std::size_t T = tokens.size(), W = c.width, hd = c.headDim(), kvW = c.kvWidth();
    const std::size_t group = c.heads / c.kvHeads, qkvOut = W + 2 * kvW;
    Matrix x(T * W), h, att(T * W);
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t i = 0; i < W; ++i)
            x[t * W + i] = double(weights.wte[std::size_t(tokens[t]) * W + i]) + double(weights.wpe[t * W + i]);
    for (const auto& L : weights.layers) {
        layerNorm(x, T, W, L.ln1Gain, L.ln1Bias, h);
        const Matrix qkv = linear(h, T, W, L.qkv, L.qkvBias, qkvOut);
        for (std::size_t t = 0; t < T; ++t)
            for (std::size_t head = 0; head < c.heads; ++head) {
                const std::size_t kvh = head / group;
                std::vector<double> p(t + 1);
                double peak = -1e300;
                for (std::size_t s = 0; s <= t; ++s) {
                    double dot = 0;
                    for (std::size_t d = 0; d < hd; ++d)
                        dot += qkv[t * qkvOut + head * hd + d] * qkv[s * qkvOut + W + kvh * hd + d];
                    p[s] = dot / std::sqrt(double(hd));
                    peak = std::max(peak, p[s]);
                }
                double sum = 0;
                for (double& v : p)
                    sum += (v = std::exp(v - peak));
                for (std::size_t d = 0; d < hd; ++d) {
                    double o = 0;
                    for (std::size_t s = 0; s <= t; ++s)
                        o += p[s] / sum * qkv[s * qkvOut + W + kvW + kvh * hd + d];
                    att[t * W + head * hd + d] = o;
                }
            }
        const Matrix proj = linear(att, T, W, L.proj, L.projBias, W);
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] += proj[i];
        layerNorm(x, T, W, L.ln2Gain, L.ln2Bias, h);
        Matrix f = linear(h, T, W, L.fc, L.fcBias, 4 * W);
        for (double& v : f)
            v = 0.5 * v * (1.0 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
        const Matrix f2 = linear(f, T, 4 * W, L.fc2, L.fc2Bias, W);
        for (std::size_t i = 0; i < x.size(); ++i)
            x[i] += f2[i];
    }
    Matrix lastRow(x.end() - std::ptrdiff_t(W), x.end()), normed;
    layerNorm(lastRow, 1, W, weights.lnfGain, weights.lnfBias, normed);
    std::vector<double> logits(c.vocab);
    for (std::size_t v = 0; v < c.vocab; ++v) {
        double sum = 0;
        for (std::size_t i = 0; i < W; ++i)
            sum += normed[i] * double(weights.wte[v * W + i]);
        logits[v] = sum;
    }
    return logits;
}

} // namespace kvscope::gpu
