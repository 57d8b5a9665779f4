// The command line of kvscope-cli's scenario commands: the input is split at NUL bytes into
// arguments, parsed like `estimate` parses them, and the scenario they describe is estimated.
#include "argparser.h"
#include "fuzzcommon.h"
#include "scenariooptions.h"

#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> args;
    std::string current;
    for (char c : kvscope::fuzz::text(data, size)) {
        if (c == '\0') {
            args.push_back(current);
            current.clear();
        } else {
            current += c;
        }
    }
    args.push_back(current);
    kvscope::fuzz::expectOnlyErrors([&] {
        kvscope::cli::ArgParser parser("estimate", "fuzz");
        kvscope::cli::addScenarioOptions(parser);
        parser.addOption("max-model-len", "TOKENS", "");
        parser.addFlag("json", "");
        parser.parse(args);
        std::vector<std::string> notes;
        const kvscope::Scenario scenario = kvscope::cli::scenarioFromOptions(parser, notes);
        (void)kvscope::estimate(scenario);
        (void)kvscope::capacity(scenario);
    });
    return 0;
}
