// Safetensors files for the decode core: the header (JSON), the shapes, the offsets.
// loadSafetensors reads a path, so each input goes through one scratch file.
#include "fuzzcommon.h"
#include "gptmodel.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path scratch =
        std::filesystem::temp_directory_path() / ("kvscope-fuzz-" + std::to_string(::getpid()) + ".safetensors");
    {
        std::ofstream out(scratch, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    kvscope::fuzz::expectOnlyErrors([&] { (void)kvscope::gpu::loadSafetensors(scratch); });
    return 0;
}
