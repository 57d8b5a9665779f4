#include "inputkind.h"

#include <array>
#include <string>

namespace kvscope {
namespace {

bool contains(std::string_view text, std::string_view needle) {
    return text.find(needle) != std::string_view::npos;
}

// A "format": "<name>" pair, the way KV Scope's own files name themselves (whitespace allowed around ':').
bool namesFormat(std::string_view text, std::string_view name) {
    for (std::size_t at = text.find("\"format\""); at != std::string_view::npos; at = text.find("\"format\"", at + 1)) {
        std::size_t i = at + 8;
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
            ++i;
        if (i >= text.size() || text[i] != ':')
            continue;
        ++i;
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
            ++i;
        if (text.substr(i, name.size() + 2) == "\"" + std::string(name) + "\"")
            return true;
    }
    return false;
}

// The first line that is not blank and not a '#' comment (parseTrace skips both).
std::string_view firstLine(std::string_view text) {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        const std::size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos && line[first] != '#')
            return line.substr(first);
        start = end + 1;
    }
    return {};
}

} // namespace

InputKind detectInputKind(std::string_view head) {
    if (head.substr(0, 3) == "\xEF\xBB\xBF") // a UTF-8 byte-order mark
        head.remove_prefix(3);
    const std::string_view line = firstLine(head);
    // A trace's CSV header, or its JSON Lines: one request object on the first line.
    if (line.substr(0, 10) == "prompt_len" ||
        (!line.empty() && line.front() == '{' && contains(line, "\"prompt_len\"") && contains(line, "\"output_len\"")))
        return InputKind::Trace;
    if (!line.empty() && line.front() == '{') {
        // KV Scope's own files name their format; a config is known by the keys every family's config has.
        if (namesFormat(head, "kvscope-scenario"))
            return InputKind::Scenario;
        if (namesFormat(head, "kvscope-lessons"))
            return InputKind::Lessons;
        static constexpr std::array<std::string_view, 9> kConfigKeys{
            "\"model_type\"",  "\"architectures\"", "\"num_hidden_layers\"", "\"n_layer\"", "\"num_layers\"",
            "\"hidden_size\"", "\"text_config\"",   "\"d_model\"",           "\"n_embd\""};
        for (std::string_view key : kConfigKeys)
            if (contains(head, key))
                return InputKind::ModelConfig;
        return InputKind::Unknown;
    }
    // Start-up logs, by the words their engines print (core/serverlog.cpp quotes each format).
    static constexpr std::array<std::string_view, 12> kLogMarks{
        "vllm",           "vLLM",          "sglang",   "SGLang",     "llama_model_loader",   "llm_load_",
        "llama_kv_cache", "llama_context", "KV cache", "GPU blocks", "max_total_num_tokens", "ollama"};
    for (std::string_view mark : kLogMarks)
        if (contains(head, mark))
            return InputKind::ServerLog;
    return InputKind::Unknown;
}

} // namespace kvscope
