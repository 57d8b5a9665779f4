// Lesson files: the strict kvscope-lessons format, and the text each lesson renders.
#include "fuzzcommon.h"
#include "lesson.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    kvscope::fuzz::expectOnlyErrors([&] {
        const kvscope::LessonSet set = kvscope::parseLessonSet(kvscope::fuzz::text(data, size), "fuzz.json");
        (void)set;
    });
    return 0;
}
