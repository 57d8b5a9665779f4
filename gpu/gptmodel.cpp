#include "gptmodel.h"

#include "engine.h"

#include "dtype.h"
#include "error.h"
#include "inputfile.h"
#include "memorymodel.h"
#include "modelshape.h"
#include "text.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <random>

namespace kvscope::gpu {
namespace {

class Normal {
public:
    explicit Normal(std::uint64_t seed)
        : m_engine(seed) {}
    float operator()(float stddev) {
        // Box-Muller on our own uniform: the same weights with every standard library.
        const double u1 = (double(m_engine() >> 11) + 0.5) * 0x1.0p-53;
        const double u2 = double(m_engine() >> 11) * 0x1.0p-53;
        return float(stddev * std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2));
    }
    float sign() { return (m_engine() >> 63) != 0 ? 1.0f : -1.0f; }

private:
    std::mt19937_64 m_engine;
};

// Thrown inside randomWeightsUnlessStopped when its stop is requested; never leaves this file.
struct Interrupted {};

// Checks `stop` every 2^20 values (a width-4096 model's larger matrices hold 67M).
std::vector<float> randomVector(Normal& rng, std::size_t n, float stddev, const StopCondition* stop = nullptr) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (stop && (i & 0xFFFFF) == 0 && stop->requested())
            throw Interrupted{};
        v[i] = rng(stddev);
    }
    return v;
}

float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = std::uint32_t(h & 0x8000) << 16;
    std::uint32_t exponent = (h >> 10) & 0x1f;
    std::uint32_t mantissa = h & 0x3ff;
    std::uint32_t bits;
    if (exponent == 0) {
        if (mantissa == 0) {
            bits = sign;
        } else { // subnormal: normalise
            exponent = 127 - 15 + 1;
            while ((mantissa & 0x400) == 0) {
                mantissa <<= 1;
                --exponent;
            }
            bits = sign | (exponent << 23) | ((mantissa & 0x3ff) << 13);
        }
    } else if (exponent == 31) {
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else {
        bits = sign | ((exponent - 15 + 127) << 23) | (mantissa << 13);
    }
    float out;
    std::memcpy(&out, &bits, sizeof out);
    return out;
}

} // namespace

std::uint64_t GptConfig::parameterCount() const {
    return kvscope::parameterCount(modelShapeOf(*this));
}

std::uint64_t GptConfig::kvBytesPerToken() const {
    return kvscope::kvBytesPerToken(modelShapeOf(*this), kvscope::DType::fp32());
}

kvscope::ModelShape modelShapeOf(const GptConfig& c) {
    c.validate();
    kvscope::ModelShape m;
    m.id = "small-gpt";
    m.displayName = "our small GPT";
    m.layers = c.layers;
    m.hidden = c.width;
    m.heads = c.heads;
    m.kvHeads = c.kvHeads;
    m.headDim = c.headDim();
    m.intermediate = 4 * c.width;
    m.vocab = c.vocab;
    m.maxContext = c.maxContext;
    m.learnedPositions = c.maxContext;
    m.tiedEmbeddings = true;
    m.mlp = kvscope::MlpKind::Plain;
    m.norm = kvscope::NormKind::LayerNorm;
    m.qkvBias = m.outBias = m.mlpBias = true;
    m.nativeDtype = kvscope::DType::fp32();
    return m;
}

void GptConfig::validate() const {
    auto require = [](bool ok, const std::string& message) {
        if (!ok)
            throw Error(message);
    };
    require(layers >= 1 && layers <= 256, "--layers must be between 1 and 256, got " + std::to_string(layers));
    require(width >= 8 && width <= 16384, "--width must be between 8 and 16384, got " + std::to_string(width));
    require(heads >= 1 && width % heads == 0,
            "--heads (" + std::to_string(heads) + ") must divide --width (" + std::to_string(width) + ")");
    require(kvHeads >= 1 && heads % kvHeads == 0,
            "--kv-heads (" + std::to_string(kvHeads) + ") must divide --heads (" + std::to_string(heads) + ")");
    require(vocab >= 2, "the vocabulary needs at least 2 tokens");
    require(maxContext >= 2, "the context must hold at least 2 tokens");
}

