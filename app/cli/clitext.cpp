#include "clitext.h"

#include "argparser.h"
#include "error.h"
#include "messages.h"

#include <cstdio>
#include <iostream>
#include <string_view>

namespace kvscope::cli {
namespace {
SizeUnit g_unit = SizeUnit::Binary;

// 2, 1, 0.5 or 0.5156: bytes of one element as the formula puts it in.
std::string bytesPerElementText(const KvFormula& f) {
    if (f.exact && f.elementBits % 8 == 0)
        return std::to_string(f.elementBits / 8);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", f.bytesPerElement);
    return buffer;
}
} // namespace

SizeUnit textUnit() {
    return g_unit;
}

void setTextUnit(SizeUnit unit) {
    g_unit = unit;
}

bool takeUnitsOption(std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size();) {
        const std::string_view arg = args[i];
        std::string value;
        if (arg == "--units") {
            const bool hasValue = i + 1 < args.size() && !std::string_view(args[i + 1]).starts_with("--");
            value = hasValue ? args[i + 1] : std::string();
            args.erase(args.begin() + std::ptrdiff_t(i), args.begin() + std::ptrdiff_t(i + (hasValue ? 2 : 1)));
        } else if (arg.starts_with("--units=")) {
            value = std::string(arg.substr(8));
            args.erase(args.begin() + std::ptrdiff_t(i));
        } else {
            ++i;
            continue;
        }
        try {
            setTextUnit(parseSizeUnit(value, "--units"));
        } catch (const Error&) {
            std::cerr << "kvscope-cli: " << tr("--units expects gib or gb, got '%1'", {value}) << '\n';
            return false;
        }
    }
    return true;
}

