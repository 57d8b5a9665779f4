#pragma once

#include <string>
#include <string_view>

namespace kvscope {

// What a file a person hands the window holds, told from its content, never its name: File > Open and a
// drop take any of these.
enum class InputKind {
    Scenario,    // a KV Scope scenario ("format": "kvscope-scenario")
    Lessons,     // a KV Scope lesson file ("format": "kvscope-lessons")
    ModelConfig, // a Hugging Face config.json (a JSON object with a model's keys)
    Trace,       // a request trace: CSV with a prompt_len,output_len header, or JSON Lines of requests
    ServerLog,   // a server's start-up log (vLLM, SGLang, llama.cpp, ollama)
    Unknown,     // none of these
};

// `head` is the file's beginning (a few KiB is enough; more is not read).
InputKind detectInputKind(std::string_view head);

} // namespace kvscope