std::uint64_t GptWeights::bytes() const {
    std::uint64_t n = wte.size() + wpe.size() + lnfGain.size() + lnfBias.size();
    for (const Layer& l : layers)
        n += l.ln1Gain.size() + l.ln1Bias.size() + l.qkv.size() + l.qkvBias.size() + l.proj.size() + l.projBias.size() +
             l.ln2Gain.size() + l.ln2Bias.size() + l.fc.size() + l.fcBias.size() + l.fc2.size() + l.fc2Bias.size();
    return n * sizeof(float);
}

namespace {
GptWeights drawWeights(const GptConfig& c, const StopCondition* stop) {
    c.validate();
    Normal rng(c.seed);
    const std::size_t w = c.width;
    const std::size_t qkvOut = w + 2 * std::size_t(c.kvWidth());
    const float residualStd = 0.02f / std::sqrt(2.0f * float(c.layers));
    GptWeights g;
    g.config = c;
    g.wte = randomVector(rng, std::size_t(c.vocab) * w, 0.02f, stop);
    // Positions at std 0.05, not 0.01 (gptmodel.h: a decode worth watching).
    g.wpe = randomVector(rng, std::size_t(c.maxContext) * w, 0.05f, stop);
    for (std::uint32_t i = 0; i < c.layers; ++i) {
        GptWeights::Layer l;
        l.ln1Gain.assign(w, 1.0f);
        l.ln1Bias.assign(w, 0.0f);
        l.qkv = randomVector(rng, w * qkvOut, 0.02f, stop);
        l.qkvBias = randomVector(rng, qkvOut, 0.01f, stop);
        l.proj = randomVector(rng, w * w, residualStd, stop);
        l.projBias.assign(w, 0.0f);
        l.ln2Gain.assign(w, 1.0f);
        l.ln2Bias.assign(w, 0.0f);
        l.fc = randomVector(rng, w * 4 * w, 0.02f, stop);
        l.fcBias = randomVector(rng, 4 * w, 0.01f, stop);
        l.fc2 = randomVector(rng, 4 * w * w, residualStd, stop);
        l.fc2Bias.assign(w, 0.0f);
        g.layers.push_back(std::move(l));
    }
    // The final norm's gain: random signs instead of GPT-2's ones (gptmodel.h says why). Drawn
    // last, so every other tensor is what it was.
    g.lnfGain.resize(w);
    for (float& gain : g.lnfGain)
        gain = rng.sign();
    g.lnfBias.assign(w, 0.0f);
    return g;
}
} // namespace

GptWeights randomWeights(const GptConfig& c) {
    return drawWeights(c, nullptr);
}

namespace detail {
std::optional<GptWeights> randomWeightsUnlessStopped(const GptConfig& c, const StopCondition& stop) {
    try {
        return drawWeights(c, &stop);
    } catch (const Interrupted&) {
        return std::nullopt;
    }
}
} // namespace detail

[[noreturn]] static void badTensor(const std::string& file, const std::string& tensor, const std::string& why) {
    throw Error(file + ": tensor " + kvscope::quoteExcerpt(tensor, 120) + ": " + why);
}

