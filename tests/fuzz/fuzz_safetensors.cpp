// Safetensors files for the decode core: the header (JSON), the shapes, the offsets, the data.
// The bytes go to the parser loadSafetensors hands a file's contents to (a scratch file per
// input had been a third of the run, in the kernel); tst_decode covers the reading.
#include "fuzzcommon.h"
#include "gptmodel.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors(
        [&] { (void)kvscope::gpu::parseSafetensors(kvscope::fuzz::text(data, size), "fuzz.safetensors"); });
    return 0;
}