std::string fixedText(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string secondsText(double seconds) {
    return seconds < 1.0 ? fixedText(1000 * seconds, seconds < 0.01 ? 2 : 1) + " ms"
                         : fixedText(seconds, seconds < 100 ? 2 : 0) + " s";
}

std::string rateText(double perSecond, const char* unit) {
    const char* prefixes[] = {"", "k", "M", "G", "T", "P"};
    int i = 0;
    while (perSecond >= 1000.0 && i < 5) {
        perSecond /= 1000.0;
        ++i;
    }
    return fixedText(perSecond, perSecond < 10 ? 2 : 1) + " " + prefixes[i] + unit;
}

std::string sizeText(std::uint64_t bytes, int decimals) {
    return formatBytesIn(bytes, g_unit, decimals);
}

std::string sizeScaled(std::uint64_t bytes) {
    return formatBytesScaled(bytes, g_unit);
}

std::string sizeAndBytes(std::uint64_t bytes) {
    const SizeUnit other = g_unit == SizeUnit::Binary ? SizeUnit::Decimal : SizeUnit::Binary;
    return formatBytesIn(bytes, g_unit) + " (" + groupThousands(bytes) + " B, " + formatBytesIn(bytes, other) + ")";
}

std::string kvFormulaText(const KvFormula& f) {
    const std::string bytes = bytesPerElementText(f) + " B";
    std::string out;
    for (const KvFormulaTerm& t : f.terms) {
        if (!out.empty())
            out += " + ";
        if (f.mla && f.indexer) // the indexer's key is in bytes already: FP8 with its scales
            out += std::to_string(t.layers) + " x " + groupThousands(t.batch) + " x " + groupThousands(t.tokens) +
                   " x ((" + std::to_string(t.latent) + " + " + std::to_string(t.rope) + ") x " + bytes + " + " +
                   std::to_string(t.indexerBytes) + " B)";
        else if (f.mla)
            out += std::to_string(t.layers) + " x " + groupThousands(t.batch) + " x " + groupThousands(t.tokens) +
                   " x (" + std::to_string(t.latent) + " + " + std::to_string(t.rope) + ") x " + bytes;
        else if (t.vHeadDim != 0)
            out += std::to_string(t.layers) + " x " + groupThousands(t.batch) + " x " + groupThousands(t.tokens) +
                   " x " + std::to_string(t.kvHeads) + " x (" + std::to_string(t.headDim) + " + " +
                   std::to_string(t.vHeadDim) + ") x " + bytes;
        else
            out += "2 x " + std::to_string(t.layers) + " x " + groupThousands(t.batch) + " x " +
                   groupThousands(t.tokens) + " x " + std::to_string(t.kvHeads) + " x " + std::to_string(t.headDim) +
                   " x " + bytes;
    }
    if (f.terms.size() > 1) {
        out += " = ";
        for (std::size_t i = 0; i < f.terms.size(); ++i)
            out += (i ? " + " : "") + sizeText(f.terms[i].bytes);
    }
    return out + " = " + sizeText(f.totalBytes);
}

nlohmann::ordered_json kvFormulaJson(const KvFormula& f) {
    nlohmann::ordered_json j;
    j["bytes_per_element"] = f.bytesPerElement;
    j["exact"] = f.exact;
    j["terms"] = nlohmann::ordered_json::array();
    for (const KvFormulaTerm& t : f.terms) {
        nlohmann::ordered_json term{{"kv_factor", t.kvFactor}, {"layers", t.layers},
                                    {"batch", t.batch},        {"tokens", t.tokens},
                                    {"windowed", t.windowed},  {"layer_kind", t.windowedKind ? "windowed" : "full"}};
        if (f.mla) {
            term["latent"] = t.latent;
            term["rope"] = t.rope;
            if (f.indexer)
                term["indexer_key_bytes"] = t.indexerBytes;
        } else {
            term["kv_heads"] = t.kvHeads;
            term["head_dim"] = t.headDim;
            if (t.vHeadDim != 0)
                term["v_head_dim"] = t.vHeadDim;
        }
        term["bytes"] = t.bytes;
        j["terms"].push_back(term);
    }
    j["total_bytes"] = f.totalBytes;
    return j;
}

std::vector<std::string> kvFormulaNotes(const KvFormula& f) {
    std::vector<std::string> out;
    if (f.indexer && !f.terms.empty())
        out.push_back(tr("+ %1 B per token per layer: the sparse-attention indexer's key (FP8, one FP32 scale per 128 "
                         "values), whatever the KV dtype",
                         {std::to_string(f.terms.front().indexerBytes)}));
    for (const KvFormulaTerm& t : f.terms)
        if (t.windowed)
            out.push_back(tr("S = %1 on %2 layers: the sliding window caps the %3-token context",
                             {groupThousands(t.tokens), std::to_string(t.layers), groupThousands(f.context)}));
    return out;
}

std::string paramsText(const ParameterBreakdown& p, std::uint32_t kvHeads) {
    std::string count = groupThousands(p.total);
    if (p.kvAdjusted)
        return p.source == ParamsSource::UserSet ? tr("%1 (set by hand, K/V projections re-estimated for %2 KV heads)",
                                                      {count, std::to_string(kvHeads)})
                                                 : tr("%1 (published, K/V projections re-estimated for %2 KV heads)",
                                                      {count, std::to_string(kvHeads)});
    switch (p.source) {
    case ParamsSource::Estimated:
        return tr("%1 (estimated from the shape)", {count});
    case ParamsSource::Published:
        return tr("%1 (published)", {count});
    case ParamsSource::UserSet:
        return tr("%1 (set by hand)", {count});
    }
    return count;
}

std::string paramsSourceKey(ParamsSource source) {
    switch (source) {
    case ParamsSource::Estimated:
        return "estimated";
    case ParamsSource::Published:
        return "published";
    case ParamsSource::UserSet:
        return "user";
    }
    return "estimated";
}

bool parseOrHelp(ArgParser& parser, const std::vector<std::string>& args) {
    parser.parse(args);
    if (!parser.has("help"))
        return true;
    std::cout << parser.help();
    return false;
}

void printJson(const nlohmann::json& j) {
    std::cout << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void printNotes(const std::vector<std::string>& notes) {
    for (const auto& note : notes)
        std::cout << tr("note: %1", {translateKnown(note)}) << '\n';
}

void printTable(const std::vector<std::vector<std::string>>& rows, const TableStyle& style) {
    std::vector<std::size_t> widths = style.minWidths;
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) {
            if (c >= widths.size())
                widths.push_back(0);
            widths[c] = std::max(widths[c], displayWidth(row[c]));
        }
    const std::string gap(style.gap, ' ');
    for (const auto& row : rows) {
        std::string line = style.indent;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const std::string padding(widths[c] - displayWidth(row[c]), ' ');
            if (c == 0)
                line += row[c] + padding;
            else
                line.append(gap)
                    .append(style.alignRight ? padding : row[c])
                    .append(style.alignRight ? row[c] : padding);
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        std::cout << line << '\n';
    }
}

} // namespace kvscope::cli