namespace {

// safetensors' own limit on the header (MAX_HEADER_SIZE in its Rust loader): 100 MB.
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;

// One tensor as the header describes it; its bytes are [begin, end) of the data section.
struct TensorEntry {
    std::string rawName;
    std::string dtype;
    std::vector<std::uint64_t> shape;
    std::uint64_t begin = 0, end = 0;
};

// What the file is, read from its header alone: the tensors (by name without "transformer."),
// checked to tile the `dataSize` data bytes, and the model they make. Everything that can be
// refused is refused here, before a byte of data is read (a 2 GiB file was read for 43 s first).
struct SafetensorsLayout {
    std::map<std::string, TensorEntry> tensors;
    GptConfig config;
};

// The header's length from the file's first 8 bytes (`head`, fewer when the file is shorter),
// checked against the `fileSize` bytes there are and safetensors' own limit.
std::uint64_t headerLength(std::string_view head, std::uint64_t fileSize, const std::string& file) {
    if (fileSize < 8 || head.size() < 8)
        throw Error(file + ": too short for a safetensors header (" + std::to_string(fileSize) + " bytes)");
    std::uint64_t headerSize = 0;
    for (int i = 7; i >= 0; --i)
        headerSize = (headerSize << 8) | std::uint8_t(head[std::size_t(i)]);
    if (headerSize > fileSize - 8 || headerSize > kMaxHeaderBytes)
        throw Error(file + ": the header claims " + std::to_string(headerSize) + " bytes but the file has " +
                    std::to_string(fileSize - 8) + " after the length (and a header holds at most 100,000,000)");
    return headerSize;
}

SafetensorsLayout readLayout(std::string_view headerText, std::uint64_t dataSize, const std::string& file,
                             std::uint32_t heads) {
    refuseNulBytes(headerText, file, "safetensors header (JSON)");
    nlohmann::json header;
    try {
        header = nlohmann::json::parse(headerText.begin(), headerText.end());
    } catch (const nlohmann::json::exception& e) { // parse_error, or out_of_range for a huge number
        throw Error(file + ": the header is not valid JSON (" + jsonErrorExcerpt(e) + ")");
    }
    if (!header.is_object())
        throw Error(file + ": the header must be a JSON object");

    SafetensorsLayout layout;
    std::vector<const TensorEntry*> spans; // each tensor's data bytes, for the tiling check below
    for (const auto& item : header.items()) {
        // Named, not a structured binding: clang before 16 cannot capture those in the lambda below.
        const std::string& rawName = item.key();
        const nlohmann::json& info = item.value();
        if (rawName == "__metadata__")
            continue;
        auto fail = [&](const std::string& why) { badTensor(file, rawName, why); };
        if (!info.is_object() || !info.contains("dtype") || !info.contains("shape") || !info.contains("data_offsets"))
            fail("needs dtype, shape and data_offsets");
        TensorEntry t;
        t.rawName = rawName;
        t.dtype = info["dtype"].is_string() ? info["dtype"].get<std::string>() : std::string();
        const std::size_t elementSize = t.dtype == "F32" ? 4 : (t.dtype == "F16" || t.dtype == "BF16") ? 2 : 0;
        if (elementSize == 0)
            fail("dtype " + kvscope::quoteExcerpt(t.dtype) + " is not supported (F32, F16 or BF16)");
        std::uint64_t count = 1;
        // A list of whole numbers whose product fits 64 bits (a scalar or an object iterated
        // as one was accepted, and 2^62 + 1 values wrapped to 4 bytes, then failed to allocate).
        if (!info["shape"].is_array())
            fail("the shape must be a list of whole numbers");
        for (const auto& d : info["shape"]) {
            if (!d.is_number_unsigned())
                fail("the shape must list whole numbers");
            t.shape.push_back(d.get<std::uint64_t>());
            if (t.shape.back() != 0 && count > std::numeric_limits<std::uint64_t>::max() / t.shape.back() / elementSize)
                fail("the shape's size passes 64 bits");
            count *= t.shape.back();
        }
        const auto& offsets = info["data_offsets"];
        if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_unsigned() ||
            !offsets[1].is_number_unsigned())
            fail("data_offsets must be [begin, end]");
        t.begin = offsets[0].get<std::uint64_t>();
        t.end = offsets[1].get<std::uint64_t>();
        if (t.begin > t.end || t.end > dataSize)
            fail("data_offsets [" + std::to_string(t.begin) + ", " + std::to_string(t.end) + "] lie outside the " +
                 std::to_string(dataSize) + " data bytes");
        if (t.end - t.begin != count * elementSize)
            fail("holds " + std::to_string(t.end - t.begin) + " bytes, but its shape needs " +
                 std::to_string(count * elementSize));
        const std::string name = rawName.rfind("transformer.", 0) == 0 ? rawName.substr(12) : rawName;
        const auto [at, added] = layout.tensors.try_emplace(name, std::move(t));
        if (!added) // "transformer.wte.weight" beside "wte.weight": which one the model reads is not known
            fail("names the same tensor as " + kvscope::quoteExcerpt(at->second.rawName, 120));
        spans.push_back(&at->second);
    }
    // The format requires the tensors' data to follow one another from the first data byte to
    // the last, with no gap and no overlap (safetensors' own loader refuses anything else, so that
    // a file cannot hide other content or alias two tensors).
    std::sort(spans.begin(), spans.end(),
              [](const TensorEntry* a, const TensorEntry* b) { return a->begin < b->begin; });
    std::uint64_t tiled = 0;
    for (std::size_t i = 0; i < spans.size(); ++i) {
        const TensorEntry& s = *spans[i];
        if (s.begin < tiled)
            throw Error(file + ": tensors " + kvscope::quoteExcerpt(spans[i - 1]->rawName, 120) + " and " +
                        kvscope::quoteExcerpt(s.rawName, 120) + " overlap (bytes " + std::to_string(s.begin) + " to " +
                        std::to_string(std::min(tiled, s.end)) + ")");
        if (s.begin > tiled)
            throw Error(file + ": " + std::to_string(s.begin - tiled) + " data bytes before tensor " +
                        kvscope::quoteExcerpt(s.rawName, 120) +
                        " belong to no tensor (the data must follow one another without gaps)");
        tiled = s.end;
    }
    if (tiled != dataSize)
        throw Error(file + ": " + std::to_string(dataSize - tiled) +
                    " data bytes after the last tensor belong to no tensor");

