#pragma once
// The command line every benchmark shares: --help prints what the bench measures and how long
// it takes, --quick asks for a shorter run, anything else is an error (exit 2) rather than a
// flag silently ignored on the way into a minutes-long run.
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace kvscope::bench {

struct BenchArgs {
    bool quick = false;
    bool gpuOnly = false; // bench_decode only
};

// `about` is the bench's first help paragraph; `quickMeans` says what --quick changes.
// `allowGpuOnly` accepts bench_decode's --gpu-only.
inline BenchArgs parseBenchArgs(int argc, char** argv, const char* about, const char* quickMeans,
                                bool allowGpuOnly = false) {
    BenchArgs args;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--help" || a == "-h") {
            std::printf("Usage: %s [--quick]%s\n\n%s\n\nOptions:\n  --help      show this help and exit\n"
                        "  --quick     %s\n",
                        argv[0], allowGpuOnly ? " [--gpu-only]" : "", about, quickMeans);
            if (allowGpuOnly)
                std::printf("  --gpu-only  only the GPU section (exit 1 when no CUDA device answers)\n");
            std::printf("\nFigures are printed with their targets (MET or MISSED); a bench never fails on a "
                        "missed target.\n");
            std::exit(0);
        }
        if (a == "--quick")
            args.quick = true;
        else if (allowGpuOnly && a == "--gpu-only")
            args.gpuOnly = true;
        else {
            std::fprintf(stderr, "%s: unknown argument '%s' (try --help)\n", argv[0], argv[i]);
            std::exit(2);
        }
    }
    return args;
}

} // namespace kvscope::bench
