#pragma once

// Text the CLI's commands share beyond main.cpp: the size unit of the text output (--units),
// sizes in it, the KV formula and the parameter count's provenance, all in the --lang language.

#include "kvformula.h"
#include "memorymodel.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kvscope::cli {

class ArgParser;

// Parses a command's options and answers --help; true when the command should go on.
bool parseOrHelp(ArgParser& parser, const std::vector<std::string>& args);

// One JSON object on stdout, indented by two. Every string in it was made valid UTF-8 where it came
// in (core/text.h); should one slip through, its bad bytes print as U+FFFD rather than ending the
// command in an exception after its work is done.
void printJson(const nlohmann::json& j);

// "note: ..." lines: the CLI's own notes translated, core's shown as they are (--json keeps English).
void printNotes(const std::vector<std::string>& notes);

// How printTable lays a table out. Widths are in terminal columns (a Hangul syllable is two).
struct TableStyle {
    std::vector<std::size_t> minWidths; // per column: the English table's widths, so it reads as before
    std::size_t gap = 1;                // spaces between columns
    std::string indent;                 // before every line
    bool alignRight = true;             // columns after the first: right (figures) or left (sentences)

    // Built by chaining (no designated initializers: GCC's -Wmissing-field-initializers).
    static TableStyle withMinWidths(std::vector<std::size_t> widths) {
        TableStyle style;
        style.minWidths = std::move(widths);
        return style;
    }
    TableStyle spaced(std::size_t columns, std::string before = {}) const {
        TableStyle style = *this;
        style.gap = columns;
        style.indent = std::move(before);
        return style;
    }
    TableStyle leftAligned() const {
        TableStyle style = *this;
        style.alignRight = false;
        return style;
    }
};
// The first column left-aligned, each column as wide as its widest cell; no trailing spaces.
void printTable(const std::vector<std::vector<std::string>>& rows, const TableStyle& style = {});

// The unit of every size the text output shows (GiB unless --units gb); --json stays in bytes.
SizeUnit textUnit();
void setTextUnit(SizeUnit unit);
// Takes every --units (anywhere, like --lang) out of args and sets textUnit(); the last one wins.
// False, after saying why on stderr, when a value is not gib or gb.
bool takeUnitsOption(std::vector<std::string>& args);

// "8.00 GiB" / "8.59 GB" in textUnit().
std::string sizeText(std::uint64_t bytes, int decimals = 2);
// "128 KiB" / "131.07 kB": the largest unit of textUnit()'s family that keeps the value >= 1.
std::string sizeScaled(std::uint64_t bytes);
// "8.00 GiB (8,589,934,592 B, 8.59 GB)": textUnit() first, then the exact bytes and the other unit.
std::string sizeAndBytes(std::uint64_t bytes);
// "%.*f"
std::string fixedText(double value, int decimals);
// A time: "4.80 ms" below 10 ms, "16.6 ms" below a second, "1.25 s", "125 s" from 100 s.
std::string secondsText(double seconds);
// A rate in decimal units, as data sheets print them: "31.5 GB/s", "7.88 GB/s", "989.5 TFLOP/s".
std::string rateText(double perSecond, const char* unit);

// "2 x 32 x 8 x 4,096 x 8 x 128 x 2 B = 4.00 GiB", one product per term joined by " + ".
std::string kvFormulaText(const KvFormula& formula);
// {"bytes_per_element", "exact", "terms": [{"kv_factor", "layers", "batch", "tokens", "windowed",
// "kv_heads", "head_dim" (or "latent", "rope"), "bytes"}], "total_bytes"}
nlohmann::ordered_json kvFormulaJson(const KvFormula& formula);
// One line per term saying what S is when a window caps it (empty when none does), translated.
std::vector<std::string> kvFormulaNotes(const KvFormula& formula);

// "8,030,261,248 (published)", "(estimated from the shape)", "(set by hand)", and when the K/V
// projections were re-estimated for other KV heads, that too.
std::string paramsText(const ParameterBreakdown& params, std::uint32_t kvHeads);
// "estimated", "published" or "user" (for --json).
std::string paramsSourceKey(ParamsSource source);

} // namespace kvscope::cli