    const auto& tensors = layout.tensors;
    auto wteIt = tensors.find("wte.weight");
    auto wpeIt = tensors.find("wpe.weight");
    if (wteIt == tensors.end() || wteIt->second.shape.size() != 2)
        throw Error(file + ": missing tensor 'wte.weight' (vocab, width): not a GPT-2-layout file");
    if (wpeIt == tensors.end() || wpeIt->second.shape.size() != 2)
        throw Error(file + ": missing tensor 'wpe.weight' (positions, width)");
    GptConfig& c = layout.config;
    c.vocab = std::uint32_t(std::min<std::uint64_t>(wteIt->second.shape[0], UINT32_MAX));
    c.width = std::uint32_t(std::min<std::uint64_t>(wteIt->second.shape[1], UINT32_MAX));
    c.maxContext = std::uint32_t(std::min<std::uint64_t>(wpeIt->second.shape[0], UINT32_MAX));
    c.layers = 0;
    while (tensors.count("h." + std::to_string(c.layers) + ".ln_1.weight"))
        ++c.layers;
    c.heads = heads != 0 ? heads : std::max(1u, c.width / 64);
    c.kvHeads = c.heads; // GPT-2's c_attn is multi-head attention
    try {
        c.validate();
    } catch (const Error& e) {
        throw Error(file + ": " + e.what());
    }
    // Every tensor the model reads, in the shape it reads it.
    const std::uint64_t w = c.width;
    const auto expect = [&](const std::string& name, const std::vector<std::uint64_t>& shape) {
        auto it = tensors.find(name);
        if (it == tensors.end())
            throw Error(file + ": missing tensor '" + name + "'");
        if (it->second.shape != shape) {
            std::string expected, got;
            for (auto d : shape)
                expected += (expected.empty() ? "" : ", ") + std::to_string(d);
            for (auto d : it->second.shape)
                got += (got.empty() ? "" : ", ") + std::to_string(d);
            throw Error(file + ": tensor '" + name + "' has shape [" + got + "], expected [" + expected + "]");
        }
    };
    expect("wte.weight", {c.vocab, w});
    expect("wpe.weight", {c.maxContext, w});
    for (std::uint32_t i = 0; i < c.layers; ++i) {
        const std::string p = "h." + std::to_string(i) + ".";
        for (const char* n :
             {"ln_1.weight", "ln_1.bias", "attn.c_proj.bias", "ln_2.weight", "ln_2.bias", "mlp.c_proj.bias"})
            expect(p + n, {w});
        expect(p + "attn.c_attn.weight", {w, 3 * w});
        expect(p + "attn.c_attn.bias", {3 * w});
        expect(p + "attn.c_proj.weight", {w, w});
        expect(p + "mlp.c_fc.weight", {w, 4 * w});
        expect(p + "mlp.c_fc.bias", {4 * w});
        expect(p + "mlp.c_proj.weight", {4 * w, w});
    }
    expect("ln_f.weight", {w});
    expect("ln_f.bias", {w});
    return layout;
}

// One tensor's values as float, from the data section; refuses a NaN or an infinity. Only the
// tensors the model reads are converted (and so checked): a file's unused lm_head is not.
std::vector<float> tensorValues(const TensorEntry& t, std::string_view data, const std::string& file) {
    std::vector<float> values(std::size_t((t.end - t.begin) / (t.dtype == "F32" ? 4 : 2)));
    const char* src = data.data() + t.begin;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (t.dtype == "F32") {
            std::memcpy(&values[i], src + 4 * i, 4);
        } else {
            std::uint16_t h;
            std::memcpy(&h, src + 2 * i, 2);
            if (t.dtype == "F16") {
                values[i] = halfToFloat(h);
            } else {
                const std::uint32_t bits = std::uint32_t(h) << 16;
                std::memcpy(&values[i], &bits, 4);
            }
        }
    }
    // A NaN or an infinity in one weight turns every logit into NaN: refuse the file, naming
    // the tensor, rather than decode garbage (an all-NaN file was accepted without a word).
    const auto bad = std::find_if(values.begin(), values.end(), [](float v) { return !std::isfinite(v); });
    if (bad != values.end())
        badTensor(file, t.rawName,
                  "value " + std::to_string(bad - values.begin()) + " is " + (std::isnan(*bad) ? "NaN" : "infinite") +
                      ": not a finite number");
    return values;
}

GptWeights weightsFrom(const SafetensorsLayout& layout, std::string_view data, const std::string& file) {
    const auto take = [&](const std::string& name) { return tensorValues(layout.tensors.at(name), data, file); };
    GptWeights g;
    g.config = layout.config;
    g.wte = take("wte.weight");
    g.wpe = take("wpe.weight");
    for (std::uint32_t i = 0; i < g.config.layers; ++i) {
        const std::string p = "h." + std::to_string(i) + ".";
        GptWeights::Layer l;
        l.ln1Gain = take(p + "ln_1.weight");
        l.ln1Bias = take(p + "ln_1.bias");
        l.qkv = take(p + "attn.c_attn.weight");
        l.qkvBias = take(p + "attn.c_attn.bias");
        l.proj = take(p + "attn.c_proj.weight");
        l.projBias = take(p + "attn.c_proj.bias");
        l.ln2Gain = take(p + "ln_2.weight");
        l.ln2Bias = take(p + "ln_2.bias");
        l.fc = take(p + "mlp.c_fc.weight");
        l.fcBias = take(p + "mlp.c_fc.bias");
        l.fc2 = take(p + "mlp.c_proj.weight");
        l.fc2Bias = take(p + "mlp.c_proj.bias");
        g.layers.push_back(std::move(l));
    }
    g.lnfGain = take("ln_f.weight");
    g.lnfBias = take("ln_f.bias");
    return g;
}

} // namespace

GptWeights loadSafetensors(const std::filesystem::path& path, std::uint32_t heads) {
    // A regular file under the limit (a directory or /dev/zero was read for ever), and then the
    // header alone: a file that cannot be a model is refused before its data is read.
    const std::string file = kvscope::pathText(path);
    const std::uint64_t size = checkInputFile(path, kWeightsFileMaxBytes, "safetensors file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error(file + ": cannot open the safetensors file for reading");
    std::string head(8, '\0');
    in.read(head.data(), 8);
    head.resize(std::size_t(in.gcount()));
    const std::uint64_t headerSize = headerLength(head, size, file);
    std::string headerText(std::size_t(headerSize), '\0');
    in.read(headerText.data(), std::streamsize(headerSize));
    if (!in)
        throw Error(file + ": cannot read the safetensors header");
    const SafetensorsLayout layout = readLayout(headerText, size - 8 - headerSize, file, heads);
    std::string data(std::size_t(size - 8 - headerSize), '\0');
    in.read(data.data(), std::streamsize(data.size()));
    if (std::uint64_t(in.gcount()) != data.size())
        throw Error(file + ": the file shrank while it was read");
    return weightsFrom(layout, data, file);
}

GptWeights parseSafetensors(std::string_view bytes, const std::string& file, std::uint32_t heads) {
    const std::uint64_t headerSize = headerLength(bytes.substr(0, 8), bytes.size(), file);
    const std::string_view data = bytes.substr(8 + std::size_t(headerSize));
    return weightsFrom(readLayout(bytes.substr(8, std::size_t(headerSize)), data.size(), file, heads), data, file);
}

void saveSafetensors(const GptWeights& g, const std::filesystem::path& path) {
    const GptConfig& c = g.config;
    if (c.kvHeads != c.heads)
        throw Error(path.string() + ": GPT-2's layout stores multi-head attention only (kv-heads = heads)");
    std::vector<std::pair<std::string, std::pair<std::vector<std::uint64_t>, const std::vector<float>*>>> list;
    const std::uint64_t w = c.width;
    list.push_back({"wte.weight", {{c.vocab, w}, &g.wte}});
    list.push_back({"wpe.weight", {{c.maxContext, w}, &g.wpe}});
    for (std::uint32_t i = 0; i < c.layers; ++i) {
        const std::string p = "h." + std::to_string(i) + ".";
        const auto& l = g.layers[i];
        list.push_back({p + "ln_1.weight", {{w}, &l.ln1Gain}});
        list.push_back({p + "ln_1.bias", {{w}, &l.ln1Bias}});
        list.push_back({p + "attn.c_attn.weight", {{w, 3 * w}, &l.qkv}});
        list.push_back({p + "attn.c_attn.bias", {{3 * w}, &l.qkvBias}});
        list.push_back({p + "attn.c_proj.weight", {{w, w}, &l.proj}});
        list.push_back({p + "attn.c_proj.bias", {{w}, &l.projBias}});
        list.push_back({p + "ln_2.weight", {{w}, &l.ln2Gain}});
        list.push_back({p + "ln_2.bias", {{w}, &l.ln2Bias}});
        list.push_back({p + "mlp.c_fc.weight", {{w, 4 * w}, &l.fc}});
        list.push_back({p + "mlp.c_fc.bias", {{4 * w}, &l.fcBias}});
        list.push_back({p + "mlp.c_proj.weight", {{4 * w, w}, &l.fc2}});
        list.push_back({p + "mlp.c_proj.bias", {{w}, &l.fc2Bias}});
    }
    list.push_back({"ln_f.weight", {{w}, &g.lnfGain}});
    list.push_back({"ln_f.bias", {{w}, &g.lnfBias}});
    nlohmann::json header = nlohmann::json::object();
    header["__metadata__"] = {{"format", "pt"}, {"writer", "kvscope"}};
    std::uint64_t offset = 0;
    for (const auto& [name, tensor] : list) {
        const std::uint64_t size = tensor.second->size() * 4;
        header[name] = {{"dtype", "F32"}, {"shape", tensor.first}, {"data_offsets", {offset, offset + size}}};
        offset += size;
    }
    std::string text = header.dump();
    while (text.size() % 8 != 0)
        text += ' ';
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out)
        throw Error(path.string() + ": cannot write");
    const std::uint64_t n = text.size();
    for (int i = 0; i < 8; ++i)
        out.put(char((n >> (8 * i)) & 0xff));
    out.write(text.data(), std::streamsize(text.size()));
    for (const auto& [name, tensor] : list)
        out.write(reinterpret_cast<const char*>(tensor.second->data()), std::streamsize(tensor.second->size() * 4));
    if (!out)
        throw Error(path.string() + ": writing failed");
}

} // namespace kvscope::gpu
